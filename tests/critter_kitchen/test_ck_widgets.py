"""Critter Kitchen widgets: the meal builders agree with the scoring functions, the fridge planner with
the bots' rule, the score track with the rulebook's example, and whole games at the shared play
table (``kitchenlab.table.play_widget``) never show another restaurant's hidden things."""

from __future__ import annotations

from collections import Counter

import pytest

from kitchenlab.critter_kitchen.tokens import tokens_of

pytest.importorskip("ipywidgets")

from hypothesis import given, settings, strategies as st

from kitchenlab.critter_kitchen import scoring
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.tokens import TYPES
from kitchenlab.critter_kitchen.widgets import (
    ChallengeMealBuilder,
    CriticMealBuilder,
    FridgePlanner,
    item_tokens,
    meal_items_for,
    play_view_html,
    score_track_figure,
)
from kitchenlab.errors import IllegalActionError, KitchenlabError

STORAGE = "fish7 fish4 fish-spice bread2 bread5 bread-spice cheese3 meat5 allspice bisque soup soup"


# ---------------------------------------------------------------- challenge-meal builder


def test_item_tokens_and_items_for_a_storage():
    assert item_tokens("fish7+spice") == ["fish7", "fish-spice"]
    assert item_tokens("cheese3+allspice") == ["cheese3", "allspice"]
    assert item_tokens("soup") == ["soup"]
    items = meal_items_for("fish7 fish-spice cheese3 soup")
    assert items == ["cheese3", "fish7", "fish7+spice", "soup"]
    with pytest.raises(ValueError):
        item_tokens("fish7+pepper")


def test_rulebook_example_in_the_builder():
    b = ChallengeMealBuilder(STORAGE, "ultimate_melt", chart=False)
    for item in ["fish7+spice", "bread2+spice", "bisque"]:
        b.add(item)
    assert (b.quality, b.stars, b.problems) == (21, 4, [])
    assert "<b>21</b>" in b.quality_html.value and "4 star(s)" in b.quality_html.value
    assert "can be served" in b.validity.value
    assert "kl-meal-builder" in b.widget._dom_classes
    assert "kl-quality" in b.quality_html._dom_classes
    assert all("kl-add-item" in btn._dom_classes for btn in b.buttons.values())


def test_builder_quality_five_is_not_presentable():
    b = ChallengeMealBuilder("fish3 bread2", ["bread", "fish"], chart=False)
    b.add("fish3")
    b.add("bread2")
    assert b.quality == 5 and b.stars == 0
    assert any("not presentable" in p for p in b.problems)
    assert "cannot be served" in b.quality_html.value


def test_buttons_follow_what_is_left_and_clicks_add():
    b = ChallengeMealBuilder(STORAGE, "ultimate_melt", chart=False)
    b.buttons["fish7+spice"].click()
    assert b.items == ["fish7+spice"]
    # the only fish spice is used: no other +spice fish button is enabled, fish7 is gone
    assert b.buttons["fish4+spice"].disabled and b.buttons["fish7"].disabled
    assert not b.buttons["fish4"].disabled and not b.buttons["fish4+allspice"].disabled
    with pytest.raises(ValueError):
        b.add("fish7")
    # the remove chip takes it back
    b.meal_box.children[0].click()
    assert b.items == [] and not b.buttons["fish7+spice"].disabled


def test_hold_checkbox_drops_the_rightmost_requirement():
    b = ChallengeMealBuilder(STORAGE, "ultimate_melt", chart=False, meal=["bread5", "cheese3"])
    assert b.problems and "fish missing" in b.problems[0]
    b.hold.value = True
    assert b.active_requirements == ["bread", "cheese"]
    assert b.problems == [] and b.quality == 8 and b.stars == 1
    assert "<s>fish</s>" in b.req_html.value


def test_builder_chart_marks_the_meal():
    b = ChallengeMealBuilder(STORAGE, "ultimate_melt", meal=["fish7+spice", "bread2+spice", "bisque"])
    marker = b.drawn.data[1]
    assert list(marker.x) == [21] and list(marker.y) == [4]


ITEMS = meal_items_for(STORAGE)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, len(ITEMS) - 1)), max_size=14), st.booleans(),
       st.sampled_from(["ultimate_melt", "tasty_tapas", "savory_stack"]))
def test_builder_state_equals_the_scoring_functions(ops, hold, challenge):
    b = ChallengeMealBuilder(STORAGE, challenge, hold=hold, chart=False)
    mine: list[str] = []
    left = Counter(STORAGE.split())
    for add, i in ops:
        if add:
            item = ITEMS[i]
            need = Counter(item_tokens(item))
            if all(left[t] >= k for t, k in need.items()):
                b.add(item)
                mine.append(item)
                left -= need
            else:
                with pytest.raises(ValueError):
                    b.add(item)
        elif mine:
            item = mine[i % len(mine)]
            b.remove(item)
            # the builder takes back the last copy of that item
            j = len(mine) - 1 - mine[::-1].index(item)
            del mine[j]
            left += Counter(item_tokens(item))
    meal = " ".join(mine)
    reqs = list(load_components().challenge(challenge).requirements)
    if hold:
        reqs = reqs[:-1]
    assert b.meal == meal
    assert b.quality == (scoring.meal_quality(meal) if mine else 0)
    assert b.problems == scoring.validate_challenge_meal(meal, reqs)
    assert b.stars == (0 if b.problems else scoring.challenge_stars(b.quality))
    assert b.available == left


# ---------------------------------------------------------------- fridge


def test_fridge_planner_counts_only_ingredients_and_spices():
    f = FridgePlanner("fish7 fish4 fish2 fish-spice bread6 bread2 cheese5 meat3 allspice soup soup bisque rumor2", 5)
    assert len(f.counted) == 9 and sorted(f.free) == ["bisque", "rumor2", "soup", "soup"]
    assert not f.ok and "put 4 more back" in f.status.value
    assert Counter(f.bot_choice) == Counter(scoring.fridge_keep(f.counted, 5))
    f.bot_button.click()
    assert f.ok and Counter(f.kept) == Counter(f.bot_choice) and len(f.kept) == 5
    f.limit.value = 10
    assert f.ok and len(f.bot_choice) == 9
    f.keep_only(f.counted)
    f.toggles[0].value = False
    assert f.discarded == [f.counted[0]] and f.ok


# ---------------------------------------------------------------- critic meal


def test_critic_builder_rulebook_examples():
    b = CriticMealBuilder("meat6 meat-spice meat3 allspice fish4 fish-spice", critic="kangaroo")
    b.add("meat6+spice")
    assert b.course_qualities()[TYPES.index("meat")] == 18
    b.remove("meat")
    b.add("meat3+allspice")
    assert b.course_qualities()[TYPES.index("meat")] == 6
    b.critic.value = "none"
    b.rumor_boxes[0].value = "fish_fanatic"
    b.add("fish4+spice")
    assert b.course_qualities()[TYPES.index("fish")] == 16


CRITIC_STORAGE = ("bread7 bread4 carrot5 cheese5 cheese3 cheese-spice fish6 fish3 fish-spice meat6 meat5 meat3 "
                  "meat-spice mushroom2 wine6 wine4 wine3 allspice")


@pytest.mark.parametrize("critic,items,pairs", [
    ("kangaroo", ["fish6+spice", "meat6+allspice", "wine6", "bread4"], []),
    ("tree_shrew", ["fish3+spice", "cheese5+allspice", "carrot5"], []),
    ("mouse", ["cheese5+spice", "cheese3+allspice", "wine4"], []),
    ("cow", ["meat6+spice", "meat5", "meat3+allspice", "bread7"], []),
    ("fruit_bat", ["fish6+spice", "meat5"], [("wine4", "fish"), ("wine3", "meat")]),
])
@pytest.mark.parametrize("rumors", [[], ["fish_fanatic", "mercurial", "tender"], ["meat_fanatic", "cheese_fanatic"]])
def test_critic_builder_totals_equal_course_quality(critic, items, pairs, rumors):
    b = CriticMealBuilder(CRITIC_STORAGE, critic=critic, rumors=rumors)
    for item in items:
        b.add(item)
    for wine, course in pairs:
        b.pair(wine, course)
    meal = b.meal
    fans = {load_components().rumor(r).fanatic_type for r in rumors if load_components().rumor(r).is_fanatic}
    expected = [scoring.course_quality(meal.get(t, ""), critic, fanatic=t in fans) for t in TYPES]
    assert b.course_qualities() == expected
    assert b.total == sum(expected) == scoring.critic_meal_quality(meal, critic, fans)
    assert b.problems == scoring.critic_meal_problems(meal, critic) == []
    stars = b.own_stars()
    assert stars["track stars"] == scoring.final_score_stars(b.total)
    non_fanatic = [r for r in rumors if not r.endswith("_fanatic")]
    assert stars["rumors"] == sum(scoring.rumor_stars(r, meal, critic=critic) for r in non_fanatic)


def test_critic_builder_shows_illegal_meals_and_fills_the_best():
    b = CriticMealBuilder(CRITIC_STORAGE, critic="hedgehog", rumors=["mercurial"])
    b.add("cheese5")
    b.add("cheese3")
    assert b.problems == ["the cheese course holds 2 ingredients; at most one"]
    assert "Not legal" in b.table.value
    b.best_button.click()
    best = scoring.best_critic_meal(CRITIC_STORAGE, "hedgehog", ["mercurial"])
    assert b.total == best.total and b.problems == []
    assert b.own_stars()["stars"] == best.stars


def test_critic_builder_jerboa_spends_a_rumor_token_as_allspice():
    b = CriticMealBuilder("fish7 rumor2", critic="jerboa")
    b.add("fish7+allspice")
    assert b.courses["fish"][0][1] == ("fish7", "rumor2")
    assert b.total == 14
    assert not b.can_add("fish7")


# ---------------------------------------------------------------- score track


def test_score_track_figure_places_76_on_space_6():
    fig = score_track_figure([76])
    star = next(t for t in fig.data if t.name.startswith("Player 1"))
    assert "space 6" in star.hovertext[0] and "11 star(s)" in star.hovertext[0]
    assumed = next(t for t in fig.data if "assumed" in t.name)
    known = next(t for t in fig.data if "rulebook" in t.name)
    track = load_components().score_track
    assert len(assumed.x) == sum(1 for s in track if s.assumed)
    assert len(known.x) == sum(1 for s in track if not s.assumed) >= 1
    assert all("assumed" in h for h in assumed.hovertext)


# ---------------------------------------------------------------- a whole game


def _private_copy(state, seat):
    """A copy of ``state`` in which every other seat's storage, plan and meals are replaced."""
    s = state.copy()
    for p in range(s.cfg.seats):
        if p == seat:
            continue
        s.storage[p] = tokens_of(["wine7", "wine7", "meat7", "allspice"])
        if s.phase == "plan":                       # plans are secret until the reveal
            s.plans[p] = {c: len(s.cfg.locs) - 1 - i for i, c in enumerate(s.plans[p])}
        if s.phase == "challenge":
            s.meals[p] = {}
        if s.phase == "critic":
            s.critic_meals[p] = {}
    return s


def _sections(state, seat):
    html = play_view_html(state, seat)
    return [html["header"], html["table"], html["own"]]


def _seated(players, seat, seed, **variants):
    """The shared play table with one person at ``seat`` and greedy bots in the other seats."""
    from kitchenlab.table import play_widget

    seats = ["greedy"] * players
    seats[seat] = "human"
    return play_widget("critter_kitchen", seats=seats, seed=seed, **variants)


@pytest.mark.parametrize("players,seat,seed", [(3, 0, 11), (2, 1, 4)])
def test_a_whole_game_at_the_table_hides_other_restaurants(players, seat, seed):
    from kitchenlab.engine import Rng

    t = _seated(players, seat, seed)
    rng = Rng(seed)
    moves = 0
    phases = set()
    while not t.state.is_over:
        legal = t.legal
        assert legal and t.state.current_player == seat
        phases.add(t.state.phase)
        if moves % 7 == 0:
            before = _sections(t.state, seat)
            assert _sections(_private_copy(t.state, seat), seat) == before
            own = _sections(t.state, seat)[2]
            for tok in t.state.view(seat)["storage"]:
                assert tok in own
        t.choose(rng.choice(legal))
        moves += 1
        assert moves < 3000
    assert phases >= {"plan", "shop", "critic"}
    assert t.legal == [] and t.state.view(seat)["phase"] == "over"
    assert "Game over" in t.result.value
    # the table's game is an ordinary game: replaying its history gives the same state
    import kitchenlab

    replay = kitchenlab.new_game("critter_kitchen", players=players, seed=seed)
    for a in t.state.history:
        replay = replay.apply(str(a))
    assert replay == t.state
    with pytest.raises(KitchenlabError):
        t.choose("take fish7")


def test_other_plans_stay_hidden_until_the_reveal():
    t = _seated(3, 2, 5)
    assert t.state.phase == "plan" and t.state.turn == 2
    # seats 0 and 1 have planned; their plans do not show, and changing them changes nothing shown
    s = t.state.copy()
    s.plans[0] = {c: (i + 1) for i, c in enumerate(s.plans[0])}
    assert _sections(s, 2) == _sections(t.state, 2)
    assert not any("reveals" in line for line in t.state.log_for(2))


def test_a_bad_move_at_the_table_changes_nothing():
    t = _seated(3, 1, 3)
    before = t.state
    with pytest.raises(IllegalActionError):
        t.choose("serve meal 9")
    assert t.state is before
    from kitchenlab.table import play_widget

    with pytest.raises(KitchenlabError, match="seat 2 is 'nobody'"):
        play_widget("critter_kitchen", seats=["human", "nobody", "greedy"])


def test_solo_at_the_table_against_mcdogalds():
    from kitchenlab.critter_kitchen.play_table import autoplay

    t = _seated(1, 0, 7)
    assert len(t.state.view(0)["players"]) == 2 and t.state.view(0)["players"][1]["name"] == "McDogald's"
    autoplay(t)
    assert t.state.is_over
    final = t.state.view(0)["final"]
    me, rival = t.state.stars[0], t.state.stars[1]
    if me != rival:
        assert t.state.winners() == ([0] if me > rival else [])
    assert len(final) == 2 and "McDogald" in t.result.value


def test_the_fridge_bot_choice_at_the_table_keeps_the_limit():
    from kitchenlab.critter_kitchen.play_table import autoplay
    from kitchenlab.critter_kitchen.tokens import is_ingredient, is_spice

    t = _seated(3, 0, 0, fridge_day1=1)
    while not t.state.is_over and t.state.phase != "fridge":
        autoplay(t, 1)
    assert t.state.phase == "fridge" and t.state.round == 3 and t.state.current_player == 0
    mine = [x for x in t.state.view(0)["storage"] if is_ingredient(x) or is_spice(x)]
    assert len(mine) > 1
    keep = scoring.fridge_keep(t.state.view(0)["storage"], 1)
    _find(t, "kl-bot-choice")[0].click()
    assert t.message.value == ""
    seat0_discards = [line for line in t.state.log if line.startswith("Player 1 puts")]
    assert len(seat0_discards) == len(mine) - 1
    assert all(x not in line for line in seat0_discards for x in keep)


# ---------------------------------------------------------------- at the shared play table


def _table(seed=2, seats=("human", "greedy", "greedy")):
    from kitchenlab.table import play_widget

    return play_widget("critter_kitchen", seats=list(seats), seed=seed)


def _all(w):
    """``w`` and every widget inside it."""
    out = [w]
    for c in getattr(w, "children", ()):
        out += _all(c)
    return out


def _find(t, cls):
    return [w for row in t.actions.children for w in _all(row) if cls in w._dom_classes]


def _shown_text(t) -> str:
    parts = [t.since.value, t.message.value, t.result.value]
    for row in t.actions.children:
        for w in _all(row):
            parts.append(str(getattr(w, "value", "") if hasattr(w, "value") else ""))
            parts.append(str(getattr(w, "description", "")))
            parts += [str(o) for o in getattr(w, "options", ())]
    return "\n".join(parts)


def _answer_yes(t):
    _find(t, "kl-confirm-yes")[0].click()


def _play_through(t, until=None, limit=400):
    """Click through the helper's controls (send the plan, the first button, yes to questions)."""
    for _ in range(limit):
        if t.state.is_over or (until is not None and until(t)):
            return
        if _find(t, "kl-confirm-yes"):
            _answer_yes(t)
        elif t.state.phase == "plan":
            _find(t, "kl-send")[0].click()
        else:
            next(iter(t.move_buttons.values())).click()
    raise AssertionError("the game did not move on")


def test_the_shared_table_offers_critter_kitchens_plan_chooser():
    t = _table()
    assert t.move_helper is not None
    boxes = _find(t, "kl-plan")
    assert [b.description.split(" (")[0] for b in boxes] == ["mouse", "lizard", "boar"]
    boxes[1].value = boxes[0].value              # two chefs to one location: refused, nothing played
    _find(t, "kl-send")[0].click()
    assert "different location" in t.message.value and t.state.steps == 0
    for b, i in zip(_find(t, "kl-plan"), (0, 1, 2)):
        b.value = i
    _find(t, "kl-send")[0].click()                # one click sends the three chefs
    plan = [e.data["plan"] for e in t.state.events if e.kind == "reveal" and e.data["seat"] == 0]
    assert plan == [{"mouse": 0, "lizard": 1, "boar": 2}]


def test_what_the_others_did_this_round_is_summed_up():
    from kitchenlab.critter_kitchen.play_table import round_summary

    t = _table()
    _find(t, "kl-send")[0].click()
    summary = round_summary(t.state, 0)
    assert list(summary) == ["Player 2", "Player 3"]
    assert summary["Player 2"][:2] == ["reveals: mouse -> Soup Truck, lizard -> Water Market, boar -> Midnight Merchant",
                                       "mouse takes bisque"]
    assert summary["Player 3"][1] == "mouse takes soup"
    assert "This round (1), the others:" in t.actions.children[0].children[1].value


def test_an_item_comes_back_out_of_a_meal_and_done_asks_first():
    t = _table()
    _play_through(t, until=lambda t: t.state.phase == "challenge" and t.to_act == 0)
    adds = _find(t, "kl-add-item")
    assert adds, "a challenge meal to build"
    before = t.state
    adds[0].click()
    assert t.state.view(0)["meals"] and t.can_undo       # putting an item in reveals nothing: undoable
    t.undo()
    assert t.state is before and not t.state.view(0)["meals"]
    _find(t, "kl-done")[0].click()                        # Done asks; nothing is played yet
    assert t.state is before and "Done with the challenge meals?" in _shown_text(t)
    _find(t, "kl-confirm-no")[0].click()
    assert t.state is before and _find(t, "kl-add-item")
    _find(t, "kl-done")[0].click()
    _answer_yes(t)
    assert t.state.phase != "challenge" or t.to_act != 0
    assert "done with challenges" in [str(a) for a in t.state.history[before.steps:]]


def test_the_critic_meal_is_scored_only_when_the_player_says_so():
    from kitchenlab.critter_kitchen.play_table import ends_the_meal

    t = _table()
    _play_through(t, until=lambda t: t.state.phase == "critic" and t.to_act == 0)
    asked = 0
    while not t.state.is_over:
        last = [m for m in t.legal if m != "done with critic meal" and ends_the_meal(t.state, m)]
        if last or "done with critic meal" in t.legal:
            button = t.move_buttons[last[0] if last else "done with critic meal"]
            assert "kl-done" in button._dom_classes or "completes the meal" in button.description
            state = t.state
            button.click()
            assert t.state is state and "scored" in _shown_text(t)     # a question, not the move
            _answer_yes(t)
            asked += 1
        else:
            next(iter(t.move_buttons.values())).click()
    assert asked == 1 and t.state.is_over and "Game over" in t.result.value


@pytest.mark.parametrize("seed", [2, 5])
def test_a_whole_game_through_the_helper_never_shows_a_raw_zous_token(seed):
    t = _table(seed)
    seen, hired = set(), False
    for _ in range(400):
        if t.state.is_over:
            break
        seen.add(t.state.phase)
        assert "zous:" not in _shown_text(t)
        if _find(t, "kl-confirm-yes"):
            _answer_yes(t)
        elif t.state.phase == "plan":
            boxes = _find(t, "kl-plan")
            academy = t.state.cfg.loc_names.index("Chef Academy")
            if academy in dict(boxes[-1].options).values():
                boxes[-1].value = academy                          # the last chef goes to the Academy
            _find(t, "kl-send")[0].click()
        else:
            zous = [b for m, b in t.move_buttons.items() if "zous" in m]     # hire a zous-chef when offered
            (zous or list(t.move_buttons.values()))[0].click()
            hired = hired or bool(zous)
    assert t.state.is_over and {"plan", "shop", "challenge", "critic"} <= seen and hired


def test_zous_chefs_are_named_with_their_ability():
    from kitchenlab.critter_kitchen import new_state
    from kitchenlab.critter_kitchen.play_table import zous_names

    s = new_state(3, seed=1)
    assert zous_names(s, "take zous:beaver") == "take zous-chef Beaver (carries 2; takes 1 soup after its last pick ⚠)"
    assert zous_names(s, "take fish7") == "take fish7"


def test_the_play_table_names_each_known_rumor_cards_effect():
    import kitchenlab
    from kitchenlab.critter_kitchen.play_table import own_html
    from kitchenlab.critter_kitchen.rumors import rumor_effect_text
    from kitchenlab.engine import Rng

    state, rng = kitchenlab.new_game("critter_kitchen", players=3, seed=4), Rng(4)
    while not state.known_kinds(0):
        state = state.apply(rng.choice(state.legal_actions()))
    html = own_html(state, 0)
    comps = state.cfg.comps
    for k, rid in enumerate(state.rumor_cards, start=1):
        card = comps.rumor(rid)
        if k in state.known_kinds(0):
            assert f"rumor {k}: {card.name} — {rumor_effect_text(card)}" in html.replace("&#x27;", "'")
        else:
            assert f"rumor {k}: face down (you do not know it)" in html
