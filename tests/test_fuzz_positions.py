"""Bad input never costs a save and never escapes as a raw exception (a property test, hypothesis).

For every game: hand-made positions (a real position taken from a seeded game, then mutated: wrong
types, huge and negative numbers, unknown keys, odd strings, nested lists, missing fields) and save
files (a real save, mutated as JSON or as text, and random bytes) either raise a clean
``KitchenlabError``, or give a state whose save round-trips (``load_state(s.to_json()) == s``) and
that goes on identically after loading (the same legal moves; the first one gives equal states).
A game without ``from_position`` has its saves fuzzed only.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kitchenlab
from kitchenlab import KitchenlabError, load_state
from kitchenlab.engine import Rng, load_hook

GAMES = kitchenlab.available_games()
FUZZ = settings(max_examples=100, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------- real positions of seeded games


def position_reader(game: str):
    """``(read, phases)``: the function reading a position off a state that the game's
    ``test_settings["position_of"]`` names, and the phases a position can be set up in (any, if the
    game names none)."""
    settings_ = kitchenlab.game_info(game).test_settings
    if "position_of" not in settings_:
        raise AssertionError(f"{game} has from_position but its GameInfo.test_settings names no "
                             "'position_of' (\"module:function\" reading a position off a state)")
    return load_hook(settings_["position_of"], f"{game} position_of"), settings_.get("position_phases")


POSITION_GAMES = [g for g in GAMES if kitchenlab.game_info(g).from_position is not None]


def seeded_game(game: str, steps: int = 30, seed: int = 11):
    """A seeded game of random moves, ``steps`` moves in (or fewer, if it ends first)."""
    s = kitchenlab.new_game(game, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        legal = s.legal_actions()
        s = s.apply(legal[rng.randbelow(len(legal))])
    return s


def real_position(game: str) -> tuple[int, dict]:
    """``(players, position)``: a position read off a seeded game, which builds a valid state."""
    read, phases = position_reader(game)
    info = kitchenlab.game_info(game)
    for seed in range(40):
        s = kitchenlab.new_game(game, seed=seed)
        rng = Rng(seed)
        for _ in range(1 + seed % 17):
            if s.is_over:
                break
            s = s.apply(s.legal_actions()[rng.randbelow(len(s.legal_actions()))])
        if not s.is_over and (phases is None or s.phase in phases):
            position = read(s)
            info.position(s.players, seed, copy.deepcopy(position))     # it must build
            return s.players, position
    raise AssertionError(f"{game}: no seeded game reached a phase a position can be set up in")


# ---------------------------------------------------------------- mutations


ODD = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([-1, 0, 1, 7, 2**63, 2**64, -(2**64), 10**30, 10**5000]),
    st.sampled_from(["", "zz", "M٣", "M2/", "P2/P", "egg", "2", "+1", "\x00", "x" * 500, "turn", "Pizza"]),
    st.text(max_size=6),
    st.sampled_from([[], [[]], [[[[[[1]]]]]], {}, {"a": 1}, [None], [0] * 300, ["M2"] * 200]),
)


def _paths(value, path=()):
    """Every place in a JSON-like value (the value itself first)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _set(root, path, new):
    if not path:
        return new
    node = root
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return root


@st.composite
def mutated(draw, base):
    """``base`` (a JSON-like dict) with one to three of its places replaced, removed or grown."""
    value = copy.deepcopy(base)
    for _ in range(draw(st.integers(0, 3))):
        paths = list(_paths(value))
        path = draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths))
        how = draw(st.sampled_from(["replace", "replace", "drop", "duplicate", "unknown key", "wrap",
                                    "sibling", "sibling", "nudge", "reverse"]))
        node = value
        for key in path[:-1]:
            node = node[key]
        old = node[path[-1]] if path else value
        if how == "sibling" and path:          # a value found elsewhere in the position: often still valid
            others = [p for p in paths if p and p != path]
            if others:
                got = value
                for key in draw(st.sampled_from(others)):
                    got = got[key]
                value = _set(value, path, copy.deepcopy(got))
        elif how == "nudge" and path and isinstance(old, int) and not isinstance(old, bool):
            value = _set(value, path, old + draw(st.sampled_from([-1, 1, 2])))
        elif how == "reverse" and isinstance(old, list):
            old.reverse()
        elif how in ("sibling", "nudge", "reverse"):
            continue
        elif how == "replace" or not path:
            value = _set(value, path, copy.deepcopy(draw(ODD)))
        elif how == "drop":
            del node[path[-1]]
        elif how == "duplicate" and isinstance(node, list):
            node.insert(path[-1], copy.deepcopy(node[path[-1]]))
        elif how == "unknown key" and isinstance(node, dict):
            node[draw(st.sampled_from(["spoons", "", "Hands", "deck "]))] = copy.deepcopy(draw(ODD))
        else:
            value = _set(value, path, [copy.deepcopy(node[path[-1]])])
        if not isinstance(value, dict):
            break
    return value


# ---------------------------------------------------------------- the property


def _round_trips(state) -> None:
    """The state's save loads back equal, and the two go on identically."""
    text = state.to_json()
    again = load_state(text)
    assert again == state and again.to_json() == text
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
    if state.legal_actions():
        first = str(state.legal_actions()[0])
        assert again.apply(first) == state.apply(first)


def _build(game: str, players: int, position):
    try:
        return kitchenlab.game_info(game).position(players, 3, position)
    except KitchenlabError:
        return None


@pytest.mark.parametrize("game", POSITION_GAMES)
def test_fuzzed_positions_build_a_state_that_saves_or_raise_a_kitchenlab_error(game):
    players, base = real_position(game)

    @FUZZ
    @given(position=mutated(base))
    def check(position):
        given_copy = copy.deepcopy(position)
        state = _build(game, players, position)
        if state is None:
            return
        saved = state.to_json()
        # the caller's dict is the caller's: editing it afterwards changes neither the state nor its save
        for path in list(_paths(position))[1:]:
            node = position
            for key in path[:-1]:
                node = node[key]
            if isinstance(node, list):
                node.append("edited")
            elif isinstance(node, dict):
                node["edited"] = 1
        assert state.to_json() == saved
        assert json.loads(saved).get("position") == {k: v for k, v in json.loads(json.dumps(given_copy)).items()}
        _round_trips(state)

    check()


def _real_saves(game: str) -> list[str]:
    saves = [seeded_game(game, steps=25).to_json()]
    if game in POSITION_GAMES:
        players, position = real_position(game)
        s = kitchenlab.game_info(game).position(players, 3, position)
        saves.append(s.apply(s.legal_actions()[0]).to_json())
    return saves


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_saves_load_a_state_that_round_trips_or_raise_a_kitchenlab_error(game):
    saves = [json.loads(t) for t in _real_saves(game)]

    @FUZZ
    @given(which=st.integers(0, len(saves) - 1), data=st.data())
    def check(which, data):
        save = data.draw(mutated(saves[which]))
        try:
            text = json.dumps(save)
        except (TypeError, ValueError):       # a number too long to write: not a save anyone has
            return
        try:
            state = load_state(text)
        except KitchenlabError:
            return
        _round_trips(state)

    check()


@pytest.mark.parametrize("game", GAMES)
def test_damaged_save_text_and_random_bytes_raise_a_kitchenlab_error_or_load(game):
    text = _real_saves(game)[0]

    @FUZZ
    @given(cut=st.integers(0, len(text)), span=st.integers(0, 12), junk=st.text(max_size=8),
           noise=st.binary(max_size=64), as_bytes=st.booleans())
    def check(cut, span, junk, noise, as_bytes):
        for damaged in (text[:cut] + junk + text[cut + span:], noise, text.encode()[:cut] + noise):
            if as_bytes and isinstance(damaged, str):
                damaged = damaged.encode()
            try:
                state = load_state(damaged)
            except KitchenlabError:
                continue
            _round_trips(state)

    check()


@pytest.mark.parametrize("bad", [
    "[" * 100_000, "{\"a\": " * 50_000, b"\xff\xfe\x00", "{\"seed\": " + "9" * 5000 + "}", "[1e999]", "NaN",
    "[-Infinity]", 12, None, b"", "\"just a string\"",
])
def test_hostile_save_texts_raise_a_save_file_error(bad):
    with pytest.raises(kitchenlab.SaveFileError):
        load_state(bad)


@pytest.mark.parametrize("game", GAMES)
def test_seeds_are_bounded_to_what_a_save_holds(game):
    text = kitchenlab.new_game(game, seed=2**64 - 1).to_json()
    assert load_state(text.encode()).seed == 2**64 - 1
    for seed in (-1, 2**64, 10**5000):
        with pytest.raises(kitchenlab.OptionError, match=r"0 <= seed < 2\*\*64"):
            kitchenlab.new_game(game, seed=seed)
    with pytest.raises(kitchenlab.SaveFileError, match="seed"):
        load_state(text.replace(f"\"seed\": {2**64 - 1}", f"\"seed\": {2**64}"))
