"""What a Diced Veggies state shows (views), what it hides (determinize), and how cards are drawn.

Everything on the table is public: the block, everybody's dice and recipes, the cooked recipes with
their hypes (read aloud when played), the display, the discard piles. Hype hands and the order of
both decks are hidden; a determinized state deals the hidden hypes again and shuffles the decks.
"""

from __future__ import annotations

from ..i18n import _
from .actions import Action, Kind
from .card_names import recipe_name
from .components import load_components
from .ending import player_name
from .scoring import die_code


def _set(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


class TableMixin:
    """Views, determinize and the card step of :class:`~.rules.State` (a mixin over its fields)."""

    def _view(self, player: int | None) -> dict:
        """Everything on the table is public (block, everyone's dice and recipes, cooked recipes with
        their hypes, read aloud when played); hype hands and deck orders are hidden."""
        comps = load_components()
        return {
            "phase": self.phase,
            "block": self.block_obj.text(),
            "block_total": sum(int(d[1]) for d in self.block if d is not None),
            "frame": dict(self.frame),
            "dice": [[die_code(d) for d in ds] for ds in self.dice],
            "recipes": [list(r) for r in self.recipes],
            "recipe_names": [[comps.recipe(r).name for r in rs] for rs in self.recipes],
            "hypes": list(self.hypes[player]) if player is not None else None,
            "hype_counts": [len(h) for h in self.hypes],
            "cooked": [[{"recipe": r, "hype": h, "dice": [die_code(d) for d in ds]} for r, h, ds in c]
                       for c in self.cooked],
            "cooked_counts": [len(c) for c in self.cooked],
            "scores": self.scores(),
            "chef_tokens": list(self.chef),
            "display": list(self.display),
            "recipe_deck": len(self.recipe_deck),
            "hype_deck": len(self.hype_deck),
            "recipe_discard": list(self.recipe_discard),
            "hype_discard": list(self.hype_discard),
            "end_triggered_by": self.trigger,
            "final_cook": self.final_cook,
            "last_cut": sorted(self.last_cut),
        }

    def _determinize(self, player: int | None, rng) -> None:
        """Deal the hidden hypes (the hype deck and the other players' hands) again, keeping every
        hand's size, and shuffle the recipe deck; the next dice rolls come from ``rng``."""
        others = [p for p in range(self.players) if p != player]
        pool = list(self.hype_deck)
        for p in others:
            pool += self.hypes[p]
        pool.sort()              # the sample depends on what the seat knows, not on the real order
        rng.shuffle(pool)
        hands = list(self.hypes)
        for p in others:
            n = len(self.hypes[p])
            hands[p] = tuple(sorted(pool[len(pool) - n:]))
            del pool[len(pool) - n:]
        self.hypes = tuple(hands)
        self.hype_deck = pool
        deck = sorted(self.recipe_deck)
        rng.shuffle(deck)
        self.recipe_deck = deck

    def _draw(self, deck_name: str):
        deck = getattr(self, f"{deck_name}_deck")
        if not deck:
            discard = getattr(self, f"{deck_name}_discard")
            if not discard or (deck_name == "recipe" and self.players == 1):
                return None
            deck.extend(discard)
            setattr(self, f"{deck_name}_discard", ())
            self.rng.shuffle(deck)
            text = (_("The recipe deck ran out: its discard pile is shuffled into a new deck of {count}.")
                    if deck_name == "recipe"
                    else _("The hype deck ran out: its discard pile is shuffled into a new deck of {count}."))
            self.say(text.format(count=len(deck)),
                     "reshuffle", deck=deck_name, size=len(deck))
        return deck.pop()

    def _card(self, p: int, a: Action) -> None:
        who = player_name(p)
        if a.kind == Kind.DRAW_HYPE:
            h = self._draw("hype")
            self.hypes = _set(self.hypes, p, tuple(sorted(self.hypes[p] + (h,))))
            self.say(_("{player} draws a hype.").format(player=who), "card", player=p, card="hype")
            return
        if a.kind == Kind.TAKE_RECIPE:
            rid = a.card
            display = list(self.display)
            display.remove(rid)
            new = self._draw("recipe")
            if new is not None:
                display.append(new)
            self.display = tuple(display)
            refill = (_("; {recipe} refills the display").format(recipe=recipe_name(new)) if new is not None
                      else _("; the display cannot be refilled"))
            self.say(_("{player} takes {recipe} from the display{refill}.").format(
                player=who, recipe=recipe_name(rid), refill=refill), "card", player=p, card="display", recipe=rid,
                refill=new)
        else:
            rid = self._draw("recipe")
            self.say(_("{player} draws {recipe} from the recipe deck.").format(player=who, recipe=recipe_name(rid)),
                     "card", player=p, card="deck", recipe=rid)
        self.recipes = _set(self.recipes, p, tuple(sorted(self.recipes[p] + (rid,))))
