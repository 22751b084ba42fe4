"""Diced Veggies: cut dice out of a block with a cleaver and cook recipes with them (1–4 players).

A turn: **restock?** (allowed when a colour is missing from the block, compulsory when it is
empty), **cut** (or, when the whole block totals 10 or less, take it all without cutting; the
variant ``small_block="may_cut"`` offers the cuts too), **cook** (any number of
recipes, each with one hype paired or none; the chef token may change one die first), **card** (a
hype, or a recipe from the display or the deck) and the **end-of-turn limits** (8 dice, 2 recipes,
2 hypes). The sixth cooked recipe of a player triggers the end: that player finishes the turn,
then every player, that player included, has one more turn (see :mod:`.ending`), then everybody
may cook once more; then recipe points + paired hype points are scored, ties shared.

Each decision is one small action (see :mod:`.actions`). What the digest leaves open and the kit
decides ([A]) is said where it is applied. Solo (1 player): play until the end trigger or until
the recipe deck runs out (solo discards are not reshuffled) [A], then read the rating.
"""

from __future__ import annotations

from ..engine import GameState
from ..i18n import _
from . import actions as A
from . import legal as L
from .actions import Action, Kind
from .card_names import hype_name, recipe_name, rule_words
from .ending import EndSequence, player_name
from .table import TableMixin
from .cleaver import Block, settle_cells
from .components import load_components
from .scoring import die_label, pairs, physical_colour, player_total, rating_text, shared_winners, solo_rating

#: No game of random play comes near this; the conformance tests use it as the bound.
MAX_STEPS = 6_000

RESTOCK, CUT, COOK, HYPE, CARD, LIMITS, OVER = "restock", "cut", "cook", "hype", "card", "limits", "over"


class State(TableMixin, EndSequence, GameState):
    """A Diced Veggies position. Build one with ``kitchenlab.new_game("diced_veggies", ...)``."""

    game = "diced_veggies"

    def __init__(self, players: int, seed: int, options: dict) -> None:
        super().__init__(players, seed, options)
        comps = load_components()
        self.R, self.C = comps.count("block_rows"), comps.count("block_cols")
        self.letters = comps.letters
        self.faces = comps.faces
        self.limit = comps.count("cut_limit")
        self.frame = {c.letter: c.dice for c in comps.colours}      # dice in the frame, by colour
        self.block: tuple = (None,) * (self.R * self.C)
        self.dice = tuple(() for _seat in range(players))               # sorted die texts per player
        recipes = [r.id for r in comps.recipes]
        hypes = [h.id for h in comps.hypes]
        self.rng.shuffle(recipes)
        self.rng.shuffle(hypes)
        self.recipe_deck, self.hype_deck = recipes, hypes           # top = the end of the list
        self.recipe_discard: tuple = ()
        self.hype_discard: tuple = ()
        nr, nh = comps.count("deal_recipes"), comps.count("deal_hypes")
        self.recipes = tuple(tuple(sorted(recipes.pop() for _card in range(nr))) for _seat in range(players))
        self.hypes = tuple(tuple(sorted(hypes.pop() for _card in range(nh))) for _seat in range(players))
        self.display = tuple(recipes.pop() for _card in range(comps.count("display")))
        self.cooked = tuple(() for _seat in range(players))             # (recipe id, hype id or 0, dice)
        self.chef = (True,) * players
        self.round = 1
        self.to_act = 0
        self.phase = CUT
        self.final_cook = False       # the last cook of the end sequence is under way
        self.trigger: int | None = None
        self.final_turns: tuple = ()  # seats still to play their last turn
        self.final_cooks: tuple = ()  # seats still to cook once more
        self.pending: tuple = ()      # (index in cooked) of the recipe just cooked, while pairing a hype
        self.last_cut: frozenset = frozenset()
        self.say(_("{players} player(s): each gets {recipes} recipes (open), {hypes} hype (hidden) and a chef token; "
                   "3 recipes are on display.").format(players=players, recipes=nr, hypes=nh), "deal", players=players)
        self._roll_block(_("The 35 dice are rolled into the frame and slid into a block."))
        self._begin_turn(0)

    # -- copying ---------------------------------------------------------------------------------
    def _copy_fields(self, new: "State") -> None:
        # Tuples and ints are shared; the frame (a dict) and the decks (lists) are copied.
        new.frame = dict(self.frame)
        new.recipe_deck = list(self.recipe_deck)
        new.hype_deck = list(self.hype_deck)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.to_act

    @property
    def block_obj(self) -> Block:
        return Block(self.R, self.C, self.block)

    @property
    def middle_entry(self) -> bool:
        return self.options["blade_entry"] == "middle"

    def scores(self) -> list[int]:
        return [player_total(c) for c in self.cooked]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return shared_winners(self.scores())

    def rating(self) -> str | None:
        """The solo rating of the score so far (``None`` for 71–80, which the game help leaves out)."""
        return solo_rating(self.scores()[0])

    def result_text(self) -> str:
        if self.phase != OVER:
            return super().result_text()
        if self.players == 1:
            s = self.scores()[0]
            label = self.rating()
            return _("solo score {score}: {rating}").format(
                score=s, rating=rating_text(label) if label else _("no rating (the game help gives none for 71–80)"))
        return super().result_text()

    def missing_colours(self) -> list[str]:
        here = {d[0] for d in self.block if d is not None}
        return [c for c in self.letters if c not in here]

    # -- legal actions ---------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        ph = self.phase
        p = self.to_act
        if ph == RESTOCK:
            return [A.RESTOCK, A.KEEP]
        if ph == CUT:
            return L.cut_actions(self)
        if ph == COOK:
            return L.cook_actions(self, p)
        if ph == HYPE:
            return L.hype_actions(self, p) + [A.NO_HYPE]
        if ph == CARD:
            return L.card_actions(self)
        if ph == LIMITS:
            return L.limit_actions(self, p)
        return []

    # -- the turn --------------------------------------------------------------------------------
    def _begin_turn(self, p: int) -> None:
        if p == 0 and self.steps > 0:
            self.round += 1
        self.to_act = p
        self.last_cut = frozenset()
        who = player_name(p)
        self.say(_("Round {round}: {player}'s turn.").format(round=self.round, player=who), "turn", player=p,
                 round=self.round)
        if all(d is None for d in self.block):
            self._restock(_("The block is empty: {player} must restock.").format(player=who))
            self.phase = CUT
        elif self.missing_colours():
            self.phase = RESTOCK
        else:
            self.phase = CUT

    def _roll_block(self, text: str) -> None:
        """Roll the frame's dice and settle them into the top-left corner as one block."""
        dice = [c for c in self.letters for _die in range(self.frame[c])]
        self.rng.shuffle(dice)
        rolled = [f"{c}{self.faces[self.rng.randbelow(len(self.faces))]}" for c in dice]
        cells: list = [None] * (self.R * self.C)
        for i, cell in enumerate(self._settle(len(rolled))):
            cells[cell] = rolled[i]
        self.block = tuple(cells)
        self.frame = {c: 0 for c in self.letters}
        self.say(_("{text} The block holds {count} dice.").format(text=text, count=len(rolled)), "restock", dice=len(rolled),
                 block=Block(self.R, self.C, self.block).text())

    def _settle(self, n: int) -> list[int]:
        """The cells the dice settle into (see :func:`~.cleaver.settle_cells`)."""
        return settle_cells(n, self.R, self.C, self.options["restock_shape"], self.rng)

    def _restock(self, text: str) -> None:
        """Spent chef tokens return; the block's dice and every spent die are rolled and settle."""
        frame = self.frame
        for d in self.block:
            if d is not None:
                frame[d[0]] += 1
        self.block = (None,) * (self.R * self.C)
        if not all(self.chef):
            self.chef = (True,) * self.players
            text += _(" Spent chef tokens return.")
        self._roll_block(text)

    def _take(self, p: int, cells) -> list[str]:
        C = self.C
        block = list(self.block)
        got = []
        for r, c in cells:
            got.append(block[r * C + c])
            block[r * C + c] = None
        self.block = tuple(block)
        self.dice = _set(self.dice, p, tuple(sorted(self.dice[p] + tuple(got))))
        self.last_cut = frozenset(cells)
        return got

    def _spend(self, p: int, dice) -> None:
        """Dice leave player ``p`` for the frame (in their real colour)."""
        hand = list(self.dice[p])
        for d in dice:
            hand.remove(d)
            self.frame[physical_colour(d)] += 1
        self.dice = _set(self.dice, p, tuple(hand))

    def _enter_cook(self, p: int) -> None:
        self.phase = COOK
        if not self.chef[p] and len(L.cook_actions(self, p)) == 1:
            self._after_cooking(p, quiet=True)

    def _after_cooking(self, p: int, quiet: bool = False) -> None:
        if self.final_cook:
            self._next_final_cook()
            return
        self.phase = CARD
        if not L.card_actions(self):
            self.say(_("No card is left to take."), "card", player=p)
            self._enter_limits(p)

    def _enter_limits(self, p: int) -> None:
        comps = load_components()
        if (len(self.dice[p]) > comps.count("dice_limit") or len(self.recipes[p]) > comps.count("recipe_limit")
                or len(self.hypes[p]) > comps.count("hype_limit")):
            self.phase = LIMITS
            return
        self._end_turn(p)

    # -- applying --------------------------------------------------------------------------------
    def _do(self, a: Action) -> None:
        p = self.to_act
        who = player_name(p)
        k = a.kind
        if k == Kind.RESTOCK:
            self._restock(_("{player} restocks (missing: {colours}).").format(
                player=who, colours=", ".join(self.missing_colours())))
            self.phase = CUT
        elif k == Kind.KEEP:
            self.say(_("{player} keeps the block.").format(player=who), "keep", player=p)
            self.phase = CUT
        elif k in (Kind.CUT, Kind.TAKE_ALL, Kind.NO_CUT):
            if k == Kind.NO_CUT:
                self.say(_("{player} finds no legal cut and takes no dice.").format(player=who), "cut", player=p, dice=[])
            else:
                cells = a.cells if k == Kind.CUT else [(i // self.C, i % self.C)
                                                       for i, d in enumerate(self.block) if d is not None]
                got = self._take(p, cells)
                text = (_("{player} cuts {dice} (total {total}).") if k == Kind.CUT
                        else _("{player} takes the whole block: {dice} (total {total})."))
                self.say(text.format(player=who, dice=" ".join(die_label(d) for d in got), total=sum(int(d[1]) for d in got)), "cut",
                         player=p, dice=got, cells=sorted(cells), whole=k == Kind.TAKE_ALL)
            self._enter_cook(p)
        elif k == Kind.CHEF:
            old, new = a.dice
            hand = list(self.dice[p])
            hand.remove(old)
            hand.append(new)
            self.dice = _set(self.dice, p, tuple(sorted(hand)))
            self.chef = _set(self.chef, p, False)
            self.say(_("{player} spends the chef token: {old} becomes {new}.").format(
                player=who, old=die_label(old), new=die_label(new)), "chef",
                     player=p, old=old, new=new)
        elif k == Kind.COOK:
            self._spend(p, a.dice)
            self.recipes = _set(self.recipes, p, tuple(r for r in self.recipes[p] if r != a.card))
            self.cooked = _set(self.cooked, p, self.cooked[p] + ((a.card, 0, a.dice),))
            r = load_components().recipe(a.card)
            self.say(_("{player} cooks {recipe} ({points} pts) with {dice}.").format(
                player=who, recipe=recipe_name(a.card), points=r.points, dice=" ".join(die_label(d) for d in a.dice)),
                     "cook", player=p, recipe=a.card, dice=list(a.dice), points=r.points)
            n = len(self.cooked[p])
            if n == load_components().count("end_trigger") and self.trigger is None and not self.final_cook:
                self.trigger = p
                self.say(_("{player} has cooked a sixth recipe: the end is triggered. {player} finishes the turn.")
                         .format(player=who),
                         "end", player=p, reason="sixth recipe")
            self.pending = (n - 1,)
            self.phase = HYPE
            if not L.hype_actions(self, p):
                self.pending = ()
                self.phase = COOK
        elif k == Kind.HYPE:
            i = self.pending[0]
            rid, _hype, used = self.cooked[p][i]
            if a.dice:
                self._spend(p, a.dice)
                used = used + a.dice
            self.hypes = _set(self.hypes, p, tuple(h for h in self.hypes[p] if h != a.card))
            cooked = list(self.cooked[p])
            cooked[i] = (rid, a.card, used)
            self.cooked = _set(self.cooked, p, tuple(cooked))
            h = load_components().hype(a.card)
            pts = h.points.score(pairs(used))
            text = (_("{player} pairs the hype {hype} ({rule}) with it, adding {die}: +{points} pts.") if a.dice
                    else _("{player} pairs the hype {hype} ({rule}) with it: +{points} pts."))
            self.say(text.format(player=who, hype=hype_name(a.card), rule=rule_words(a.card), die=die_label(a.dice[0]) if a.dice else "",
                                 points=pts), "hype",
                     player=p, hype=a.card, points=pts)
            self.pending = ()
            self.phase = COOK
        elif k == Kind.NO_HYPE:
            self.pending = ()
            self.phase = COOK
        elif k == Kind.DONE:
            if self.final_cook:
                self.say(_("{player} is done cooking.").format(player=who), "cook", player=p, done=True)
            self._after_cooking(p)
        elif k in (Kind.DRAW_HYPE, Kind.TAKE_RECIPE, Kind.DRAW_RECIPE):
            self._card(p, a)
            self._enter_limits(p)
        elif k == Kind.DISCARD_DIE:
            self._spend(p, a.dice)
            self.say(_("{player} discards the die {die} to the frame.").format(player=who, die=die_label(a.dice[0])),
                     "discard", player=p, die=a.dice[0])
            self._enter_limits(p)
        elif k == Kind.DISCARD_RECIPE:
            self.recipes = _set(self.recipes, p, tuple(r for r in self.recipes[p] if r != a.card))
            self.recipe_discard = self.recipe_discard + (a.card,)
            self.say(_("{player} discards the recipe {recipe}.").format(
                player=who, recipe=recipe_name(a.card)), "discard",
                     player=p, recipe=a.card)
            self._enter_limits(p)
        elif k == Kind.DISCARD_HYPE:
            self.hypes = _set(self.hypes, p, tuple(h for h in self.hypes[p] if h != a.card))
            self.hype_discard = self.hype_discard + (a.card,)
            self.say(_("{player} discards the hype {hype}.").format(
                player=who, hype=hype_name(a.card)), "discard",
                     player=p, hype=a.card)
            self._enter_limits(p)
        else:  # pragma: no cover
            raise AssertionError(k)

def _set(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1:]
