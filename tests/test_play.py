"""Playback for every game (kitchenlab.play): playout, record, frames of one round, views per frame."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.errors import GameStalledError, OptionError, SeatError
from kitchenlab.play import TABLE, Frame, playout, record, round_frames
from kitchenlab.sim import play_game
from kitchenlab.tem_purr_a import card_name
from toy_game import DiceNim

GAMES = kitchenlab.available_games() + ("dice_nim",)



def cases():
    for game in GAMES:
        info = kitchenlab.game_info(game)
        for players in sorted({info.players[0], info.default_players}):
            yield pytest.param((game, players), id=f"{game}-{players}p")


@pytest.fixture(scope="module", params=list(cases()))
def played(request):
    game, players = request.param
    frames = record(game, players=players, seed=3)
    final = playout(game, players=players, seed=3)[-1]
    return game, players, frames, final


# ---------------------------------------------------------------- playout


@pytest.mark.parametrize("game", GAMES)
def test_playout_is_the_game_the_simulator_plays(game):
    states = playout(game, seed=11)
    final = play_game(game, None, 11, None)
    assert states[-1] == final and states[-1].is_over
    assert [s.steps for s in states] == list(range(final.steps + 1))
    for before, after in zip(states, states[1:]):   # each state one move after the last
        assert after.history[:-1] == before.history


def test_playout_with_named_bots_matches_the_simulator():
    states = playout("tem_purr_a", players=4, seed=27, bots="cautious")
    assert states[-1].history == play_game("tem_purr_a", 4, 27, "cautious").history
    mixed = ["cautious", "random", "cautious"]
    assert (playout("tem_purr_a", players=3, seed=2, bots=mixed)[-1].history
            == play_game("tem_purr_a", 3, 2, mixed).history)


def test_playout_stops_when_until_holds():
    states = playout("tem_purr_a", players=4, seed=27, bots="cautious", until=lambda s: s.round == 2)
    assert states[-1].round == 2 and all(s.round == 1 for s in states[:-1])
    assert states[-1].history == play_game("tem_purr_a", 4, 27, "cautious").history[: states[-1].steps]
    assert playout("tem_purr_a", seed=1, until=lambda s: True) == [kitchenlab.new_game("tem_purr_a", seed=1)]


def test_playout_goes_on_from_a_state_with_its_own_seed():
    start = kitchenlab.new_game("tem_purr_a", players=3, seed=5)
    assert playout(start)[-1] == play_game("tem_purr_a", 3, 5)
    middle = playout(start, until=lambda s: s.steps == 10)[-1]
    assert middle.steps == 10
    rest = playout(middle, seed=5)
    assert rest[0] is middle and rest[-1].is_over
    with pytest.raises(OptionError, match="players cannot be given with a state"):
        playout(start, players=4)
    with pytest.raises(OptionError, match="dish_split"):
        playout(start, dish_split="even")


def test_playout_rejects_bad_arguments():
    with pytest.raises(GameStalledError, match="within 3 steps"):
        playout("tem_purr_a", seed=1, max_steps=3)
    with pytest.raises(OptionError, match="seed must be an int"):
        playout("tem_purr_a", seed="7")
    with pytest.raises(OptionError, match="unknown bot"):
        playout("tem_purr_a", bots="clever")
    with pytest.raises(OptionError, match="unknown option"):
        playout("tem_purr_a", colour="red")


# ---------------------------------------------------------------- record: one frame per log line


def test_frame_texts_and_events_are_the_log(played):
    game, players, frames, final = played
    assert [f.text for f in frames] == list(final.log)
    assert [f.event for f in frames] == list(final.events)
    assert [f.number for f in frames] == list(range(len(final.log)))
    assert all(isinstance(f, Frame) for f in frames)


def test_frames_carry_the_state_at_their_line(played):
    game, players, frames, final = played
    assert frames[-1].state == final
    start = kitchenlab.new_game(game, players=players, seed=3)
    setup = frames[: len(start.log)]        # the set-up lines show the dealt game
    assert all(f.actor is None and f.action is None and f.state == start and f.settled for f in setup)
    for f in frames[len(start.log):]:
        assert f.state.log == final.log[: f.number + 1]     # the state as it stood at that line
        assert f.state.events[-1] == f.event
    states = {s.steps: s for s in playout(game, players=players, seed=3)}
    for f in frames[len(start.log):]:
        if f.settled:                                       # the state the action left
            assert f.state == states[f.state.steps]


def test_actors_are_the_seats_that_moved(played):
    game, players, frames, final = played
    to_act = []                       # who was to act before each action of the game
    state = kitchenlab.new_game(game, players=players, seed=3)
    for action in final.history:
        to_act.append(state.current_player)
        state = state.apply(action)
    moved = [f for f in frames if f.action is not None]
    assert moved
    for f in moved:
        step = f.state.steps - 1      # the frame's state is the one the action made (or a moment of it)
        assert f.actor == to_act[step]
        assert f.action == final.history[step]


def test_views_are_every_seat_then_the_public(played):
    game, players, frames, final = played
    for f in frames[:: max(1, len(frames) // 15)] + [frames[-1]]:
        views = f.views
        assert len(views) == players + 1
        assert [v["seat"] for v in views] == list(range(players)) + [None]
        assert views[-1] == f.state.view(None) == f.view(None)
        for p in range(players):
            assert views[p] == f.state.view(p) == f.view(p)
            assert views[p]["round"] == f.state.round
    with pytest.raises(SeatError):
        frames[0].view(players)
    with pytest.raises(SeatError):
        frames[0].view(TABLE)


def _own_keys(frames, players: int) -> set:
    """The view keys whose value differs from seat to seat in some frame: what each seat sees of its own."""
    keys = set()
    for f in frames:
        views = [f.view(p) for p in range(players)]
        keys |= {k for k in views[0] if k != "seat" and len({repr(v.get(k)) for v in views}) > 1}
    return keys


def _hides_something(frames, players: int) -> bool:
    """Does a seat's view change when everything hidden from another seat is dealt again?"""
    return any(f.state.determinize(0, 5).view(1) != f.view(1)
               for f in frames[:: max(1, len(frames) // 10)] if not f.state.is_over)


def test_views_hide_other_hands(played):
    game, players, frames, final = played
    if players == 1:
        pytest.skip(f"{game}: one seat, nobody to hide from")
    own = _own_keys(frames, players)
    if not _hides_something(frames, players):
        assert own == set(), f"{game}: nothing is hidden, yet the seats see different {own}"
        pytest.skip(f"{game}: nothing is hidden from one seat that another sees")
    assert own, f"{game}: something is hidden, yet every seat sees the same view"
    for f in frames:
        public, seats = f.view(None), [f.view(p) for p in range(players)]
        for key in own:                                  # the public sees nobody's hand
            assert not _shows_a_secret(public.get(key), [v.get(key) for v in seats]), \
                f"{game} step {f.state.steps}: the public view shows {key!r}"


def _shows_a_secret(public, seen: list) -> bool:
    """Does the public value show something the seats do not all see alike (``None``: nothing)?
    Lists and dicts are compared item by item."""
    if public is None or len({repr(v) for v in seen}) == 1:
        return False
    if isinstance(public, (list, tuple)) and all(isinstance(v, (list, tuple)) and len(v) == len(public) for v in seen):
        return any(_shows_a_secret(item, [v[i] for v in seen]) for i, item in enumerate(public))
    if isinstance(public, dict) and all(isinstance(v, dict) for v in seen):
        return any(_shows_a_secret(item, [v.get(k) for v in seen]) for k, item in public.items())
    return True


def test_tem_purr_a_views_show_exactly_the_own_hand():
    frames = round_frames("tem_purr_a", players=4, seed=27, bots="cautious")
    for f in frames:
        for p in range(4):
            v = f.view(p)
            assert v["hand"] == [card_name(c) for c in f.state.hand(p)]
            assert v["hand_sizes"] == [f.state.hand_count(q) for q in range(4)]
        assert f.view(None)["hand"] is None


def test_recording_does_not_compute_views():
    frames = record("tem_purr_a", players=3, seed=4)
    assert all("_views" not in f.__dict__ for f in frames)
    frames[5].view(1)
    assert set(frames[5].__dict__["_views"]) == {1}


def test_an_action_writing_two_lines_gives_two_moments():
    """The eat that reveals the indigestion card: the first line shows the cards drawn, the token
    is only taken at the next line."""
    frames = round_frames("tem_purr_a", players=4, seed=27, bots="cautious")
    eat = next(i for i, f in enumerate(frames) if "indigestion card(s)!" in f.text)
    first, second = frames[eat], frames[eat + 1]
    assert "takes indigestion token number 1" in second.text
    assert first.action is second.action and first.actor == second.actor == 0
    assert not first.settled and second.settled
    assert first.state.tokens == (0, 0, 0, 0)
    assert second.state.tokens == (1, 0, 0, 0)
    assert first.view(0)["tokens"] == [0, 0, 0, 0] and second.view(0)["tokens"] == [1, 0, 0, 0]


def test_the_same_seed_gives_the_same_frames():
    a = record("tem_purr_a", players=4, seed=8, bots="cautious")
    b = record("tem_purr_a", players=4, seed=8, bots="cautious")
    assert a == b
    assert [f.view(2) for f in a] == [f.view(2) for f in b]
    c = record("tem_purr_a", players=4, seed=9, bots="cautious")
    assert [f.text for f in a] != [f.text for f in c]


@pytest.mark.parametrize("game", GAMES)
def test_recorded_game_is_the_played_game(game):
    frames = record(game, seed=21)
    assert frames[-1].state == play_game(game, None, 21)


# ---------------------------------------------------------------- one round


@pytest.mark.parametrize("game", GAMES)
def test_frames_of_round_k_are_that_round_and_all_of_it(game):
    whole = record(game, seed=6)
    last = max(f.state.round or 1 for f in whole)
    for k in sorted({1, 2, last} & set(range(1, last + 1))):
        frames = round_frames(game, seed=6, round=k)
        assert frames and all((f.state.round or 1) == k for f in frames)
        numbers = [f.number for f in frames]
        assert numbers == list(range(numbers[0], numbers[-1] + 1))      # one unbroken stretch
        assert [f.text for f in frames] == [f.text for f in whole[numbers[0]: numbers[-1] + 1]]
        assert [f.event for f in frames] == [f.event for f in whole[numbers[0]: numbers[-1] + 1]]
        # from the first line of round k to the last line before round k + 1
        assert numbers[0] == 0 or (whole[numbers[0] - 1].state.round or 1) < k
        assert numbers[-1] == len(whole) - 1 or (whole[numbers[-1] + 1].state.round or 1) > k


def test_round_two_of_tem_purr_a_starts_with_the_reshuffle():
    frames = round_frames("tem_purr_a", players=4, seed=27, bots="cautious", round=2)
    assert frames[0].text.startswith("Round 2: the deck is reshuffled")
    assert frames[0].event.kind == "round"
    one = round_frames("tem_purr_a", players=4, seed=27, bots="cautious")
    assert one[-1].number + 1 == frames[0].number
    assert one[0].text.startswith("Round 1: 4 players get 5 cards")


def test_round_selection_errors_are_clear():
    with pytest.raises(OptionError, match="round must be a whole number from 1"):
        round_frames("tem_purr_a", round=0)
    with pytest.raises(OptionError, match="round must be"):
        round_frames("tem_purr_a", round="2")
    with pytest.raises(OptionError, match="round 99 is never reached"):
        round_frames("tem_purr_a", players=3, seed=1, round=99)


def test_toy_game_frames_and_views():
    frames = record("dice_nim", seed=3, pile=4)
    final = playout("dice_nim", seed=3, pile=4)[-1]
    assert isinstance(final, DiceNim) and final.is_over
    assert [f.text for f in frames] == list(final.log)
    assert [f.state.pile for f in frames] == [int(f.text.split(", ")[1].split()[0]) for f in frames]
    assert frames[0].view(None) == {"game": "dice_nim", "seat": None, "round": None, "to_act": 1, "over": False,
                                    **{k: frames[0].state.view(None)[k] for k in ("pile", "rolled", "to_move")}}
    assert round_frames("dice_nim", seed=3, pile=4) == frames       # a game without rounds is one round
