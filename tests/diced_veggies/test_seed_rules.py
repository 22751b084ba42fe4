"""Diced Veggies rules read to the letter of the seed (``004_…``, Spanish), with their variants.

Card ids and points come from data/diced_veggies/recipes.csv (the kit's own table): recipes 10-13
are worth 3 points each, 14 is worth 4, 1 (Mushroom Toast, M M) and 2 (Pepper Poppers, P P) 2 each.
"""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.diced_veggies import from_position
from kitchenlab.diced_veggies.actions import Kind
from kitchenlab.sim import play_game

TOAST, POPPERS = 1, 2


def pos(players=2, **fields):
    variants = fields.pop("variants", {})
    return from_position(players, seed=fields.pop("seed", 3), position=fields, **variants)


def turn_players(state, since: int = 0) -> list[int]:
    return [e.data["player"] for e in state.events[since:] if e.kind == "turn"]


def quiet_move(state):
    """Keep the block, the first cut, no hype, done cooking, draw a hype, the first discard."""
    legal = state.legal_actions()
    for kind in (Kind.KEEP, Kind.CUT, Kind.TAKE_ALL, Kind.NO_CUT, Kind.NO_HYPE, Kind.DONE, Kind.DRAW_HYPE):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]


# ---------------------------------------------------------------- 1. the last turns


FINAL = "Termina su turno, y luego cada jugador tiene un turno más"


def _player_2_triggers(**variants):
    """Player 2 of 3 has cooked five recipes (10-14, 16 pts); M2 M3 cook the Toast, P2 P3 the Poppers."""
    s = pos(3, dice=[[], ["M2", "M3", "P2", "P3"], []], recipes=[[], [TOAST, POPPERS], []],
            cooked=[[], [10, 11, 12, 13, 14], []], display=[40, 41, 42], to_act=1, phase="cook",
            chef=[False, False, False], variants=variants)
    s = s.apply("cook Mushroom Toast [M M, 2 pts] with M2 M3")       # the sixth recipe: the trigger
    assert s.trigger == 1 and s.current_player == 1
    return s.apply("done cooking")                                     # keeps P2 P3 for later


def test_the_trigger_player_also_has_exactly_one_more_turn():
    """Seed 004, FINAL: "Termina su turno, y luego cada jugador tiene un turno más" — every player,
    the one who cooked the sixth recipe included, has one more turn."""
    s = _player_2_triggers()
    mark = len(s.events)
    s = s.apply("draw a hype")                                         # Player 2 finishes the turn
    assert "Every player, Player 2 included, has one more turn." in s.log
    cooked_in_last_turn = False
    while not s.final_cook and not s.is_over:
        cook = [a for a in s.legal_actions() if a.kind == Kind.COOK]
        if cook and s.current_player == 1:                             # Player 2's own last turn
            cooked_in_last_turn = True
            s = s.apply(cook[0])
        else:
            s = s.apply(quiet_move(s))
    assert turn_players(s, mark) == [2, 0, 1]                          # one more turn each, the trigger last
    assert cooked_in_last_turn and len(s.cooked[1]) == 7 and s.cooked[1][-1][0] == POPPERS
    while not s.is_over:                                               # the last cook: nothing more to cook
        s = s.apply(quiet_move(s))
    assert turn_players(s, mark) == [2, 0, 1]
    assert s.scores() == [0, 16 + 2 + 2, 0] and s.winners() == [1]


def test_the_variant_gives_every_other_player_one_more_turn():
    """Variant ``final_turns="every_other_player"``: the trigger player has no further turn."""
    s = _player_2_triggers(final_turns="every_other_player")
    mark = len(s.events)
    s = s.apply("draw a hype")
    assert "Every other player has one more turn." in s.log
    while not s.final_cook and not s.is_over:
        s = s.apply(quiet_move(s))
    assert turn_players(s, mark) == [2, 0]
    while not s.is_over:
        s = s.apply(quiet_move(s))
    assert len(s.cooked[1]) == 6 and s.scores() == [0, 18, 0]


def test_solo_the_sixth_recipe_gives_one_more_turn_but_the_empty_deck_none():
    """Seed, FINAL: "cada jugador tiene un turno más" holds for a solo player too; the kit's own solo
    ending (the recipe deck has run out [A]) ends after that turn, with the last cook only."""
    s = pos(1, dice=[["M2", "M3"]], recipes=[[TOAST]], cooked=[[10, 11, 12, 13, 14]], display=[40, 41, 42],
            phase="cook", chef=[False])
    s = s.apply("cook Mushroom Toast [M M, 2 pts] with M2 M3").apply("done cooking")
    mark = len(s.events)
    s = s.apply("draw a hype")
    assert not s.is_over and turn_players(s, mark) == [0] and "Player 1 has one more turn." in s.log
    while not s.is_over:
        s = s.apply(quiet_move(s))
    assert turn_players(s, mark) == [0] and s.scores() == [18]

    out = pos(1, cooked=[[10, 11]], display=[40, 41, 42], phase="cook", chef=[False])
    out.recipe_deck = [out.recipe_deck[-1]]
    out = out.apply("done cooking").apply("draw a recipe from the deck")
    assert out.is_over and out.scores() == [3 + 3]


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_in_dealt_games_after_the_trigger_each_player_plays_exactly_one_turn(players, seed):
    """Seeded games of greedy bots: after the trigger, ``players`` turns in seat order, the trigger
    player's last; with the variant, one fewer (the trigger player's) — then the game is over."""
    for how, extra in (("every_player", 1), ("every_other_player", 0)):
        s = play_game("diced_veggies", players, seed, "greedy", final_turns=how)
        assert s.is_over and s.trigger is not None
        at = next(i for i, e in enumerate(s.events) if e.kind == "end" and e.data.get("reason") == "sixth recipe")
        t = s.trigger
        expected = [(t + k) % players for k in range(1, players)] + [t] * extra
        assert turn_players(s, at) == expected, how


def test_the_option_is_in_the_rules_table():
    rows = {r["option"]: r for r in kitchenlab.game_info("diced_veggies").variant_table()}
    row = rows["final_turns"]
    assert row["default"] == "every_player" and row["alternatives"].startswith("every_other_player")
    assert FINAL in row["source"]
    with pytest.raises(kitchenlab.OptionError, match="every_other_player"):
        kitchenlab.new_game("diced_veggies", players=2, seed=1, final_turns="nobody")


# ---------------------------------------------------------------- 2. a small block


SMALL = "Si todos los dados del bloque suman 10 o menos, simplemente tómalos todos sin cortar"


def test_a_block_of_nine_offers_exactly_one_move_take_it_all():
    """Seed 004, Cut: "Si todos los dados del bloque suman 10 o menos, simplemente tómalos todos sin
    cortar" — the whole block is taken; no ordinary cut is offered."""
    s = pos(block=["M2 P3 C4"], phase="cut")                          # 2 + 3 + 4 = 9
    assert [str(a) for a in s.legal_actions()] == ["take the whole block (total 9)"]
    t = s.apply("take the whole block (total 9)")
    assert t.dice[0] == ("C4", "M2", "P3") and all(d is None for d in t.block)
    assert t.log[-1] == "Player 1 takes the whole block: M2 P3 C4 (total 9)."
    assert t.events[-1].data["whole"] is True


def test_the_variant_may_cut_offers_the_four_cuts_and_the_whole_block():
    s = pos(block=["M2 P3 C4"], phase="cut", variants={"small_block": "may_cut"})
    assert [str(a) for a in s.legal_actions()] == [
        "cut a1 (M2 = 2)", "cut a1 b1 (M2 P3 = 5)", "cut b1 c1 (P3 C4 = 7)", "cut c1 (C4 = 4)",
        "take the whole block (total 9)"]


def test_a_block_of_exactly_ten_is_taken_whole_and_of_eleven_is_cut():
    ten = pos(block=["M2 P3", "C5 .."], phase="cut")
    assert [str(a) for a in ten.legal_actions()] == ["take the whole block (total 10)"]
    eleven = pos(block=["M6 P3", "C2 .."], phase="cut")
    kinds = [a.kind for a in eleven.legal_actions()]
    assert Kind.TAKE_ALL not in kinds and kinds and set(kinds) == {Kind.CUT}


@pytest.mark.parametrize("small_block", ["take_all", "may_cut"])
def test_in_dealt_games_every_small_block_is_taken_whole(small_block):
    """Four-player games of random bots (small blocks are common there): with the seed's rule a block
    of 10 or less has one move; with the variant, cuts as well. The bots take what is offered."""
    from kitchenlab.engine import Rng

    small_turns = 0
    for seed in range(6):
        s = kitchenlab.new_game("diced_veggies", players=4, seed=seed, small_block=small_block)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            if s.phase == "cut" and s.block_obj.total <= 10:
                small_turns += 1
                kinds = {a.kind for a in legal}
                assert kinds == {Kind.TAKE_ALL} if small_block == "take_all" else Kind.TAKE_ALL in kinds
            s = s.apply(rng.choice(legal))
    assert small_turns >= 3


def test_the_bots_the_action_ids_and_the_figures_cope_with_a_take_all_move():
    from kitchenlab.diced_veggies.bots import BOTS
    from kitchenlab.diced_veggies.figures import table_figure
    from kitchenlab.play import TABLE
    from kitchenlab.diced_veggies.widgets import CutExplorer
    from kitchenlab.engine import Rng
    from kitchenlab.openspiel_ids import action_schema

    s = pos(block=["M2 P3 C4"], phase="cut")
    (only,) = s.legal_actions()
    assert all(bot(s, Rng(1)) == only for bot in BOTS.values())
    schema = action_schema("diced_veggies", 2)
    assert schema.decode(schema.encode(only)) == ("take_all", 9)
    explorer = CutExplorer(s)
    assert [b.children[1].description for b in explorer.buttons.children] == ["1: take the whole block (total 9)"]
    assert "10 or less: it is taken all, without cutting" in explorer.status.value
    def outlined(explorer):                     # dice outlined as "some cut can take it"
        return sum(1 for shape in explorer.drawn.layout.shapes if shape.line.color == "#222222")

    assert outlined(explorer) == 0
    assert outlined(CutExplorer(pos(block=["M2 P3 C4"], phase="cut", variants={"small_block": "may_cut"}))) == 3
    explorer.take(only)
    assert explorer.state.dice[0] == ("C4", "M2", "P3") and "takes the whole block" in explorer.status.value
    texts = [x for trace in table_figure(explorer.state, TABLE).data if trace.text is not None for x in trace.text]
    assert "block: 0 dice, total 0" in texts


def test_the_small_block_option_is_in_the_rules_table():
    rows = {r["option"]: r for r in kitchenlab.game_info("diced_veggies").variant_table()}
    assert rows["small_block"]["default"] == "take_all" and SMALL in rows["small_block"]["source"]
    assert rows["small_block"]["alternatives"].startswith("may_cut")
