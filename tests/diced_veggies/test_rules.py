"""Every rule of the Diced Veggies digest, on dealt games and hand-made positions."""

from __future__ import annotations

import json

import pytest

import kitchenlab
from kitchenlab import IllegalActionError, PositionError
from kitchenlab.diced_veggies import from_position, legal_cuts
from kitchenlab.diced_veggies.actions import Kind
from kitchenlab.diced_veggies.cleaver import Block
from kitchenlab.engine import Rng

# Recipes of data/diced_veggies/recipes.csv used below (id: ingredients, points)
MUSHROOM_TOAST, PEPPER_POPPERS, CARROT_STICKS, SKEWERS, SALAD = 1, 2, 3, 6, 9   # MM 2, PP 2, CC 2, MP 2, MMP 3
# Hypes of hypes.csv (id: rule, points)
NINETEEN, RUN, DAINTY, MUSHROOM_LOVER, ALL_ALIKE = 7, 13, 10, 24, 15  # sum = 19: 5; run: 4; sum <= 10: 2; extra M: 3 per M; same: 5


def play(state, *texts):
    for t in texts:
        state = state.apply(t)
    return state


def kinds(state):
    return {a.kind for a in state.legal_actions()}


def of_kind(state, kind):
    return [a for a in state.legal_actions() if a.kind == kind]


def pos(players=2, **fields):
    variants = fields.pop("variants", {})
    return from_position(players, seed=fields.pop("seed", 3), position=fields, **variants)


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_two_recipes_one_hype_a_token_and_three_on_display(players):
    s = kitchenlab.new_game("diced_veggies", players=players, seed=11)
    assert s.current_player == 0
    assert all(len(r) == 2 for r in s.recipes) and all(len(h) == 1 for h in s.hypes)
    assert s.chef == (True,) * players and len(s.display) == 3
    assert sum(d is not None for d in s.block) == 35          # the block is full: 5 x 7
    assert len(s.recipe_deck) == 44 - 3 - 2 * players and len(s.hype_deck) == 34 - players
    assert all(s.frame[c] == 0 for c in s.frame)
    colours = [d[0] for d in s.block]
    assert all(colours.count(c) == 7 for c in "MPCTO")
    assert all(int(d[1]) in (2, 3, 4, 5, 6) for d in s.block)


def test_recipes_are_open_and_hypes_hidden():
    s = kitchenlab.new_game("diced_veggies", players=3, seed=2)
    v0, pub = s.view(0), s.view(None)
    assert v0["recipes"] == pub["recipes"] == [list(r) for r in s.recipes]
    assert v0["hypes"] == list(s.hypes[0]) and pub["hypes"] is None
    assert pub["hype_counts"] == [1, 1, 1]
    text = json.dumps(s.view(1))
    assert "hype_deck_order" not in text and str(list(s.hype_deck)) not in text
    with pytest.raises(kitchenlab.SeatError):
        s.view(3)


# ---------------------------------------------------------------- restock


def test_restock_is_offered_only_when_a_colour_is_missing():
    s = pos(block=["M2 P3 C4 T5 O6"])
    assert s.phase == "cut" and Kind.RESTOCK not in kinds(s)
    s = pos(block=["M2 P3 C4 T5"])                 # no onion
    assert s.phase == "restock" and kinds(s) == {Kind.RESTOCK, Kind.KEEP}
    kept = s.apply("keep the block")
    assert kept.block == s.block and kept.phase == "cut"


def test_restock_is_compulsory_when_the_block_is_empty():
    s = pos(block=[".. .."], dice=[["M2"], []])
    assert s.phase == "cut"
    assert "must restock" in s.log[-1] or any("must restock" in line for line in s.log)
    assert sum(d is not None for d in s.block) == 34    # every die but the one Player 1 keeps


def test_restock_rolls_the_block_and_spent_dice_keeps_unspent_and_returns_tokens():
    s = pos(block=["M2 P3 C4 T5"], dice=[["O2", "O3"], ["M6"]], chef=[False, False])
    r = s.apply("restock the block")
    assert r.dice == s.dice                                 # players keep their unspent dice
    assert r.chef == (True, True)                           # spent chef tokens return
    n = sum(d is not None for d in r.block)
    assert n == 35 - 3 and all(v == 0 for v in r.frame.values())
    assert r.block[:n] == tuple(d for d in r.block if d is not None)   # row by row from the top-left
    colours = [d[0] for d in r.block if d is not None]
    assert colours.count("O") == 5 and colours.count("M") == 6
    assert r.phase == "cut"


def test_staircase_restock_is_one_piece_in_the_corner():
    for seed in range(30):
        s = pos(block=["M2 P3"], dice=[["O2", "O3", "C2"], ["M6", "T2"]], seed=seed,
                variants={"restock_shape": "staircase"})
        r = s.apply("restock the block")
        b = Block(5, 7, r.block)
        rows = [sum(b.die(i, c) is not None for c in range(7)) for i in range(5)]
        assert rows == sorted(rows, reverse=True) and sum(rows) == 30
        for i in range(5):   # each row is filled from the left
            assert all(b.die(i, c) is not None for c in range(rows[i]))


# ---------------------------------------------------------------- cut


def test_a_cut_takes_the_dice_unchanged_and_the_total_is_at_most_ten():
    s = pos(block=["M2 P3 C6 T5 O2 M4 P4", "C5 T6 O6 M6 P6 C6 T6"])
    for a in of_kind(s, Kind.CUT):
        assert a.total <= 10
        t = s.apply(a)
        got = sorted(s.block[r * 7 + c] for r, c in a.cells)
        assert sorted(t.dice[0]) == got                     # cutting never changes the dice
        rest = Block(5, 7, t.block)
        assert rest.count == 14 - len(a.cells)
    assert {frozenset(a.cells) for a in of_kind(s, Kind.CUT)} == \
        {c.cells for c in legal_cuts(Block(5, 7, s.block))}


def test_the_whole_block_is_taken_without_cutting_when_it_totals_ten_or_less():
    s = pos(block=["M2 P3 C5"], dice=[[], []], phase="cut")
    takes = of_kind(s, Kind.TAKE_ALL)
    assert [str(a) for a in s.legal_actions()] == ["take the whole block (total 10)"]   # no cut offered
    t = s.apply(takes[0])
    assert t.dice[0] == ("C5", "M2", "P3") and all(d is None for d in t.block)
    big = pos(block=["M6 P3 C5"], phase="cut")
    assert not of_kind(big, Kind.TAKE_ALL)


def test_blade_entry_variant_offers_more_cuts():
    rows = ["M2 P2 C2 .. .. .. ..", "T2 O2 M2 .. .. .. ..", "P2 C2 T2 .. .. .. .."]
    edge = pos(block=rows, phase="cut")
    middle = pos(block=rows, phase="cut", variants={"blade_entry": "middle"})
    assert len(of_kind(edge, Kind.CUT)) == 20 and len(of_kind(middle, Kind.CUT)) == 28


# ---------------------------------------------------------------- cook, hype, chef token


def test_cook_several_recipes_in_one_turn_or_none():
    s = pos(block=["M2 P3 C6 T5 O2"], dice=[["M2", "M5", "P3", "P4"], []], recipes=[[MUSHROOM_TOAST, PEPPER_POPPERS], []],
            phase="cook", chef=[False, True])
    texts = [str(a) for a in s.legal_actions()]
    assert "cook Mushroom Toast [M M, 2 pts] with M2 M5" in texts and "done cooking" in texts
    s1 = s.apply("cook Mushroom Toast [M M, 2 pts] with M2 M5")
    s2 = s1.apply("cook Pepper Poppers [P P, 2 pts] with P3 P4")
    assert s2.cooked[0] == ((MUSHROOM_TOAST, 0, ("M2", "M5")), (PEPPER_POPPERS, 0, ("P3", "P4")))
    assert s2.dice[0] == () and s2.recipes[0] == ()
    assert s2.frame["M"] == s.frame["M"] + 2 and s2.frame["P"] == s.frame["P"] + 2   # cooked dice to the frame
    assert s2.scores()[0] == 4 and s2.view(1)["cooked_counts"] == [2, 0]
    none = s.apply("done cooking")
    assert none.phase == "card" and none.cooked[0] == ()


def test_each_die_is_one_ingredient_of_its_colour():
    s = pos(dice=[["M2", "P3"], []], recipes=[[MUSHROOM_TOAST, SKEWERS], []], phase="cook", chef=[False, True])
    cooks = [str(a) for a in of_kind(s, Kind.COOK)]
    assert cooks == ["cook Mushroom & Pepper Skewers [M P, 2 pts] with M2 P3"]


def test_one_hype_per_recipe_whose_condition_the_dice_meet():
    # 6 + 6 + 3 = 15: not 19, not a run, not 10 or less: no hype can be paired, cooking goes on.
    s = pos(dice=[["M6", "M6", "P3", "P4"], []], recipes=[[SALAD], []], hypes=[[NINETEEN, RUN, DAINTY], []],
            phase="cook", chef=[False, True])
    t = s.apply("cook Mushroom & Pepper Salad [M M P, 3 pts] with M6 M6 P3")
    assert t.phase == "cook" and t.cooked[0] == ((SALAD, 0, ("M6", "M6", "P3")),)
    # 2 + 3 + 4 is a run (and totals 9, so "10 or less" qualifies too): both hypes are offered, one is paired.
    s = pos(dice=[["M2", "M3", "P4"], []], recipes=[[SALAD], []], hypes=[[NINETEEN, RUN, DAINTY], []],
            phase="cook", chef=[False, True])
    t = s.apply("cook Mushroom & Pepper Salad [M M P, 3 pts] with M2 M3 P4")
    assert t.phase == "hype" and {a.card for a in of_kind(t, Kind.HYPE)} == {RUN, DAINTY}
    t = t.apply(next(a for a in of_kind(t, Kind.HYPE) if a.card == RUN))
    assert t.phase == "cook" and t.cooked[0] == ((SALAD, RUN, ("M2", "M3", "P4")),)
    assert t.hypes[0] == (NINETEEN, DAINTY) and t.scores()[0] == 3 + 4


def test_the_chef_token_changes_one_die_before_cooking():
    # A carrot changed to a tomato no longer cooks a carrot recipe; a number change can make 19.
    risotto = 14   # M P C, 4 pts
    s = pos(dice=[["M6", "P6", "C6"], []], recipes=[[risotto], []], hypes=[[NINETEEN], []], phase="cook")
    t = s.apply("chef token: C6 → T6(C)")
    assert not of_kind(t, Kind.COOK) and not of_kind(t, Kind.CHEF)     # one change per token
    s = pos(dice=[["M6", "P6", "C5"], []], recipes=[[risotto], []], hypes=[[NINETEEN], []], phase="cook")
    t = s.apply("cook Mushroom & Pepper Risotto [M P C, 4 pts] with C5 M6 P6")      # 17: no hype
    assert t.phase == "cook" and t.scores()[0] == 4
    s = pos(dice=[["M6", "P6", "C5"], []], recipes=[[risotto], []], hypes=[[NINETEEN], []], phase="cook")
    t = play(s, "chef token: C5 → C6", "cook Mushroom & Pepper Risotto [M P C, 4 pts] with C6 M6 P6")   # 18
    assert t.phase == "cook" and t.scores()[0] == 4


def test_nineteen_exactly_pairs_five_points():
    # 6 + 6 + 5 + 2 = 19 with a four-dice recipe (recipe 23: M M C O? use the table's MPCT = 15? pick by ingredients)
    comps = kitchenlab.diced_veggies.load_components()
    rid = next(r.id for r in comps.recipes if r.ingredients == "MPCT")
    s = pos(dice=[["M6", "P6", "C5", "T2"], []], recipes=[[rid], []], hypes=[[NINETEEN], []],
            phase="cook", chef=[False, True])
    s = s.apply(of_kind(s, Kind.COOK)[0])
    assert [str(a).split(" [")[0] for a in of_kind(s, Kind.HYPE)] == ["pair hype Nineteen to the Dozen"]
    s = s.apply(of_kind(s, Kind.HYPE)[0])
    assert s.cooked[0] == ((rid, NINETEEN, ("C5", "M6", "P6", "T2")),)
    assert s.scores()[0] == comps.recipe(rid).points + 5
    assert NINETEEN not in s.hypes[0]


def test_extra_mushroom_hype_scores_three_per_mushroom():
    # The digest's sample: an extra mushroom scoring 3 per mushroom.
    s = pos(dice=[["M2", "M3", "M5", "P4"], []], recipes=[[MUSHROOM_TOAST], []], hypes=[[MUSHROOM_LOVER], []],
            phase="cook", chef=[False, True])
    s = s.apply("cook Mushroom Toast [M M, 2 pts] with M2 M3")
    assert [str(a) for a in of_kind(s, Kind.HYPE)] == ["pair hype Mushroom Lover [extra M; 3 per M pts] adding M5"]
    s = s.apply(of_kind(s, Kind.HYPE)[0])
    assert s.dice[0] == ("P4",)                        # the extra die is spent too
    assert s.scores()[0] == 2 + 3 * 3


def test_no_hype_can_be_chosen():
    s = pos(dice=[["M2", "M2"], []], recipes=[[MUSHROOM_TOAST], []], hypes=[[ALL_ALIKE], []], phase="cook",
            chef=[False, True])
    s = s.apply("cook Mushroom Toast [M M, 2 pts] with M2 M2")
    assert kinds(s) == {Kind.HYPE, Kind.NO_HYPE}
    assert s.apply("pair no hype").scores()[0] == 2
    assert s.apply(of_kind(s, Kind.HYPE)[0]).scores()[0] == 7


def test_chef_token_changes_colour_or_number_once_until_restock():
    s = pos(dice=[["M2", "P3"], []], recipes=[[MUSHROOM_TOAST], []], phase="cook")
    chef = [str(a) for a in of_kind(s, Kind.CHEF)]
    assert "chef token: P3 → M3(P)" in chef and "chef token: M2 → M6" in chef
    assert len(chef) == 2 * (4 + 4)                     # 4 other colours + 4 other numbers, per die
    s = s.apply("chef token: P3 → M3(P)")
    assert s.chef[0] is False and not of_kind(s, Kind.CHEF)
    s = s.apply("cook Mushroom Toast [M M, 2 pts] with M2 M3(P)")
    assert s.frame["P"] == pos(dice=[["M2", "P3"], []]).frame["P"] + 1   # the die goes back as a pepper


def test_chef_number_variant_is_plus_or_minus_one():
    s = pos(dice=[["M4"], []], phase="cook", variants={"chef_number": "plus_minus_one"})
    assert sorted(str(a) for a in of_kind(s, Kind.CHEF) if "M" in a.dice[1][:1]) == \
        ["chef token: M4 → M3", "chef token: M4 → M5"]


# ---------------------------------------------------------------- card, limits, reshuffle


def test_card_hype_or_recipe_from_display_or_deck_and_the_display_refills():
    s = pos(phase="cook", chef=[False, False])
    s = s.apply("done cooking")
    assert s.phase == "card"
    texts = [str(a) for a in s.legal_actions()]
    assert texts[0] == "draw a hype" and texts[-1] == "draw a recipe from the deck" and len(texts) == 5
    take = of_kind(s, Kind.TAKE_RECIPE)[0]
    t = s.apply(take)
    assert take.card in t.recipes[0] and take.card not in t.display and len(t.display) == 3
    assert t.display[-1] == s.recipe_deck[-1]
    h = s.apply("draw a hype")
    assert h.hypes[0] == (s.hype_deck[-1],) and h.current_player == 1


def test_end_of_turn_limits_with_the_players_choice():
    dice = ["M2", "M3", "P2", "P3", "C2", "C3", "T2", "T3", "O2"]
    s = pos(dice=[dice, []], recipes=[[1, 2], []], hypes=[[4, 5], []], phase="cook", chef=[False, False])
    s = play(s, "done cooking", "draw a hype")
    assert s.phase == "limits" and s.current_player == 0
    assert [str(a) for a in s.legal_actions()][:2] == ["discard die C2", "discard die C3"]
    s = s.apply("discard die O2")
    assert s.dice[0] == tuple(sorted(dice[:-1])) and s.frame["O"] == 1   # the die goes to the frame
    assert {a.kind for a in s.legal_actions()} == {Kind.DISCARD_HYPE}
    s = s.apply(of_kind(s, Kind.DISCARD_HYPE)[-1])
    assert len(s.hypes[0]) == 2 and s.current_player == 1 and len(s.hype_discard) == 1


def test_recipe_limit_is_two():
    s = pos(recipes=[[1, 2], []], phase="cook", chef=[False, False])
    s = play(s, "done cooking", "draw a recipe from the deck")
    assert s.phase == "limits" and {a.kind for a in s.legal_actions()} == {Kind.DISCARD_RECIPE}
    s = s.apply("discard recipe Mushroom Toast [M M, 2 pts]")
    assert 1 not in s.recipes[0] and s.recipe_discard == (1,) and s.current_player == 1


def test_decks_are_reshuffled_from_their_discards():
    s = pos(phase="cook", chef=[False, False])
    s.hype_discard = tuple(s.hype_deck[:-1])
    s.hype_deck = [s.hype_deck[-1]]
    s = play(s, "done cooking", "draw a hype")
    s = play(s, *(["keep the block"] if s.phase == "restock" else []))
    assert s.hype_deck == []
    s = s.apply(of_kind(s, Kind.CUT)[0])
    while s.phase != "card":
        s = s.apply("done cooking")
    s = s.apply("draw a hype")
    assert any("hype deck ran out" in line for line in s.log)
    assert len(s.hype_deck) == 33 - 1 and s.hype_discard == ()


# ---------------------------------------------------------------- the end


def _near_end(players=3, **variants):
    others = [(["P2", "P3"], PEPPER_POPPERS), (["C2", "C3"], CARROT_STICKS), (["T2", "T3"], 4)][:players - 1]
    return pos(players, dice=[["M2", "M3"]] + [d for d, _ in others],
               recipes=[[MUSHROOM_TOAST]] + [[r] for _, r in others],
               cooked=[[10, 11, 12, 13, 14]] + [[] for _ in range(players - 1)],
               display=[40, 41, 42], phase="cook", chef=[False] * players, variants=variants)


def test_sixth_recipe_triggers_the_end_with_final_turns_and_a_last_cook():
    s = _near_end()
    s = s.apply("cook Mushroom Toast [M M, 2 pts] with M2 M3")
    assert s.trigger == 0 and "sixth recipe" in s.log[-1]
    s = play(s, "done cooking", "draw a hype")      # Player 1 finishes the turn
    seen = []
    rng = Rng(1)
    while not s.is_over:
        if s.phase in ("cut", "restock") and (not seen or seen[-1] != s.current_player):
            seen.append(s.current_player)
        if s.final_cook and s.current_player is not None and "final" not in seen:
            seen.append("final")
        legal = s.legal_actions()
        done = [a for a in legal if a.kind == Kind.DONE]
        cooks = [a for a in legal if a.kind == Kind.COOK]
        s = s.apply(cooks[0] if cooks and s.final_cook else done[0] if done and not s.final_cook else rng.choice(legal))
    assert seen[:3] == [1, 2, 0]                        # every player, Player 1 included, has one more turn
    assert any("Last cook" in line for line in s.log)
    assert s.cooked[1] and s.cooked[1][-1][0] == PEPPER_POPPERS   # cooked in the last cook
    assert s.winners() == [0] and s.scores()[0] == sum(
        kitchenlab.diced_veggies.load_components().recipe(r).points for r in (10, 11, 12, 13, 14, 1))


def test_no_final_cook_variant_ends_after_the_last_turns():
    s = _near_end(final_cook=False)
    s = play(s, "cook Mushroom Toast [M M, 2 pts] with M2 M3", "done cooking", "draw a hype")
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(next((a for a in legal if a.kind in (Kind.DONE, Kind.KEEP)), legal[0]))
    assert not any("Last cook" in line for line in s.log)


def test_ties_are_shared():
    s = pos(2, dice=[["M2", "M3"], ["P2", "P3"]], recipes=[[MUSHROOM_TOAST], [PEPPER_POPPERS]],
            cooked=[[10, 11, 12, 13, 15], [16, 17, 18, 19]], display=[40, 41, 42], phase="cook",
            chef=[False, False])
    comps = kitchenlab.diced_veggies.load_components()
    s = play(s, "cook Mushroom Toast [M M, 2 pts] with M2 M3", "done cooking", "draw a hype")
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(next((a for a in legal if a.kind in (Kind.KEEP, Kind.DONE)), legal[0]))
    a, b = s.scores()
    assert a == sum(comps.recipe(r).points for r in (10, 11, 12, 13, 15, 1))
    assert s.winners() == ([0, 1] if a == b else [0] if a > b else [1])
    # a direct tie: same totals share the win
    from kitchenlab.diced_veggies.scoring import shared_winners
    assert shared_winners([20, 20, 5]) == [0, 1]


def test_solo_game_ends_and_is_rated():
    s = kitchenlab.new_game("diced_veggies", players=1, seed=4)
    rng = Rng(4)
    while not s.is_over:
        s = s.apply(kitchenlab.game_info("diced_veggies").bot("greedy")(s, rng))
    assert s.winners() == [0]
    assert s.result_text().startswith(f"solo score {s.scores()[0]}")
    assert "Solo rating" in s.log[-1]


def test_solo_game_ends_when_the_recipe_deck_runs_out():
    s = pos(1, phase="cook", chef=[False])
    s.recipe_deck = [s.recipe_deck[-1]]
    s = play(s, "done cooking", "draw a recipe from the deck")
    s = s.apply(of_kind(s, Kind.DISCARD_RECIPE)[0]) if s.phase == "limits" else s
    assert s.trigger == 0 and any("recipe deck has run out" in line for line in s.log)


# ---------------------------------------------------------------- positions, errors, determinize


def test_bad_positions_say_what_is_wrong():
    with pytest.raises(PositionError, match="more mushroom dice"):
        pos(block=["M2 M2 M2 M2", "M2 M2 M2 M2"])
    with pytest.raises(PositionError, match="card ids are 1..44"):
        pos(recipes=[[99], []])
    with pytest.raises(PositionError, match="two places"):
        pos(recipes=[[1], [1]])
    with pytest.raises(PositionError, match="unknown field"):
        pos(deck=[1])


def test_illegal_action_changes_nothing():
    s = pos(block=["M2 P3 C6 T5 O2"])
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="cut a1"):
        s.apply("cut everything")
    assert s.to_json() == before


@pytest.mark.parametrize("players", [1, 2, 4])
def test_determinize_keeps_views_and_redeals_hidden_hypes(players):
    s = kitchenlab.new_game("diced_veggies", players=players, seed=8)
    rng = Rng(8)
    for _ in range(30):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    for seat in [None] + list(range(players)):
        d = s.determinize(seat, 5)
        assert d.view(seat) == s.view(seat) and d.view(None) == s.view(None)
        if seat is not None:
            assert d.hypes[seat] == s.hypes[seat]
        assert sorted(d.hype_deck + [h for hs in d.hypes for h in hs]) == \
            sorted(s.hype_deck + [h for hs in s.hypes for h in hs])
        assert sorted(d.recipe_deck) == sorted(s.recipe_deck)
    changed = any(s.determinize(None, k).hype_deck != s.hype_deck for k in range(5))
    assert changed


def test_position_saves_and_loads():
    s = pos(block=["M2 P3 C6 T5"], recipes=[[1], [2]])
    s = s.apply("keep the block")
    assert kitchenlab.load_state(s.to_json()) == s


# ---------------------------------------------------------------- the solo table (seed 004)


@pytest.mark.parametrize("score,label", [
    (0, "technique needs refining"), (30, "technique needs refining"), (31, "now you're cooking!"),
    (40, "now you're cooking!"), (41, "impressive cleaver work"), (50, "impressive cleaver work"),
    (51, "expert-level knife skills"), (60, "expert-level knife skills"), (61, "now you're just showing off"),
    (70, "now you're just showing off"), (71, None), (75, None), (80, None), (81, "how?!"), (140, "how?!"),
])
def test_solo_rating_follows_the_seed_and_leaves_71_to_80_open(score, label):
    from kitchenlab.diced_veggies import solo_rating

    assert solo_rating(score) == label


def test_solo_rating_refuses_a_bad_score():
    from kitchenlab.diced_veggies import solo_rating

    with pytest.raises(ValueError):
        solo_rating(-1)


def test_take_all_action_knows_its_total():
    s = pos(block=["M2 P3 C5"], dice=[[], []], phase="cut")
    take = of_kind(s, Kind.TAKE_ALL)[0]
    assert take.total == 10 and not of_kind(s, Kind.CUT)
    cuts = of_kind(pos(block=["M2 P3 C5"], dice=[[], []], phase="cut", variants={"small_block": "may_cut"}), Kind.CUT)
    assert [a.total for a in cuts] == [2, 5, 8, 5]


def test_the_round_counts_full_rotations():
    s = kitchenlab.new_game("diced_veggies", players=3, seed=6)
    rng = Rng(6)
    turns = []
    while len(turns) < 7:
        before = sum(1 for e in s.events if e.kind == "turn")
        s = s.apply(rng.choice(s.legal_actions()))
        if sum(1 for e in s.events if e.kind == "turn") > before and not s.is_over:
            turns.append((s.round, s.current_player))
    assert turns[:6] == [(1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]


def test_no_legal_cut_and_more_than_ten_takes_no_dice():
    # A ring-like block: every cut would leave the rest in two pieces or total more than 10.
    rows = ["C5 M6 M6", "M6 .. C5", "P6 P6 ..", "M6 .. M6", "M6 C5 C5"]
    assert legal_cuts(rows) == []
    s = pos(block=rows, phase="cut")
    assert [str(a) for a in s.legal_actions()] == ["take no dice (no legal cut)"]
    t = s.apply("take no dice (no legal cut)")
    assert t.block == s.block and t.dice[0] == () and t.phase in ("cook", "card")
