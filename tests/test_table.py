"""The shared play table: seats, hot seat, bots, undo, the end of a game, for every playable game."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import tem_purr_a
from kitchenlab.engine import Rng
from kitchenlab.errors import IllegalActionError, KitchenlabError, OptionError
from kitchenlab.sim import bot_seed
from kitchenlab.table import MAX_BUTTONS, PlayTable, default_bot, play_widget, resolve_seats, view_html
from kitchenlab.undo import RANDOM, REVEALED, undo_check

GAMES = kitchenlab.available_games()


def play_to_end(table: PlayTable, limit: int = 5_000) -> int:
    moves = 0
    while not table.state.is_over:
        if table.covered:
            table.reveal()
        table.choose(table.legal[0])
        moves += 1
        assert moves < limit
    return moves


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


# ---------------------------------------------------------------- hot seat


def test_hot_seat_covers_the_screen_between_two_people():
    t = play_widget("tem_purr_a", seats=["human", "human", "cautious"], seed=3)
    assert t.covered and t.to_act == 0 and t.legal == []
    assert t.cover.layout.display == "flex" and "Pass the screen to <b>Player 1</b>" in t.cover_text.value
    assert t.drawn is None and t.picture.outputs == () and t.view_box.value == ""   # no hand shown
    with pytest.raises(KitchenlabError, match="covered"):
        t.choose("start a stack with 3")
    t.reveal()
    assert not t.covered and t.viewer == 0
    assert t.legal == [str(a) for a in t.state.legal_actions()]
    assert list(t.move_buttons) == t.legal and [b.description for b in t.move_buttons.values()] == t.legal
    names = [s.name for s in t.drawn.layout.shapes]
    assert "hand 0 up" in names and "hand 1 down" in names and "hand 1 up" not in names
    assert len(t.picture.outputs) == 1
    t.choose(t.legal[0])
    assert t.covered and t.to_act == 1 and t.legal == []
    assert t.drawn is None and t.picture.outputs == ()                 # Player 1's hand is hidden again
    t.reveal()
    names = [s.name for s in t.drawn.layout.shapes]
    assert "hand 1 up" in names and "hand 0 up" not in names


def test_bots_move_by_themselves_and_their_lines_are_shown():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    assert not t.covered and t.viewer == 0          # one person: no cover
    before = len(t.state.log)
    t.choose(t.legal[0])
    assert t.to_act == 0 or t.state.is_over
    new = list(t.state.log_for(0)[before:])   # what Player 1 may read: not the cards the bots drew
    assert len(new) >= 3 and t.lines == new[1:]      # after the person's own line, each bot's lines
    assert any(line.startswith("Player 2") for line in new) and any(line.startswith("Player 3") for line in new)
    for line in new[1:]:
        assert line in t.since.value.replace("&#x27;", "'")
    # the bots' lines scroll in a short box, so the moves on offer stay on the first screen
    assert "max-height:120px;overflow-y:auto" in t.since.value


def test_the_table_is_seeded_like_the_simulator():
    """The bots draw from Rng(bot_seed(seed)): the same human moves give the same game, move for move."""
    seats = ["human", "cautious", "random", "cautious"]
    t = play_widget("tem_purr_a", seats=seats, seed=11)
    state = kitchenlab.new_game("tem_purr_a", players=4, seed=11)
    rng = Rng(bot_seed(11))
    bots = {p: tem_purr_a.BOTS[s] for p, s in enumerate(seats) if s != "human"}
    for _ in range(12):
        if t.state.is_over:
            break
        move = t.legal[-1]
        t.choose(move)
        state = state.apply(move)
        while not state.is_over and state.current_player in bots:
            state = state.apply(bots[state.current_player](state, rng))
        assert t.state.to_json() == state.to_json()


def test_a_wrong_move_changes_nothing():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    before = t.state
    with pytest.raises(IllegalActionError):
        t.choose("eat 99")
    assert t.state is before


def test_clicking_a_move_button_plays_it():
    t = play_widget("tem_purr_a", seats=["human", "human", "cautious"], seed=3)
    t.reveal_button.click()
    text, first = next(iter(t.move_buttons.items()))
    first.click()
    assert t.state.history[0] == text or str(t.state.history[0]) == text
    assert t.covered


def test_many_moves_come_grouped_by_kind():
    """(Without the game's move helper.) Few moves: one button each. Many: a row per kind of move (first word), a dropdown for a kind
    with too many moves; every legal move is offered exactly once."""
    t = play_widget("critter_kitchen", seats=["human", "greedy", "greedy"], seed=2, move_helper=None)
    seen = set()
    while not t.state.is_over and len(seen) < 3:
        offered = list(t.move_buttons) + [m for menu in t.move_menus for m in menu.options]
        assert sorted(offered) == sorted(t.legal)
        if len(t.legal) <= MAX_BUTTONS:
            assert len(t.actions.children) == 1 and not t.move_menus
            seen.add("buttons")
        else:
            words = [m.split()[0] for m in t.legal]
            assert len(t.actions.children) == len(set(words))
            seen.add("menus" if t.move_menus else "grouped buttons")
            for menu in t.move_menus:
                assert len(menu.options) > MAX_BUTTONS and len({m.split()[0] for m in menu.options}) == 1
        t.choose(t.legal[0])
    assert "buttons" in seen and ("menus" in seen or "grouped buttons" in seen)


def test_a_move_from_a_dropdown_is_played():
    t = play_widget("critter_kitchen", seats=["human", "greedy", "greedy"], seed=2, move_helper=None)
    while not t.move_menus:
        t.choose(t.legal[0])
    menu = t.move_menus[0]
    move = menu.options[-1]
    menu.value = move
    go = [w for row in t.actions.children for w in row.children if "kl-play-move" in w._dom_classes][0]
    before = t.state.steps
    go.click()
    assert str(t.state.history[before]) == move


# ---------------------------------------------------------------- undo


def test_undo_takes_back_ones_own_move_before_the_screen_passes():
    t = play_widget("tem_purr_a", seats=["human", "human", "cautious"], seed=3)
    t.reveal()
    start = t.state
    t.choose("start a stack with 3")                 # no draw, nothing hidden: it may be taken back
    assert t.covered and t.can_undo and t.undo_button.layout.display != "none"
    assert "Player 1: undo" in t.undo_button.description
    t.undo()
    assert t.state is start and t.viewer == 0 and not t.covered and not t.can_undo
    t.choose("start a stack with 4")
    t.reveal()                                        # Player 2 is at the screen now
    assert not t.can_undo and t.undo_button.layout.display == "none"
    with pytest.raises(KitchenlabError, match="no move of yours"):
        t.undo()


def test_no_undo_after_a_draw_or_another_players_move():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    t.choose(t.legal[0])                              # the bots replied: their moves stand, so mine does
    assert not t.can_undo
    position = tem_purr_a.from_position(3, position={"hands": [[3, 3], [6], [2]], "stack": [3],
                                                     "deck": [2, 4, 5, "indigestion"]})
    # the deck was shuffled before: eating reveals hidden cards (rule 3) without moving the generator
    assert undo_check(position, "eat 3", position.apply("eat 3"), 0) == (False, REVEALED)
    assert undo_check(position, "serve 3", position.apply("serve 3"), 0).allowed


def test_undo_refuses_a_move_that_moves_the_random_generator():
    """A reshuffle during the move (the deck runs out while eating) is a random event (rule 2)."""
    position = tem_purr_a.from_position(3, position={"hands": [[3, 3], [6], [2]], "stack": [4],
                                                     "deck": [2, "indigestion"], "discard": [5, 5, 6, 7]})
    after = position.apply("eat 4")
    assert after.rng.state != position.rng.state and any("shuffled" in line for line in after.log)
    assert undo_check(position, "eat 4", after, 0) == (False, RANDOM)


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


def test_consecutive_own_moves_are_taken_back_one_at_a_time():
    """Critter Kitchen's challenge meals: several additions by the same player, each reversible."""
    t = play_widget("critter_kitchen", seats=["human", "greedy"], seed=5)
    while t.state.phase != "challenge" or t.to_act != 0:
        t.choose(t.legal[0])
    start = t.state
    adds = [m for m in t.legal if m.startswith("add ")]
    t.choose(adds[0])
    second = t.state
    t.choose([m for m in t.legal if m.startswith("add ")][0])
    assert t.can_undo
    t.undo()
    assert t.state is second and t.can_undo
    t.undo()
    assert t.state is start and not t.can_undo


# ---------------------------------------------------------------- the end


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_the_end_with_the_full_result(game):
    info = kitchenlab.game_info(game)
    n = 3 if 3 in info.players else info.default_players
    t = play_widget(game, seats=["human"] + [default_bot(game)] * (n - 1), seed=7)
    play_to_end(t)
    final = t.state
    html = t.result.value
    assert "Game over" in html and final.result_text().split(";")[0] in html
    for p, score in enumerate(final.scores()):
        assert f"Player {p + 1}</td><td style='padding:2px 10px;text-align:right'>{score}<" in html.replace("🏆 ", "")
    for w in final.winners():
        assert f"🏆 Player {w + 1}" in html
    if "final" in final.view(None):
        assert "How the scores came about" in html
    assert t.legal == [] and t.actions.children == ()


def test_critter_kitchen_end_shows_every_score_component():
    t = play_widget("critter_kitchen", seats=["human", "greedy", "greedy"], seed=7)
    play_to_end(t)
    for row in t.state.view(None)["final"]:
        for key in ("most soup", "all courses", "best courses", "rumors", "final total", "stars"):
            assert key in row and key in t.result.value


def test_a_game_without_a_renderer_shows_its_view_as_a_table():
    html = view_html(kitchenlab.new_game("critter_kitchen", players=3, seed=1).view(0))
    assert "kl-view-html" in html and "storage" in html and "seat" not in html.split("storage")[0][-40:]


# ---------------------------------------------------------------- the hard opponent


def test_the_hard_opponent_is_offered_in_every_game():
    for game in GAMES:
        choices = kitchenlab.table.seat_choices(game)
        assert choices[0] == "human" and choices[-1] == "ismcts"
        assert choices[1:-1] == [b for b in kitchenlab.game_info(game).bots if b != "ismcts"]
    with pytest.raises(OptionError, match="'ismcts' is the hard opponent"):
        resolve_seats("chefs", ["human", "clever"])


@pytest.mark.parametrize("game", GAMES)
def test_the_hard_opponent_takes_a_seat_and_moves(game):
    from kitchenlab.search import ISMCTS

    t = play_widget(game, seats=["human", "ismcts"], seed=2, search_budget=3)
    assert t.seats == ["human", "ismcts"] and isinstance(t.bots[1], ISMCTS) and t.bots[1].budget == 3
    assert "ismcts bot (hard)" in t._seat_line()
    search, moved = t.bots[1], []

    def counted(state, rng):
        assert state.current_player == 1
        moved.append(search(state, rng))
        return moved[-1]

    t.bots[1] = counted
    for _ in range(60):                     # play until the search bot has moved
        if t.state.is_over or moved:
            break
        if t.covered:
            t.reveal()
        t.choose(t.legal[0])
    assert moved, f"{game}: the search bot never moved"
    assert str(moved[-1]) in [str(a) for a in t.state.history]
    assert t.state.is_over or t.to_act == 0     # the turn is back with the person


def test_the_default_hard_opponent_is_the_tuned_search_bot():
    from kitchenlab.search import ismcts

    t = play_widget("tem_purr_a", seats=["human", "ismcts"], seed=1)
    assert t.bots[1] is ismcts


# ---------------------------------------------------------------- move helpers


def test_a_registered_move_helper_replaces_the_plain_buttons(monkeypatch):
    """A game's helper gets the table and offers its own rows; ``None`` from it means plain buttons."""
    from kitchenlab import table as table_mod

    import ipywidgets as widgets

    calls = []

    def helper(t):
        calls.append(t.viewer)
        if len(t.legal) < 2:
            return None
        b = widgets.Button(description="the last move")
        b.on_click(lambda _b: t.try_move(t.legal[-1]))
        return [widgets.HTML("<b>helped</b>"), b]

    monkeypatch.setitem(table_mod.MOVE_HELPERS, "tem_purr_a", helper)
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    assert t.move_helper is helper and calls == [0]
    assert t.actions.children[0].value == "<b>helped</b>" and not t.move_buttons
    last = t.legal[-1]
    t.actions.children[1].click()
    assert str(t.state.history[0]) == last
    plain = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4, move_helper=None)
    assert plain.move_helper is None and sorted(plain.move_buttons) == sorted(plain.legal)


def test_register_move_helper_checks_the_game_and_the_spec(monkeypatch):
    from kitchenlab import table as table_mod
    from kitchenlab.table import move_helper_for, register_move_helper

    monkeypatch.setattr(table_mod, "MOVE_HELPERS", dict(table_mod.MOVE_HELPERS))
    with pytest.raises(KitchenlabError, match="unknown game 'no_such_game'"):
        register_move_helper("no_such_game", "x:y")
    register_move_helper("tem_purr_a", "kitchenlab.nowhere:helper")
    with pytest.raises(KitchenlabError, match="move helper 'kitchenlab.nowhere:helper'.*cannot be loaded"):
        move_helper_for("tem_purr_a")
    from kitchenlab.critter_kitchen.play_table import move_helper

    assert move_helper_for("critter_kitchen") is move_helper
    assert move_helper_for("chefs") is None


def test_try_move_shows_an_illegal_move_instead_of_raising():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    start = t.state
    assert t.try_move("serve 99") is False
    assert t.state is start and "serve 99" in t.message.value


def test_the_table_never_shows_the_cards_another_player_drew():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    for _ in range(30):
        if t.state.is_over or t.covered:
            break
        t.choose(t.legal[0])
        shown = t.since.value + t.log.value
        for line, e in zip(t.state.log, t.state.events):
            if e.kind == "eat" and e.data["seat"] != 0 and e.data["drawn"] > e.data["indigestion"]:
                assert line not in shown.replace("&#x27;", "'")            # the full line names the cards
                assert e.data["public_text"] in shown.replace("&#x27;", "'")
    eats = [e for e in t.state.events if e.kind == "eat" and e.data["seat"] != 0]
    assert eats, "the bots never ate: the check above checked nothing"
