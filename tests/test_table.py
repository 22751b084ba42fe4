"""The shared play table as a widget: what it shows of its session and what its buttons do.

What happens at the table (seats, turns, bots, undo, the result) is tested without widgets in
tests/test_session.py."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.display import ShowsWidget
from kitchenlab.errors import KitchenlabError
from kitchenlab.session import PlaySession
from kitchenlab.table import MAX_BUTTONS, PlayTable, default_bot, play_widget, view_html

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


# ---------------------------------------------------------------- a view of the session


def test_the_table_draws_its_session_and_shows_as_its_widget():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    assert isinstance(t.session, PlaySession) and isinstance(t, ShowsWidget)
    assert t.state is t.session.state and t.legal == t.session.legal and t.seats == t.session.seats
    assert "application/vnd.jupyter.widget-view+json" in t._repr_mimebundle_()
    assert "▶ Player 1 (person) · Player 2 (cautious bot) · Player 3 (cautious bot)" in t.header.value
    t.choose(t.legal[0])
    assert t.state is t.session.state and t.lines == t.session.lines
    assert t.log.value.count("<li>") == len(t.session.log_lines())


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
    assert t.message.value == "Move taken back."
    t.choose("start a stack with 4")
    t.reveal()                                        # Player 2 is at the screen now
    assert not t.can_undo and t.undo_button.disabled and t.undo_row.layout.display != "none"
    assert ("Undo is not available now: the screen has passed to Player 2: Player 1&#x27;s move stands."
            in t.undo_note.value)
    with pytest.raises(KitchenlabError, match="no move of yours can be taken back now: the screen has passed"):
        t.undo()


def test_a_move_that_cannot_be_taken_back_says_why():
    t = play_widget("tem_purr_a", seats=["human"] * 3, seed=5)
    t.reveal()
    t.choose("start a stack with 4")
    t.reveal()
    t.choose("eat 4")                                  # the cards drawn were hidden
    assert t.undo_button.disabled and t.undo_row.layout.display != "none"
    assert t.undo_note.value == ("<span style='color:#555'>Undo is not available now: Player 2&#x27;s last move "
                                 "cannot be taken back: the move revealed something that was hidden.</span>")


# ---------------------------------------------------------------- the end


def end_cells(html: str) -> list[list[str]]:
    """The cells of the end screen's table, a list per row (the header first)."""
    import re

    table = html.split("<table class='kl-end-table'", 1)[1].split("</table>", 1)[0]
    return [[re.sub("<[^>]+>", "", c).replace("🏆 ", "") for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table)]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ends_with_the_winners_and_one_score_table(game):
    info = kitchenlab.game_info(game)
    n = 3 if 3 in info.players else info.default_players
    t = play_widget(game, seats=["human"] + [default_bot(game)] * (n - 1), seed=7)
    play_to_end(t)
    final = t.state
    html = t.result.value
    won = sorted(set(final.winners()))
    names = " and ".join(f"Player {w + 1}" for w in won)
    assert f"Game over. {names} {'wins' if len(won) == 1 else 'win'}: " in html
    rows = end_cells(html)
    assert rows[0][0] == "player" and len(rows) == 1 + n
    for p, score in enumerate(final.scores()):        # named from 1, the score in the last column
        assert rows[1 + p][0] == f"Player {p + 1}" and rows[1 + p][-1] == str(score)
    assert [i - 1 for i, r in enumerate(rows) if f"🏆 Player {i}" in html] == won
    assert "{" not in html and "Player 0" not in html          # no raw dump, never zero-based
    assert t.legal == [] and t.actions.children == ()
    assert t.new_game_button.layout.display != "none" and t.undo_row.layout.display == "none"


def test_critter_kitchen_end_adds_up_every_star_in_one_table():
    t = play_widget("critter_kitchen", seats=["human", "greedy", "greedy"], seed=7)
    play_to_end(t)
    rows = end_cells(t.result.value)
    head = rows[0]
    col = {name: head.index(name) for name in head}
    assert head[-1] == "stars" and "challenge-meal stars" in head and "critic plate (quality)" in head
    for p, row in enumerate(rows[1:]):
        critic = sum(int(row[col[k]]) for k in ("best-of-course stars", "rumor stars", "most soup", "seven courses",
                                               "bonus stars"))
        critic += int(row[col["score track (stars)"]].split("(")[1].rstrip(")"))
        assert critic == int(row[col["critic-meal stars"]])
        assert int(row[col["challenge-meal stars"]]) + critic == int(row[-1]) == t.state.scores()[p]
    best = max(t.state.scores())
    assert f"the most stars ({best})" in t.result.value


def test_new_game_keeps_the_seats_and_takes_the_next_seed():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    play_to_end(t)
    t.new_game_button.click()
    assert t.seed == 5 and t.seats == ["human", "cautious", "cautious"] and not t.state.is_over
    assert t.state.seed == 5 and t.state.steps == 0      # Player 1 opens: nobody has moved yet
    assert t.result.value == "" and t.new_game_button.layout.display == "none" and t.legal
    assert t.message.value == "A new game, seed 5: the same seats as before."


def test_save_offers_a_download_that_loads_the_same_game():
    import base64
    import datetime

    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    for _ in range(3):
        t.choose(t.legal[0])
    t.save_button.click()
    link = t.save_link.value
    assert "download='tem_purr_a-seed4-move" in link and "href='data:application/json;base64," in link
    text = base64.b64decode(link.split("base64,", 1)[1].split("'", 1)[0]).decode("utf-8")
    assert kitchenlab.load_state(text) == t.state
    other = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=9)
    other.load_button.value = ({"name": "save.json", "type": "application/json", "size": len(text),
                                "content": memoryview(text.encode()),
                                "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)},)
    assert other.state == t.state and other.seed == 4 and other.legal == t.legal
    assert other.message.value == f"Game loaded: move {t.state.steps}, seed 4."


def test_a_bad_save_file_says_why_and_changes_nothing():
    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
    t.choose(t.legal[0])
    before, legal = t.state, t.legal
    t.load(b"{not json")
    assert t.state is before and t.legal == legal
    assert "That file cannot be loaded: save file is not valid JSON" in t.message.value
    t.load(kitchenlab.new_game("chefs", players=3, seed=1).to_json())
    assert t.state is before and "this save is a game of Chefs; this table plays Tem-Purr-A" in t.message.value


@pytest.mark.parametrize("game", GAMES)
def test_every_table_links_to_its_rules(game):
    t = play_widget(game, seed=1)
    if game in {"chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"}:   # the kit's notebooks
        assert f"href='../{game}/00_how_to_play.ipynb'" in t.rules.value and "Rules" in t.rules.value
    else:                                                                      # an outside game: the command
        assert f"kitchenlab rules {game}" in t.rules.value and "Rules" in t.rules.value
    assert t.rules in t.game_row.children and t.save_button in t.game_row.children


def test_a_game_without_a_renderer_shows_its_view_as_a_table():
    html = view_html(kitchenlab.new_game("critter_kitchen", players=3, seed=1).view(0))
    assert "kl-view-html" in html and "storage" in html and "seat" not in html.split("storage")[0][-40:]


# ---------------------------------------------------------------- the hard opponent


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


def test_the_table_offers_the_move_helper_the_game_declares():
    from kitchenlab.critter_kitchen.play_table import move_helper

    assert kitchenlab.game_info("critter_kitchen").move_helper == "kitchenlab.critter_kitchen.play_table:move_helper"
    assert play_widget("critter_kitchen", seats=["human", "greedy"], seed=1).move_helper is move_helper
    assert play_widget("critter_kitchen", seats=["human", "greedy"], seed=1, move_helper=None).move_helper is None


@pytest.mark.parametrize("game", [g for g in GAMES if not kitchenlab.game_info(g).move_helper])
def test_a_game_without_a_move_helper_plays_with_plain_buttons(game):
    t = play_widget(game, seats=["human", default_bot(game)], seed=1)
    assert t.move_helper is None
    offered = list(t.move_buttons) + [m for menu in t.move_menus for m in menu.options]
    assert sorted(offered) == sorted(t.legal)


def test_a_move_helper_given_to_the_table_replaces_the_plain_buttons():
    """The helper gets the table and offers its own rows; ``None`` from it means plain buttons."""
    import ipywidgets as widgets

    calls = []

    def helper(t):
        calls.append(t.viewer)
        if len(t.legal) < 2:
            return None
        b = widgets.Button(description="the last move")
        b.on_click(lambda _b: t.try_move(t.legal[-1]))
        return [widgets.HTML("<b>helped</b>"), b]

    t = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4, move_helper=helper)
    assert t.move_helper is helper and calls == [0]
    assert t.actions.children[0].value == "<b>helped</b>" and not t.move_buttons
    last = t.legal[-1]
    t.actions.children[1].click()
    assert str(t.state.history[0]) == last
    plain = play_widget("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4, move_helper=None)
    assert plain.move_helper is None and sorted(plain.move_buttons) == sorted(plain.legal)


def test_a_move_helper_named_module_function_is_loaded_or_said_missing():
    from kitchenlab.critter_kitchen.play_table import move_helper

    named = "kitchenlab.critter_kitchen.play_table:move_helper"
    assert play_widget("critter_kitchen", seats=["human", "greedy"], move_helper=named).move_helper is move_helper
    with pytest.raises(KitchenlabError, match="the move helper: cannot load 'kitchenlab.nowhere:helper'"):
        play_widget("tem_purr_a", seats=["human", "cautious"], move_helper="kitchenlab.nowhere:helper")


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


# ---------------------------------------------------------------- Diced Veggies at the shared table


def dv_at_chef_token(seed: int = 11) -> PlayTable:
    from kitchenlab.diced_veggies.actions import Kind

    t = play_widget("diced_veggies", seats=["human", "greedy"], seed=seed)
    while t.state.phase != "cook" or not any(a.kind == Kind.CHEF for a in t.state.legal_actions()):
        t.choose(t.legal[0])
    return t


def test_diced_veggies_chef_token_is_a_labelled_explained_control():
    t = dv_at_chef_token()
    [die] = [w for w in widgets_in(t.actions) if "kl-chef-die" in w._dom_classes]
    [into] = [w for w in widgets_in(t.actions) if "kl-chef-into" in w._dom_classes]
    [spend] = [w for w in widgets_in(t.actions) if "kl-chef-spend" in w._dom_classes]
    assert die.description == "Change die:" and into.description == "into:"
    assert die.options[0] == ("C4 (carrot 4)", "C4")
    assert into.options[0] == ("M4(C): counts as a mushroom 4 (the colour changes, the number stays)",
                               "chef token: C4 → M4(C)")
    assert ("C6: becomes a carrot 6 (the number changes, the colour stays)", "chef token: C4 → C6") in into.options
    into.value = "chef token: C4 → C6"
    spend.click()
    assert "C6" in t.state.dice[0] and "C4" not in t.state.dice[0]
    assert t.state.log[-1] == "Player 1 spends the chef token: C4 becomes C6."


def test_diced_veggies_plays_at_the_shared_table_with_undo_and_the_cover():
    from kitchenlab.diced_veggies.widgets import play_game

    t = play_game(players=2, seed=11)
    assert isinstance(t, PlayTable) and t.game == "diced_veggies" and t.seats == ["human", "greedy"]
    assert "kl-cut" in t.move_buttons[t.legal[0]]._dom_classes \
        and any("Cut the block" in getattr(w, "value", "") for w in widgets_in(t.actions))
    hot = play_widget("diced_veggies", seats=["human", "human"], seed=11)
    hot.reveal()
    hot.choose(hot.legal[0])                     # a cut: nothing random, nothing hidden
    assert hot.viewer == 0 and hot.can_undo and not hot.undo_button.disabled
    hot.undo()
    assert hot.state.steps == 0
    while hot.to_act == 0:
        hot.choose(hot.legal[0])
    assert hot.covered and "Pass the screen to <b>Player 2</b>" in hot.cover_text.value
    bots = play_widget("diced_veggies", seats=["human", "greedy"], seed=11)
    for move in ["cut g5 (M3 = 3)", "done cooking", "draw a recipe from the deck",     # Player 1's turn
                 "discard recipe Mushroom Toast [M M, 2 pts]"]:
        bots.choose(move)
    assert any(line.startswith("Player 2") for line in bots.lines) and "Player 2" in bots.since.value


def widgets_in(box) -> list:
    """Every widget inside ``box``, depth first."""
    out = []
    for w in getattr(box, "children", ()):
        out.append(w)
        out += widgets_in(w)
    return out


def test_critter_kitchen_plan_names_what_each_location_holds():
    t = play_widget("critter_kitchen", seats=["human", "greedy", "greedy"], seed=2026)
    [plan, *_] = [w for w in widgets_in(t.actions) if "kl-plan" in w._dom_classes]
    assert plan.options[3] == ("Water Market: carrot2 fish6 fish3", 3)
    assert [label.split(":")[0] for label, _ in plan.options] == list(t.state.cfg.loc_names)
