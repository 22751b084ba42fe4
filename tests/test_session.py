"""The play table's session without any widget: seats, turns, bots, the screen passing, undo, the end."""

from __future__ import annotations

import re
import subprocess
import sys
from random import Random

import pytest

import kitchenlab
from kitchenlab import tem_purr_a
from kitchenlab.engine import Rng
from kitchenlab.errors import IllegalActionError, KitchenlabError, OptionError
from kitchenlab.session import (HUMAN, TAKEN_BACK, UNDO_RULE, Outcome, PlaySession, default_bot, outcome,
                                resolve_seats, seat_choices, seat_label)
from kitchenlab.sim import bot_seed, named_bot, play_game
from kitchenlab.undo import ALLOWED, RANDOM, REVEALED, undo_check

GAMES = kitchenlab.available_games()


def table_size(game: str) -> int:
    info = kitchenlab.game_info(game)
    return 3 if 3 in info.players else info.default_players


def against_bots(game: str, seed: int = 7) -> PlaySession:
    """One person (seat 0) against the game's default bot in every other seat."""
    return PlaySession(game, seats=[HUMAN] + [default_bot(game)] * (table_size(game) - 1), seed=seed)


def play_to_end(session: PlaySession, pick=lambda legal: legal[0], limit: int = 5_000) -> int:
    moves = 0
    while not session.is_over:
        if session.covered:
            session.reveal()
        session.choose(pick(session.legal))
        moves += 1
        assert moves < limit
    return moves


def snapshot(s: PlaySession) -> tuple:
    return (s.state.to_json(), s.rng.state, s.viewer, s.last_human, tuple(s.lines), s.can_undo, s.undo_reason)


# ---------------------------------------------------------------- no widgets


def test_the_session_imports_neither_ipywidgets_nor_plotly():
    code = ("import sys\n"
            "import kitchenlab\n"
            "from kitchenlab.session import PlaySession, default_bot\n"
            "for game in kitchenlab.available_games():\n"
            "    s = PlaySession(game, seats=['human', default_bot(game)], seed=1)\n"
            "    for _ in range(5):\n"
            "        s.choose(s.legal[0]) if not s.is_over else None\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'ipywidgets', 'plotly', 'IPython'}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------- seats


def test_default_seats_are_two_people_and_the_games_bot():
    assert resolve_seats("tem_purr_a") == ["human", "human", "cautious"]
    assert resolve_seats("critter_kitchen") == ["human", "human", "greedy"]
    assert resolve_seats("tem_purr_a", players=5) == ["human", "human", "cautious", "cautious", "cautious"]
    assert default_bot("critter_kitchen") == "greedy" and default_bot("tem_purr_a") == "cautious"


def test_bad_seats_say_what_is_allowed():
    with pytest.raises(OptionError, match="seat 2 is 'greedy'.*random, cautious"):
        resolve_seats("tem_purr_a", ["human", "greedy", "human"])
    with pytest.raises(OptionError, match="3 seats given for players=4"):
        resolve_seats("tem_purr_a", ["human"] * 3, players=4)
    with pytest.raises(OptionError, match="1 seats, but the game is for 2, 3"):
        resolve_seats("tem_purr_a", ["human"])
    with pytest.raises(OptionError, match="'ismcts' is the hard opponent"):
        PlaySession("chefs", ["human", "clever"])


@pytest.mark.parametrize("game", GAMES)
def test_seats_people_and_bots(game):
    bot = default_bot(game)
    n = table_size(game)
    s = PlaySession(game, seed=2)
    assert s.seats == [HUMAN, HUMAN] + [bot] * (n - 2) and s.humans == [0, 1]
    assert sorted(s.bots) == list(range(2, n)) and all(callable(b) for b in s.bots.values())
    assert s.state.players == n and s.seed == 2
    assert seat_choices(game)[0] == HUMAN and seat_choices(game)[-1] == "ismcts"
    line = s.seat_line().split(" · ")
    assert line[0] == "▶ Player 1 (person)" and line[1] == "Player 2 (person)"
    assert line[2:] == [f"Player {p + 1} ({bot} bot)" for p in range(2, n)]


def test_the_hard_opponent_is_named_as_such():
    assert seat_label(1, "ismcts") == "Player 2 (ismcts bot (hard))"
    s = PlaySession("tem_purr_a", seats=["human", "ismcts"], seed=1, search_budget=3)
    assert s.bots[1].budget == 3 and s.seat_line() == "▶ Player 1 (person) · Player 2 (ismcts bot (hard))"


# ---------------------------------------------------------------- turns and the screen


def test_hot_seat_the_screen_is_covered_between_two_people():
    s = PlaySession("tem_purr_a", seats=["human", "human", "cautious"], seed=3)
    assert s.covered and s.to_act == 0 and s.viewer is None and s.legal == []
    assert s.log_reader() is None                    # under the cover: what a spectator may read
    with pytest.raises(KitchenlabError, match="the screen is covered: Player 1 must click"):
        s.choose("start a stack with 3")
    assert s.reveal() is True and s.reveal() is False
    assert not s.covered and s.viewer == 0 and s.log_reader() == 0
    assert s.legal == ["start a stack with 3", "start a stack with 4", "start a stack with 6"]
    assert s.lines == ["Round 1: 3 players get 5 cards; 1 indigestion card is in the deck."]
    assert s.choose("start a stack with 3") == ["Player 1 starts a stack with a 3."]
    assert s.covered and s.to_act == 1 and s.legal == [] and s.last_human == 0
    s.reveal()
    assert s.viewer == 1 and s.lines[-1] == "Player 1 starts a stack with a 3."


def test_turns_go_round_the_table_of_people():
    s = PlaySession("tem_purr_a", seats=["human"] * 4, seed=5)
    order = []
    for _ in range(12):
        s.reveal()
        order.append(s.viewer)
        assert s.viewer == s.to_act == s.state.current_player
        s.choose(s.legal[0])
        assert s.covered == (s.to_act != order[-1])    # the cover goes up only when the turn passes
    assert set(order) == {0, 1, 2, 3}


@pytest.mark.parametrize("game", GAMES)
def test_bots_move_until_it_is_the_persons_turn(game):
    s = against_bots(game)
    calls = []
    for p, bot in list(s.bots.items()):
        def watched(state, rng, p=p, bot=bot):
            assert state.current_player == p          # a bot moves only for its own seat
            calls.append(p)
            return bot(state, rng)
        s.bots[p] = watched
    for _ in range(40):
        if s.is_over:
            break
        assert not s.covered and s.viewer == s.to_act == 0       # one person: never a cover
        seen = len(s.state.log)
        new = s.choose(s.legal[0])
        assert s.is_over or s.to_act == 0
        assert new == list(s.state.log_for(0)[seen:])          # as Player 1 may read them
    assert calls and set(calls) == set(s.bots)


def test_lines_are_what_happened_since_the_persons_last_move():
    s = PlaySession("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    new = s.choose("start a stack with 2")
    assert new[0] == "Player 1 starts a stack with a 2." and s.lines == new[1:]
    assert [line.split(" ")[1] for line in s.lines] == ["2", "2", "3", "3"]


@pytest.mark.parametrize("game", GAMES)
def test_the_session_is_seeded_like_the_simulator(game):
    """The bots draw from Rng(bot_seed(seed)): the same moves of the person give the same game."""
    s = against_bots(game, seed=11)
    info = kitchenlab.game_info(game)
    state = kitchenlab.new_game(game, players=len(s.seats), seed=11)
    rng = Rng(bot_seed(11))
    bots = {p: named_bot(info, name) for p, name in enumerate(s.seats) if name != HUMAN}
    while not state.is_over and state.current_player in bots:
        state = state.apply(bots[state.current_player](state, rng))
    for _ in range(15):
        assert s.state.to_json() == state.to_json() and s.rng.state == rng.state
        if s.is_over:
            break
        move = s.legal[-1]
        s.choose(move)
        state = state.apply(move)
        while not state.is_over and state.current_player in bots:
            state = state.apply(bots[state.current_player](state, rng))


@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_bots_plays_the_simulators_game(game):
    bot = default_bot(game)
    n = table_size(game)
    s = PlaySession(game, seats=[bot] * n, seed=3)
    assert s.is_over and s.viewer is None and s.legal == []
    assert s.state.to_json() == play_game(game, players=n, seed=3, bots=bot).to_json()


# ---------------------------------------------------------------- a wrong move


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_changes_nothing_and_says_what_is_legal(game):
    s = against_bots(game, seed=4)
    state, before = s.state, snapshot(s)
    with pytest.raises(IllegalActionError, match="'cook the moon' is not legal .*legal: " + re.escape(s.legal[0])):
        s.choose("cook the moon")
    assert s.state is state and snapshot(s) == before


def test_after_the_end_no_move_is_taken():
    s = against_bots("tem_purr_a")
    play_to_end(s)
    with pytest.raises(KitchenlabError, match="the game is over"):
        s.choose("serve 3")


# ---------------------------------------------------------------- undo


def test_undo_goes_back_to_the_persons_last_decision():
    s = PlaySession("tem_purr_a", seats=["human", "human", "cautious"], seed=3)
    s.reveal()
    start = snapshot(s)
    first = s.state
    s.choose("start a stack with 3")                 # nothing drawn, nothing hidden: undoable
    assert s.covered and s.can_undo and s.why_no_undo() == "" and s.undo_reason == ""
    assert s.undo() == 0
    assert s.state is first and s.viewer == 0 and not s.covered and not s.can_undo and s.lines == []
    assert snapshot(s)[:3] == start[:3]               # the same game, bots' generator and screen
    assert s.why_no_undo() == "Player 1 has no earlier move that may be taken back"
    assert TAKEN_BACK == "Move taken back."


def test_consecutive_own_moves_are_taken_back_one_at_a_time():
    """Critter Kitchen's challenge meals: several items added by the same person, each reversible;
    the bots' generator comes back too, so the game goes on as if nothing had been taken back."""
    s = PlaySession("critter_kitchen", seats=["human", "greedy"], seed=5)
    while s.state.phase != "challenge" or s.to_act != 0:
        s.choose(s.legal[0])
    start = s.state
    rng_start = s.rng.state
    s.choose([m for m in s.legal if m.startswith("add ")][0])
    second = s.state
    s.choose([m for m in s.legal if m.startswith("add ")][0])
    assert s.can_undo
    s.undo()
    assert s.state is second and s.can_undo
    s.undo()
    assert s.state is start and not s.can_undo and s.rng.state == rng_start
    again = PlaySession("critter_kitchen", seats=["human", "greedy"], seed=5)
    while again.state.phase != "challenge" or again.to_act != 0:
        again.choose(again.legal[0])
    assert again.state.to_json() == s.state.to_json() and again.rng.state == s.rng.state
    play_to_end(s)
    play_to_end(again)
    assert s.state.to_json() == again.state.to_json()


def test_no_undo_after_a_bot_moved():
    s = PlaySession("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    s.choose("start a stack with 2")               # undoable in itself, but the bots replied
    assert s.undo_reason == "" and not s.can_undo
    assert s.why_no_undo() == "Player 2 (cautious bot) has moved since"
    before = snapshot(s)
    with pytest.raises(KitchenlabError) as e:
        s.undo()
    assert str(e.value) == ("no move of yours can be taken back now: Player 2 (cautious bot) has moved since "
                            f"({UNDO_RULE})")
    assert snapshot(s) == before


def test_no_undo_once_the_screen_has_passed():
    s = PlaySession("tem_purr_a", seats=["human"] * 3, seed=5)
    s.reveal()
    s.choose("start a stack with 4")
    assert s.covered and s.can_undo                 # under the cover, Player 1 may still take it back
    s.reveal()
    assert not s.can_undo and s.why_no_undo() == "the screen has passed to Player 2: Player 1's move stands"


def test_a_move_that_reveals_something_cannot_be_taken_back_and_says_why():
    s = PlaySession("tem_purr_a", seats=["human"] * 3, seed=5)
    s.reveal()
    s.choose("start a stack with 4")
    s.reveal()
    assert s.choose("eat 4") == ["Player 2 eats 4: draws 4 card(s) (4, 4, 4, reverse)."]
    assert s.undo_reason == f"Your move cannot be taken back: {REVEALED}."
    assert not s.can_undo and s.why_no_undo() == f"Player 2's last move cannot be taken back: {REVEALED}"
    with pytest.raises(KitchenlabError, match="revealed something that was hidden"):
        s.undo()


def test_the_undo_rule_itself():
    position = tem_purr_a.from_position(3, position={"hands": [[3, 3], [6], [2]], "stack": [3],
                                                     "deck": [2, 4, 5, "indigestion"]})
    # the deck was shuffled before: eating reveals hidden cards (rule 3) without moving the generator
    assert undo_check(position, "eat 3", position.apply("eat 3"), 0) == (False, REVEALED)
    assert undo_check(position, "serve 3", position.apply("serve 3"), 0) == (True, ALLOWED)
    # a reshuffle during the move (the deck runs out while eating) is a random event (rule 2)
    short = tem_purr_a.from_position(3, position={"hands": [[3, 3], [6], [2]], "stack": [4],
                                                  "deck": [2, "indigestion"], "discard": [5, 5, 6, 7]})
    after = short.apply("eat 4")
    assert after.rng.state != short.rng.state and any("shuffled" in line for line in after.log)
    assert undo_check(short, "eat 4", after, 0) == (False, RANDOM)


def test_undo_refuses_a_move_that_reveals_hidden_plans():
    """Critter Kitchen: the last chef planned reveals everyone's face-down plans; earlier plans
    reveal nothing and may be taken back."""
    state = kitchenlab.new_game("critter_kitchen", players=3, seed=1)
    verdicts = []
    while state.phase == "plan":
        seat = state.current_player
        move = state.legal_actions()[0]
        after = state.apply(move)
        check = undo_check(state, move, after, seat)
        verdicts.append((after.phase, check.allowed, check.reason))
        state = after
    assert verdicts[-1][0] != "plan" and not verdicts[-1][1]
    assert verdicts[-1][2] in (RANDOM, REVEALED)
    assert all(ok for phase, ok, _ in verdicts[:-1])


# ---------------------------------------------------------------- the end


@pytest.mark.parametrize("game", GAMES)
def test_a_game_played_to_the_end_and_its_result(game):
    s = against_bots(game)
    assert s.outcome() is None
    play_to_end(s)
    final = s.state
    end = s.outcome()
    assert isinstance(end, Outcome) and end == outcome(final)
    assert end.scores == tuple(final.scores()) and len(end.scores) == len(s.seats)
    assert end.winners == tuple(sorted(final.winners())) and end.text == final.result_text()
    assert end.final == final.view(None).get("final")
    assert end.winner_names == (", ".join(f"Player {w + 1}" for w in end.winners) or "nobody")
    assert s.legal == [] and s.viewer is None and s.to_act is None and not s.covered
    assert s.log_reader() == 0 and s.log_lines() == final.log_for(0)


# ---------------------------------------------------------------- determinism


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_session(game):
    """Two sessions with the same seats and seed, given the same clicks, stay equal step by step."""
    seats = [HUMAN, HUMAN] + [default_bot(game)] * (table_size(game) - 2)
    a, b = PlaySession(game, seats, seed=9), PlaySession(game, seats, seed=9)
    pa, pb = Random(1), Random(1)
    for _ in range(60):
        assert snapshot(a) == snapshot(b)
        if a.is_over:
            break
        for s, r in ((a, pa), (b, pb)):
            if s.covered:
                s.reveal()
            elif s.can_undo and r.random() < 0.2:
                s.undo()
            else:
                s.choose(r.choice(s.legal))
    other = PlaySession(game, seats, seed=10)
    assert other.state.to_json() != PlaySession(game, seats, seed=9).state.to_json()


# ---------------------------------------------------------------- the end screen, a new game, saves


@pytest.mark.parametrize("game", GAMES)
def test_the_end_screen_names_the_winners_and_every_score_part(game):
    s = against_bots(game)
    assert s.end_screen() is None
    play_to_end(s)
    end = s.end_screen()
    won = sorted(set(s.state.winners()))
    assert end.headline.startswith(" and ".join(f"Player {w + 1}" for w in won))
    parts = 3 if kitchenlab.game_info(game).end_table else 2          # a game without end_table: its scores
    assert end.columns[0] == "player" and len(end.columns) >= parts   # the score (and its parts)
    assert [r[0] for r in end.rows] == [f"Player {p + 1}" for p in range(len(s.seats))]
    assert [r[-1] for r in end.rows] == list(s.state.scores())
    assert all(len(r) == len(end.columns) for r in end.rows)
    assert str(max(s.state.scores())) in end.headline


def test_end_screens_of_known_games():
    dv = PlaySession("diced_veggies", ["greedy", "greedy"], seed=5)
    assert dv.end_screen().headline == "Player 1 wins: the most points (30)."
    assert dv.end_screen().rows == (("Player 1", 6, 27, 3, 30), ("Player 2", 7, 25, 0, 25))
    tpa = PlaySession("tem_purr_a", ["random"] * 4, seed=5)
    assert tpa.end_screen().headline == ("Player 3 wins: Player 4 is out, and the winner has the fewest indigestion "
                                         "tokens (0 tokens); the tie goes to the most cards in hand (10).")
    assert tpa.end_screen().columns == ("player", "indigestion tokens", "cards in hand", "tokens to spare")
    assert tpa.end_screen().rows[2] == ("Player 3", 0, 10, 3)
    solo = PlaySession("critter_kitchen", ["greedy"], seed=5)
    assert solo.end_screen().headline == "No player wins: McDogald's has 35 stars against 20."
    assert [r[0] for r in solo.end_screen().rows] == ["Player 1", "McDogald's"]


def test_the_next_game_keeps_seats_and_options_and_takes_the_next_seed():
    s = PlaySession("diced_veggies", ["human", "greedy"], seed=8, final_cook=False)
    nxt = s.next_game()
    assert (nxt.seats, nxt.seed, nxt.state.options["final_cook"]) == (["human", "greedy"], 9, False)
    assert nxt.state == PlaySession("diced_veggies", ["human", "greedy"], seed=9, final_cook=False).state


def test_a_save_loads_back_into_a_session_and_play_goes_on():
    s = against_bots("tem_purr_a", seed=3)
    for _ in range(4):
        s.choose(s.legal[0])
    text = s.save()
    assert kitchenlab.load_state(text) == s.state
    other = against_bots("tem_purr_a", seed=11)
    other.load(text.encode("utf-8"))
    assert other.state == s.state and other.seed == 3 and other.legal == s.legal
    assert not other.can_undo and other.why_no_undo() == "the game was loaded from a save since"
    play_to_end(other)
    assert other.state.is_over


def test_a_bad_save_changes_nothing_and_says_why():
    from kitchenlab.errors import SaveFileError

    s = against_bots("tem_purr_a", seed=3)
    s.choose(s.legal[0])
    before = snapshot(s)
    for bad, why in [(b"\xff\xfe", "not UTF-8"), ("[1, 2]", "must be a JSON object"),
                     (kitchenlab.new_game("chefs", players=3, seed=1).to_json(), "a game of Chefs"),
                     (kitchenlab.new_game("tem_purr_a", players=4, seed=1).to_json(), "a 4-player game")]:
        with pytest.raises(SaveFileError, match=why):
            s.load(bad)
        assert snapshot(s) == before
