"""The shared game API, checked the same way for every game of the registry and every allowed
player count.
"""

from __future__ import annotations

import json
import random

import pytest

import kitchenlab
from kitchenlab import IllegalActionError, SaveFileError
from kitchenlab.engine import Rng


def playouts(game: str) -> int:
    """Seeded random games per player count: the game's ``test_settings["playouts"]`` (scaled to
    the game's length, hundreds of games per game in all)."""
    n = kitchenlab.game_info(game).test_settings.get("playouts")
    assert isinstance(n, int) and n > 0, f"{game}: its GameInfo declares no test_settings['playouts'] (a number of games)"
    return n


def _cases():
    for game in kitchenlab.available_games():
        for n in kitchenlab.player_counts(game):
            yield pytest.param(game, n, id=f"{game}-{n}p")


CASES = list(_cases())


def snapshot(state) -> tuple:
    """Everything observable about a state, to check that apply() leaves it as it was."""
    return (
        state.to_json(),
        state.log,
        state.current_player,
        tuple(str(a) for a in state.legal_actions()),
        json.dumps([state.view(p) for p in range(state.players)], sort_keys=True, default=str),
        tuple(state.scores()),
    )


def random_playout(game, players, seed, *, check_every=False):
    """Play a seeded random game; return the list of states visited."""
    state = kitchenlab.new_game(game, players=players, seed=seed)
    rng = Rng(seed + 99)
    states = [state]
    bound = kitchenlab.game_info(game).max_steps
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"{game} seed {seed}: no legal action at step {state.steps} but the game is not over"
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts), f"duplicate action texts: {texts}"
        assert state.current_player in range(players)
        action = rng.choice(legal)
        if check_every:
            before = snapshot(state)
            state_after = state.apply(action)
            assert snapshot(state) == before, "apply changed the state it was called on"
            state = state_after
        else:
            state = state.apply(action)
        states.append(state)
        assert state.steps <= bound, f"{game} seed {seed} did not end within {bound} steps"
    return states


@pytest.mark.parametrize("game,players", CASES)
def test_random_playouts_follow_the_api(game, players):
    for seed in range(playouts(game)):
        states = random_playout(game, players, seed, check_every=(seed < 3))
        final = states[-1]
        assert final.is_over and final.current_player is None
        assert final.legal_actions() == []
        scores = final.scores()
        winners = final.winners()
        assert len(scores) == players
        assert set(winners) <= set(range(players))
        if not winners:   # only a solo game can be lost to the automated opponent
            assert players == 1 and final.rival_stars >= scores[0]
            continue
        best = max(scores)
        assert all(scores[w] == best for w in winners), f"winners {winners} do not have the best score {scores}"
        assert len(final.history) == final.steps == len(states) - 1
        assert all(isinstance(line, str) and line for line in final.log)


@pytest.mark.parametrize("game,players", CASES)
def test_save_round_trips_and_continues_identically(game, players):
    rng = Rng(players * 31 + 5)
    for seed in range(3):
        states = random_playout(game, players, 1000 + seed)
        for i in sorted({0, len(states) - 1, *(rng.randbelow(len(states)) for _ in range(3))}):
            s = states[i]
            text = s.to_json()
            json.loads(text)  # plain JSON
            loaded = kitchenlab.load_state(text)
            assert loaded == s and loaded.to_json() == text and loaded.log == s.log
            # the loaded game continues exactly as the original did
            a, b = s, loaded
            for later in states[i + 1: i + 6]:
                action = later.history[-1]
                a, b = a.apply(str(action)), b.apply(str(action))
                assert a.to_json() == b.to_json() == later.to_json()
                assert a.log == later.log


@pytest.mark.parametrize("game,players", CASES)
def test_same_seed_same_game_whatever_global_random_does(game, players):
    random.seed(1)
    first = random_playout(game, players, 77)[-1]
    random.seed(2)
    random.random()
    second = random_playout(game, players, 77)[-1]
    assert first.history == second.history and first.log == second.log
    other = random_playout(game, players, 78)[-1]
    assert other.log != first.log, "different seeds should deal different games"


@pytest.mark.parametrize("game,players", CASES)
def test_illegal_action_raises_names_legal_and_changes_nothing(game, players):
    state = kitchenlab.new_game(game, players=players, seed=5)
    rng = Rng(5)
    for _ in range(7):
        state = state.apply(rng.choice(state.legal_actions()))
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply("juggle the soup pot")
    assert isinstance(err.value, ValueError)
    message = str(err.value)
    assert "juggle the soup pot" in message
    assert str(state.legal_actions()[0]) in message
    assert snapshot(state) == before
    # an action legal elsewhere but not here is refused too
    final = random_playout(game, players, 5)[-1]
    with pytest.raises(IllegalActionError):
        final.apply(state.legal_actions()[0])


@pytest.mark.parametrize("game,players", CASES)
def test_damaged_save_files_give_clear_errors(game, players):
    state = kitchenlab.new_game(game, players=players, seed=3)
    rng = Rng(3)
    for _ in range(5):
        state = state.apply(rng.choice(state.legal_actions()))
    good = json.loads(state.to_json())

    def damaged(**changes):
        d = dict(good)
        for k, v in changes.items():
            if v is None:
                d.pop(k)
            else:
                d[k] = v
        return json.dumps(d)

    cases = [
        ("{not json", "not valid JSON"),
        (json.dumps([1, 2]), "JSON object"),
        (damaged(game=None), "'game'"),
        (damaged(players="four"), "'players'"),
        (damaged(game="poker"), "poker"),
        (damaged(history=good["history"][:-1] + ["eat the table"]), "history[4]"),
        (damaged(history=good["history"][:3] + [7]), "history[3]"),
        (damaged(check={"steps": 99, "rng": good["check"]["rng"]}), "check.steps"),
        (damaged(options={"no_such_option": 1}), "no_such_option"),
    ]
    for text, expected in cases:
        with pytest.raises(SaveFileError) as err:
            kitchenlab.load_state(text)
        assert expected in str(err.value), (expected, str(err.value))


def test_unknown_game_and_bad_player_counts_list_what_is_allowed():
    with pytest.raises(kitchenlab.UnknownGameError) as err:
        kitchenlab.new_game("tempura", players=3)
    assert "tem_purr_a" in str(err.value)
    for game in kitchenlab.available_games():
        allowed = kitchenlab.player_counts(game)
        bad = max(allowed) + 1
        with pytest.raises(kitchenlab.OptionError) as err:
            kitchenlab.new_game(game, players=bad)
        assert str(bad) in str(err.value) and str(max(allowed)) in str(err.value)
        with pytest.raises(kitchenlab.OptionError) as err:
            kitchenlab.new_game(game, players=min(allowed), flavour="spicy")
        assert "flavour" in str(err.value)
        with pytest.raises(kitchenlab.OptionError):
            kitchenlab.new_game(game, players=min(allowed), seed="seven")


def test_every_option_rejects_an_ill_typed_value():
    for game in kitchenlab.available_games():
        n = kitchenlab.game_info(game).default_players
        for opt in kitchenlab.options(game):
            with pytest.raises(kitchenlab.OptionError) as err:
                kitchenlab.new_game(game, players=n, **{opt.name: object()})
            assert opt.name in str(err.value)


def test_import_stays_light():
    import subprocess
    import sys

    code = ("import sys, kitchenlab; heavy = [m for m in ('plotly', 'pandas', 'ipywidgets', 'networkx') "
            "if m in sys.modules]; print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


# ---------------------------------------------------------------- the declared contract


def _midgame(game, players, seed, steps):
    state = kitchenlab.new_game(game, players=players, seed=seed)
    rng = Rng(seed + 7)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _dump(view) -> str:
    return json.dumps(view, sort_keys=True, default=str)


@pytest.mark.parametrize("game,players", CASES)
def test_view_checks_the_seat_and_shares_one_header(game, players):
    state = _midgame(game, players, 11, 9)
    for bad in (-1, players, 7 if players < 7 else 8, True, False, "x", 1.0):
        with pytest.raises(kitchenlab.SeatError) as err:
            state.view(bad)
        assert isinstance(err.value, kitchenlab.KitchenlabError)
        message = str(err.value)
        assert repr(bad) in message and f"0..{players - 1}" in message or (players == 1 and "seats: 0" in message)
    for seat in list(range(players)) + [None]:
        v = state.view(seat)
        assert (v["game"], v["seat"], v["round"], v["to_act"], v["over"]) == (
            game, seat, state.round, state.current_player, False)
        assert "result" not in v
        json.dumps(v, default=str)
    final = random_playout(game, players, 11)[-1]
    v = final.view(None)
    assert v["over"] is True and v["to_act"] is None
    assert v["result"] == {"scores": list(final.scores()), "winners": list(final.winners())}


@pytest.mark.parametrize("game,players", CASES)
def test_public_view_shows_no_more_than_any_seat(game, players):
    """Whatever the public view shows, every seat sees too (a spectator knows no secret)."""
    for steps in (0, 5, 25):
        state = _midgame(game, players, 21, steps)
        public = state.view(None)
        for seat in range(players):
            mine = state.view(seat)
            for key, value in public.items():
                if key == "seat":
                    continue
                assert key in mine, f"{game}: the public view shows {key!r} but seat {seat}'s does not"
                if value is not None and mine[key] is not None and not isinstance(value, (dict, list)):
                    assert value == mine[key], f"{game}: {key!r} differs between the public view and seat {seat}"


@pytest.mark.parametrize("game,players", CASES)
def test_determinize_keeps_what_the_seat_saw_and_redeals_the_rest(game, players):
    for steps in (0, 6, 30):
        state = _midgame(game, players, 31 + steps, steps)
        if state.is_over:
            continue
        seat = state.current_player
        own, public = _dump(state.view(seat)), _dump(state.view(None))
        futures = set()
        for seed in range(6):
            d = state.determinize(seat, seed)
            assert d is not state and type(d) is type(state)
            assert _dump(d.view(seat)) == own, f"{game}: determinize changed what seat {seat} sees"
            assert _dump(d.view(None)) == public, f"{game}: determinize changed the public view"
            assert [str(a) for a in d.legal_actions()] == [str(a) for a in state.legal_actions()]
            assert _dump(state.view(seat)) == own   # the real state is untouched
            # play goes on from the sample under the normal rules, to the end
            rng = Rng(5)
            s = d
            while not s.is_over:
                s = s.apply(rng.choice(s.legal_actions()))
                assert s.steps <= kitchenlab.game_info(game).max_steps
            futures.add(s.log[len(d.log):])
            with pytest.raises(SaveFileError):
                d.to_json()
        assert len(futures) > 1, f"{game}: six determinizations all led to the same future"
    with pytest.raises(kitchenlab.SeatError):
        state.determinize(players, 0)
    with pytest.raises(kitchenlab.OptionError):
        state.determinize(seat, "seed")


@pytest.mark.parametrize("game", [c.values[0] for c in CASES if c.values[1] is not None and
                                  c.values[1] == kitchenlab.game_info(c.values[0]).default_players])
def test_game_info_is_complete_and_is_what_callers_read(game):
    info = kitchenlab.game_info(game)
    assert info is kitchenlab.game_info(game)
    assert info.name == game and isinstance(info.title, str) and info.title and info.summary
    assert info.default_players in info.players == kitchenlab.player_counts(game)
    assert info.options == kitchenlab.options(game)
    assert isinstance(info.max_steps, int) and info.max_steps > 0
    with pytest.raises(TypeError):
        info.bots["mine"] = None            # the bot table is read-only
    with pytest.raises(AttributeError):
        info.title = "other"                # frozen
    state = kitchenlab.new_game(game, seed=4)
    assert state.players == info.default_players and state.game == game
    for name, bot in info.bots.items():     # every bot plays a legal action
        assert bot(state, Rng(1)) in state.legal_actions(), name
    with pytest.raises(kitchenlab.OptionError) as err:
        info.bot("oracle")
    assert all(name in str(err.value) for name in info.bots)
    rows = info.variant_table()
    names = {o.name for o in info.options}
    assert names <= {r["option"] for r in rows}
    for r in rows:
        assert set(r) >= {"option", "meaning", "default", "alternatives", "source"} and r["meaning"]
    if info.from_position is None:
        with pytest.raises(kitchenlab.KitchenlabError) as err:
            info.position(info.default_players, 0, {})
        assert "from_position" in str(err.value)
        save = json.loads(state.to_json())
        save["position"] = {"anything": 1}
        with pytest.raises(SaveFileError):
            kitchenlab.load_state(json.dumps(save))


@pytest.mark.parametrize("game,players", CASES)
def test_actions_are_typed_values(game, players):
    state = _midgame(game, players, 41, 4)
    for a in state.legal_actions():
        assert not isinstance(a, str), f"{game}: {a!r} is a bare string, not a typed action"
        assert hasattr(a, "kind") and str(a)
        assert state.apply(str(a)).to_json() == state.apply(a).to_json()
    with pytest.raises(IllegalActionError):
        state.apply(42)


@pytest.mark.parametrize("game,players", CASES)
def test_events_pair_with_log_lines(game, players):
    final = random_playout(game, players, 51)[-1]
    assert len(final.events) == len(final.log)
    assert all(isinstance(e, kitchenlab.Event) and isinstance(e.kind, str) and isinstance(e.data, dict)
               for e in final.events)
    assert len({e.kind for e in final.events}) >= 3, f"{game}: events carry almost no structure"


def test_registry_refuses_a_second_game_of_the_same_name():
    info = kitchenlab.game_info("tem_purr_a")
    assert kitchenlab.register(info) is info       # registering the same declaration again is harmless
    clone = kitchenlab.GameInfo(**{**info.__dict__, "title": "Other"})
    with pytest.raises(kitchenlab.KitchenlabError):
        kitchenlab.register(clone)
    with pytest.raises(kitchenlab.UnknownGameError) as err:
        kitchenlab.game_info("poker")
    assert "tem_purr_a" in str(err.value)


def test_the_generator_raises_kit_errors():
    with pytest.raises(kitchenlab.KitchenlabError):
        Rng(1).randbelow(0)


@pytest.mark.parametrize("game,players", CASES)
def test_determinize_reads_only_what_the_seat_knows(game, players):
    """Two real states that the seat cannot tell apart give the same sample for the same seed: the
    sample is drawn from what the seat knows, never from the real order of the hidden cards."""
    for steps in (3, 20):
        state = _midgame(game, players, 61 + steps, steps)
        if state.is_over:
            continue
        seat = state.current_player
        twin = state.determinize(seat, 5)               # the same information set, other hidden cards
        a, b = state.determinize(seat, 99), twin.determinize(seat, 99)
        rng_a, rng_b = Rng(3), Rng(3)
        for _ in range(40):
            if a.is_over:
                break
            a, b = a.apply(rng_a.choice(a.legal_actions())), b.apply(rng_b.choice(b.legal_actions()))
        assert a.log == b.log, f"{game}: the sample depends on the hidden order of the real state"
