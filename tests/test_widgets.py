"""Widget callbacks (event stepper, the shared round stepper, view toggle, risk calculator, deal
explorer) and the glossaries."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

pytest.importorskip("ipywidgets")

import kitchenlab
from kitchenlab.glossary import game_terms, glossary_games, glossary_html, glossary_rows, glossary_table, lookup
from kitchenlab.tem_purr_a import indigestion_chance
from kitchenlab.tem_purr_a.figures import count_shapes
from kitchenlab.tem_purr_a.widgets import (
    deal_explorer,
    risk_calculator,
    risk_text,
    round_frames,
    round_states,
    round_stepper,
)
from kitchenlab import play
from kitchenlab.errors import KitchenlabError
from kitchenlab.widgets import (
    PUBLIC_VIEW,
    TABLE_VIEW,
    EventStepper,
    frames_from_states,
    load_renderer,
    log_html,
    states_along,
    view_html,
)
from kitchenlab.widgets import round_stepper as shared_round_stepper
from toy_game import DiceNim


# ---------------------------------------------------------------- the generic stepper


def test_frames_follow_the_log_of_any_game():
    states = states_along(DiceNim(pile=5), ["take 2", "take 1", "take 2"])
    frames = frames_from_states(states)
    assert [f.text for f in frames] == ["player 1 takes 2, 3 left", "player 2 takes 1, 2 left",
                                        "player 1 takes 2, 0 left"]
    assert [f.state.pile for f in frames] == [3, 2, 0]
    assert [f.number for f in frames] == [0, 1, 2]
    assert [f.actor for f in frames] == [0, 1, 0]
    assert [f.action for f in frames] == ["take 2", "take 1", "take 2"]
    assert [f.event for f in frames] == list(states[-1].events)


def test_several_lines_of_one_action_share_its_state():
    states = round_states(players=4, seed=27, bots="cautious")
    frames = frames_from_states(states)
    final_log = states[-1].log
    assert [f.text for f in frames] == list(final_log)
    # the eat that reveals the indigestion card writes two lines; both show the state after it
    eat = next(i for i, f in enumerate(frames) if "indigestion card(s)!" in f.text)
    assert "takes indigestion token number 1" in frames[eat + 1].text
    assert frames[eat].state is frames[eat + 1].state
    assert frames[eat].state.tokens == (1, 0, 0, 0)


def test_toy_game_stepper_buttons_and_render_calls():
    calls = []
    frames = frames_from_states(states_along(DiceNim(pile=4), ["take 1", "take 1", "take 2"]))
    stepper = EventStepper(frames, lambda f, view: calls.append((f.number, view)) or "picture", players=2)
    assert stepper.event_text == "player 1 takes 1, 3 left"
    assert stepper.back.disabled and not stepper.next.disabled
    stepper.next.click()
    assert stepper.event_text == "player 2 takes 1, 2 left"
    assert "player 2 takes 1, 2 left" in stepper.event.value
    stepper.toggle.value = 1
    assert calls[-1] == (1, 1)
    stepper.next.click()
    stepper.next.click()  # already at the last event: stays there
    assert stepper.index == 2 and stepper.next.disabled
    stepper.back.click()
    assert stepper.event_text == "player 2 takes 1, 2 left"
    assert calls[-1] == (1, 1)


def test_arrow_keys_step_through_the_slider_and_nothing_takes_other_keys():
    """The slider is what the ← → keys move (one event a press, as the page sets its value); no
    key watcher sits on the stepper, so every other key reaches the page."""
    frames = frames_from_states(states_along(DiceNim(pile=4), ["take 1", "take 1", "take 2"]))
    stepper = EventStepper(frames)
    assert [name for name, part in vars(stepper).items() if getattr(part, "_model_module", "") == "ipyevents"] == []
    assert "Click the slider: then the ← → keys step too." in stepper.help.value
    assert stepper.help in stepper.widget.children
    assert (stepper.slider.min, stepper.slider.max, stepper.slider.step) == (0, 2, 1)

    stepper.slider.value = 1                     # → pressed on the slider
    assert stepper.index == 1 and stepper.event_text == "player 2 takes 1, 2 left"
    assert not stepper.back.disabled
    stepper.slider.value = 0                     # ←
    assert stepper.event_text == "player 1 takes 1, 3 left" and stepper.back.disabled

    stepper.close()
    assert stepper.widget.comm is None


def test_stepper_needs_frames():
    with pytest.raises(KitchenlabError, match="at least one frame"):
        EventStepper([])
    with pytest.raises(KitchenlabError, match="no view toggle"):
        EventStepper(frames_from_states([DiceNim(pile=2).apply("take 2")])).show_view(0)


def test_log_html_marks_the_current_line_and_escapes():
    html = log_html(["a <b>", "second"], current=1)
    assert "a &lt;b&gt;" in html
    assert "<b>second</b>" in html
    assert html.count("<li") == 2


# ---------------------------------------------------------------- the Tem-Purr-A round stepper


@pytest.fixture(scope="module")
def round27():
    return round_states(players=4, seed=27, bots="cautious")


def test_round_states_cover_exactly_round_one(round27):
    assert round27[0].steps == 0
    assert round27[-1].round == 2
    assert all(s.round == 1 for s in round27[:-1])
    assert round27[-1].log[-1].startswith("Round 2:")
    # the same game as the simulator's
    from kitchenlab.sim import play_game

    final = play_game("tem_purr_a", 4, 27, "cautious")
    assert final.history[: len(round27) - 1] == round27[-1].history


def test_round_stepper_next_and_back_show_the_log_lines(round27):
    log = round27[-1].log
    assert log[-1].startswith("Round 2:")
    round_one = log[:-1]            # the stepper shows round 1: every line before "Round 2: ..."
    stepper = round_stepper(players=4, seed=27)
    assert "kl-event" in stepper.event._dom_classes
    assert "kl-step" in stepper.next._dom_classes
    assert [f.text for f in stepper.frames] == list(round_one)
    assert stepper.event_text == log[0]
    stepper.next.click()
    assert stepper.event_text == log[1] == "Player 1 starts a stack with a 6."
    assert "Player 1 starts a stack with a 6." in stepper.event.value
    assert stepper.drawn.layout.title.text.startswith("After event 2 (whole table) — Player 2 to act")
    stepper.next.click()
    assert stepper.event_text == log[2]
    stepper.back.click()
    assert stepper.event_text == log[1]
    stepper.go(len(log) + 10)
    assert stepper.event_text == round_one[-1]
    assert stepper.state.round == 1 and stepper.next.disabled
    # the log panel holds the lines so far, the current one in bold
    assert stepper.log.value.count("<li") == min(len(round_one), stepper.log_lines)
    assert f"<b>{round_one[-1]}</b>" in stepper.log.value


def test_round_stepper_is_the_shared_one_with_cautious_bots():
    mine = round_stepper(players=4, seed=27)
    shared = shared_round_stepper("tem_purr_a", players=4, seed=27, bots="cautious")
    assert mine.frames == shared.frames == play.round_frames("tem_purr_a", 4, 27, "cautious")
    assert "Tem-Purr-A: round 1 of a 4-player game, seed 27, cautious bots" in mine.widget.children[0].value
    later = round_stepper(players=4, seed=27, round=2)
    assert later.event_text.startswith("Round 2: the deck is reshuffled")
    assert {f.state.round for f in later.frames} == {2}


def test_round_stepper_view_toggle_redraws_for_that_player():
    stepper = round_stepper(players=3, seed=1)
    stepper.go(3)
    assert stepper.view == TABLE_VIEW
    assert [label for label, _ in stepper.toggle.options] == [
        "Table (all hands)", "Public", "Player 1", "Player 2", "Player 3"]
    assert count_shapes(stepper.drawn)["hand 0 up"] == stepper.state.hand_count(0)
    stepper.toggle.value = 2
    assert stepper.view == 2
    shapes = count_shapes(stepper.drawn)
    state = stepper.state
    assert shapes["hand 2 up"] == state.hand_count(2)
    assert shapes["hand 0 down"] == state.hand_count(0)
    assert shapes["hand 0 up"] == 0
    assert "(Player 3's view)" in stepper.drawn.layout.title.text


def test_public_view_shows_every_hand_face_down():
    stepper = round_stepper(players=4, seed=27)
    stepper.go(5)
    stepper.show_view(None)
    assert stepper.toggle.value == PUBLIC_VIEW and stepper.view is None
    shapes = count_shapes(stepper.drawn)
    for p in range(4):
        assert shapes[f"hand {p} up"] == 0
        assert shapes[f"hand {p} down"] == stepper.state.hand_count(p)
    assert "(public view)" in stepper.drawn.layout.title.text
    assert "(you)" not in " ".join(stepper.drawn.data[1].text)


def test_public_drawing_takes_no_seat():
    from kitchenlab.tem_purr_a.figures import table_figure

    state = kitchenlab.new_game("tem_purr_a", players=3, seed=1)
    with pytest.raises(KitchenlabError, match="give no viewer"):
        table_figure(state, viewer=1, public=True)
    with pytest.raises(kitchenlab.SeatError, match="seat 0..2"):
        table_figure(state, viewer=3)


def test_a_moment_inside_an_action_is_drawn_without_the_risk_line():
    """The eat that reveals an indigestion card: the first line shows the drawn cards (nobody is to
    act at that moment), the next one the token taken."""
    stepper = round_stepper(players=4, seed=27)
    eat = next(i for i, f in enumerate(stepper.frames) if "indigestion card(s)!" in f.text)
    stepper.go(eat)
    assert stepper.drawn.layout.title.text == f"After event {eat + 1} (whole table)"
    assert count_shapes(stepper.drawn)["token 0"] == 0
    stepper.step(1)
    assert count_shapes(stepper.drawn)["token 0"] == 1


def test_stepper_draws_each_frame_and_view_once():
    from kitchenlab.tem_purr_a.figures import frame_figure

    assert load_renderer("tem_purr_a") is frame_figure
    stepper = shared_round_stepper("tem_purr_a", players=3, seed=2, bots="cautious")
    stepper.step(1)
    first = stepper.drawn
    stepper.show_view(1)
    stepper.show_view(TABLE_VIEW)
    assert stepper.drawn is first                     # drawn once, then reused
    assert set(stepper.cache) == {(0, TABLE_VIEW), (1, TABLE_VIEW), (1, 1)}
    stepper.step(-1)
    assert stepper.drawn is stepper.cache[(0, TABLE_VIEW)] and len(stepper.cache) == 3


@pytest.mark.parametrize("game", kitchenlab.available_games() + ("dice_nim",))
def test_one_round_stepper_for_every_game(game):
    stepper = shared_round_stepper(game, seed=4)
    frames = play.round_frames(game, seed=4)
    assert [f.text for f in stepper.frames] == [f.text for f in frames]
    players = frames[0].state.players
    assert [v for _, v in stepper.toggle.options] == [TABLE_VIEW, PUBLIC_VIEW] + list(range(players))
    for viewer in [TABLE_VIEW, None] + list(range(players)):
        stepper.show_view(viewer)
        assert stepper.drawn is not None and (stepper.index, viewer) in stepper.cache
    stepper.next.click()
    shown = frames[min(1, len(frames) - 1)]
    # the last view chosen is the last seat's: the event reads as that seat may read it (a card drawn
    # by another seat stays unnamed), and as the whole table reads it once the table view is chosen
    assert stepper.event_text == shown.state.log_for(players - 1)[shown.number]
    stepper.show_view(TABLE_VIEW)
    assert stepper.event_text == shown.text
    assert stepper.game == game


def test_a_game_without_a_renderer_shows_its_views_as_text():
    assert kitchenlab.game_info("dice_nim").renderer == ""
    assert load_renderer("dice_nim") is view_html
    stepper = shared_round_stepper("dice_nim", seed=3, pile=4)
    html = stepper.drawn._repr_html_()
    assert f'"pile": {stepper.state.pile}' in html and '"seat 0"' in html and '"seat 1"' in html
    stepper.show_view(None)
    html = stepper.drawn._repr_html_()
    assert '"seat": null' in html and "seat 1" not in html


def test_a_renderer_that_cannot_be_loaded_is_a_clear_error():
    from dataclasses import replace

    from toy_game import INFO

    broken = kitchenlab.registered("dice_nim_broken") or kitchenlab.register(
        replace(INFO, name="dice_nim_broken", renderer="kitchenlab.nowhere:draw"))
    with pytest.raises(KitchenlabError, match="dice_nim_broken: the renderer 'kitchenlab.nowhere:draw'"):
        load_renderer(broken.name)


def test_round_frames_text_matches_engine_log():
    frames = round_frames(players=5, seed=3, bots="random")
    assert frames[0].text.startswith("Round 1: 5 players")
    assert {f.state.round for f in frames} == {1}
    final = play.playout("tem_purr_a", 5, 3, "random")[-1]
    after = final.log[frames[-1].number + 1] if len(final.log) > frames[-1].number + 1 else None
    assert after is None or after.startswith("Round 2:")
    assert [f.text for f in frames] == list(final.log[: frames[-1].number + 1])


# ---------------------------------------------------------------- the risk calculator


def brute_force_risk(n: int, d: int, k: int) -> Fraction:
    """Every set of k cards out of n, counted by hand (cards 0..d-1 are indigestion cards)."""
    draws = list(combinations(range(n), k))
    return Fraction(sum(1 for h in draws if any(c < d for c in h)), len(draws))


@pytest.mark.parametrize("n,d,k", [(60, 1, 6), (10, 2, 3), (12, 6, 4), (30, 3, 0), (20, 0, 7), (17, 3, 3)])
def test_risk_calculator_value_is_the_exact_chance(n, d, k):
    calc = risk_calculator(chart=False)
    calc.n.value, calc.d.value, calc.k.value = n, d, k
    assert calc.value == indigestion_chance(n, d, k)
    assert calc.value == 1 - Fraction(comb(n - d, k), comb(n, k))
    p = calc.value
    shown = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p)
    assert shown in calc.result.value


def test_risk_calculator_small_decks_against_brute_force():
    calc = risk_calculator(chart=False)
    for n, d, k in [(8, 2, 3), (9, 1, 4), (7, 3, 2)]:
        calc.n.value, calc.d.value, calc.k.value = n, d, k
        assert calc.value == brute_force_risk(n, d, k)


def test_risk_text_and_the_chart_marker():
    assert risk_text(60, 1, 6) == "1/10 = 10.0 %"
    assert risk_text(10, 2, 3) == "8/15 = 53.3 %"
    calc = risk_calculator(n=40, d=2, k=9)
    fig = calc.figure()
    marker = fig.data[-1]
    assert list(marker.x) == [9]
    assert marker.y[0] == pytest.approx(float(indigestion_chance(40, 2, 9)))
    calc.k.value = 12
    assert list(calc.drawn.data[-1].x) == [12]


# ---------------------------------------------------------------- the deal explorer


def test_deal_explorer_redraws_for_the_player_count_and_viewer():
    ex = deal_explorer(players=4, seed=7)
    labels = [label for label, _ in ex.players.options]
    assert labels[0] == "2 (exploration only)" and [v for _, v in ex.players.options] == [2, 3, 4, 5, 6, 7]
    assert sum(v for k, v in count_shapes(ex.drawn).items() if k.startswith("hand")) == 20
    ex.players.value = 7
    assert len(ex.viewer.options) == 8
    assert sum(v for k, v in count_shapes(ex.drawn).items() if k.startswith("hand")) == 35
    ex.viewer.value = 6
    shapes = count_shapes(ex.drawn)
    assert shapes["hand 6 up"] == 5 and shapes["hand 0 down"] == 5 and shapes["hand 0 up"] == 0
    ex.players.value = 3  # seat 6 no longer exists: back to the table view
    assert ex.viewer.value == TABLE_VIEW
    ex.players.value = 2
    assert "exploration" in ex.note.value


# ---------------------------------------------------------------- glossaries


def test_every_game_of_the_kit_has_a_glossary():
    assert {"chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"} <= set(glossary_games())
    assert [len(game_terms(g)) for g in ("chefs", "critter_kitchen", "diced_veggies", "tem_purr_a")] == [34, 30, 29, 25]
    for game in glossary_games():
        english = [t.english.lower() for t in game_terms(game)]
        assert len(english) == len(set(english)), f"{game}: an English term appears twice"


def test_tem_purr_a_glossary_holds_the_digest_pairs():
    pairs = {"carta de plato": "dish card", "pila": "stack", "mazo": "deck", "saltar un plato": "skip a dish",
             "comer un bocado": "eat (take a bite)", "servir un plato": "serve a dish",
             "ficha de indigestión": "indigestion token", "ficha de dirección de juego": "direction token",
             "carta de indigestión": "indigestion card", "carta especial": "action card"}
    for spanish, english in pairs.items():
        assert lookup("tem_purr_a", spanish).english == english
    assert "reproducción" in lookup("tem_purr_a", "direction token").note


def test_other_glossaries_keep_the_mistranslation_notes():
    assert lookup("critter_kitchen", "Fanático de la zanahoria").english == "Carrot Fanatic"
    assert "Carro Fanático" in lookup("critter_kitchen", "Carrot Fanatic").note
    assert lookup("chefs", "mazo de robo").english == "draw deck"
    assert "mazo de dibujo" in lookup("chefs", "draw deck").note
    assert "Sumo" in lookup("diced_veggies", "hype").note


def test_glossary_table_selects_terms_in_order():
    table = glossary_table("tem_purr_a", ["stack", "deck"])
    assert list(table.columns) == ["Spanish", "English", "note"]
    assert list(table["English"]) == ["stack", "deck"]
    assert list(table["Spanish"]) == ["pila", "mazo / baraja"]
    assert len(glossary_table("tem_purr_a")) == len(game_terms("tem_purr_a")) == 25


def test_glossary_errors_name_what_is_allowed():
    with pytest.raises(kitchenlab.UnknownGameError, match="unknown game 'chess'; games: chefs"):
        glossary_rows("chess")
    with pytest.raises(kitchenlab.KitchenlabError, match="not an English term"):
        glossary_rows("tem_purr_a", ["spoon"])
    with pytest.raises(kitchenlab.KitchenlabError, match="'cuchara' is not in the glossary"):
        lookup("tem_purr_a", "cuchara")


def test_glossary_html_is_escaped_table():
    html = glossary_html("critter_kitchen", ["maître d'"])
    assert html.count("<tr>") == 2  # header + one row
    assert "maître d&#x27;" in html and "d'<" not in html


def test_glossary_browser_follows_the_chosen_game():
    from kitchenlab.widgets import glossary_browser

    browser = glossary_browser("tem_purr_a")
    assert "dish card" in browser.table.value
    assert [value for _, value in browser.game.options] == list(glossary_games())
    assert ("Tem-Purr-A", "tem_purr_a") in browser.game.options
    browser.game.value = "chefs"
    assert "ingredient counter" in browser.table.value and "dish card" not in browser.table.value
    assert browser.table.value.count("<tr>") == len(game_terms("chefs")) + 1
    first = glossary_browser()                 # by default, the first game with a glossary
    assert first.game.value == glossary_games()[0]
    with pytest.raises(kitchenlab.UnknownGameError, match="unknown game 'chess'"):
        glossary_browser("chess")


def test_every_round_stepper_links_to_its_games_rules():
    import kitchenlab
    from kitchenlab.widgets import round_stepper, rules_href

    for game in kitchenlab.available_games():
        stepper = round_stepper(game, seed=1)
        [row] = [w for w in stepper.widget.children if stepper.back in getattr(w, "children", ())]
        assert row.children[-1] is stepper.rules
        assert f"href='../{game}/00_how_to_play.ipynb'" in stepper.rules.value
        assert "target='_blank'" in stepper.rules.value
    assert rules_href("no_such_game") is None
