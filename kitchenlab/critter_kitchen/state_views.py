"""What a Critter Kitchen state shows and how it ended: views, results, the token count.

:class:`StateViews` is mixed into :class:`.rules.State`; it only reads the state. ``_view`` is the
game's own part of :meth:`kitchenlab.engine.GameState.view`: the table, and for a seat its own
storage, plan and the rumor cards it knows (``None``: what a spectator sees).
"""

from __future__ import annotations

from ..engine import GameState
from . import hidden, scoring, solo
from .phases import critic
from .actions import Phase
from .tokens import ING, RUM, SPI, WLD, ZOU, sort_tokens

#: the token kinds that come out of the bag (what :meth:`StateViews.token_count` counts)
_BAGGED = frozenset((ING, SPI, RUM, WLD))


class StateViews:
    """Views, results and counts of :class:`.rules.State` (read-only)."""

    # ------------------------------------------------------------------ results and views
    def scores(self) -> list:
        """Stars per player: so far during the game, final at the end."""
        return list(self.stars[: self.players])

    def _winning_seats(self) -> list[int]:
        if self.phase is not Phase.OVER:
            return []
        if self.cfg.solo:       # you win only with more stars than McDogald's [RB]; a tie is a loss
            return [0] if self.stars[0] > self.stars[self.cfg.rival] else [self.cfg.rival]
        return scoring.winners(self.stars, list(self.totals), self.priority)

    def result_text(self) -> str:
        """How the game ended, every restaurant's stars named (solo: McDogald's next to yours)."""
        if self.phase is not Phase.OVER:
            return GameState.result_text(self)
        cfg = self.cfg
        stars = ", ".join(f"{self._name(s)} {self.stars[s]} star(s)" for s in range(cfg.seats))
        won = self._winning_seats()
        if cfg.solo:
            if won == [0]:
                return f"{stars}: Player 1 beats {solo.RIVAL_NAME}"
            how = "a tie is a loss" if self.stars[0] == self.stars[cfg.rival] else "more stars"
            return f"{stars}: {solo.RIVAL_NAME} wins ({how})"
        names = ", ".join(self._name(w) for w in won)
        best = [s for s in range(cfg.seats) if self.stars[s] == max(self.stars)]
        why = ""
        if len(best) > 1 and len(won) == 1:
            far = [s for s in best if self.totals[s] == max(self.totals[p] for p in best)]
            why = " (tie broken by the score track)" if len(far) == 1 else " (tie broken by the priority track)"
        return f"{stars}; winner(s): {names}{why}"

    def winners(self) -> list[int]:
        """Most stars; tie -> furthest on the score track; then ahead on the priority track.
        Solo: ``[0]`` when the player beats McDogald's, else ``[]``. Empty until the game is over."""
        return [s for s in self._winning_seats() if s < self.players]

    @property
    def rival_stars(self) -> int | None:
        """Solo: McDogald's stars so far (``None`` in a competitive game)."""
        return self.stars[self.cfg.rival] if self.cfg.solo else None

    def token_count(self) -> int:
        """Every bag token wherever it is: bag, locations, storages, meals in progress, removed."""
        n = len(self.bag) + len(self.removed)
        for loc in self.items:
            n += sum(1 for t in loc if t.kind in _BAGGED)
        if self.run is not None:
            n -= sum(1 for t in self.items[self.loc] if t.kind in _BAGGED)
            n += sum(1 for t in self.run.items if t.kind in _BAGGED)
        for s in range(self.cfg.seats):
            n += sum(1 for t in self.storage[s] if t.kind in _BAGGED)
            n += sum(1 for t in self.rumors[s] if t is not None)
            for meal in self.meals[s].values():
                n += sum(1 for _, toks in meal for t in toks if t.kind in _BAGGED)
            for items in self.critic_meals[s].values():
                n += sum(1 for p in items for t in p.tokens if t.fridge)
        return n - self.extra

    def location_items(self, i: int) -> list[str]:
        """The tokens on location ``i`` now (during its resolution: what is still there)."""
        if self.run is not None and self.loc == i:
            return list(self.run.items)
        return list(self.items[i])

    def _view(self, player: int | None) -> dict:
        """What ``player`` may see (``None``: the public): the table, their own storage and plan,
        rumor cards they know."""
        cfg = self.cfg
        comps = cfg.comps
        revealed_plans = self.phase is Phase.SHOP
        locs = []
        for i, name in enumerate(cfg.loc_names):
            chefs = []
            if revealed_plans:
                for s in range(cfg.seats):
                    for c, l in self.plans[s].items():
                        if l == i:
                            chefs.append({"seat": s, "name": self._name(s), "chef": cfg.chef_label(c),
                                          "capacity": cfg.capacity(c)})
            items = sort_tokens(self.location_items(i))
            locs.append({"name": name, "items": items, "chefs": chefs,
                         "item_names": [f"zous-chef {comps.zous_chef(t.zous).name}" if t.kind is ZOU else str(t)
                                        for t in items]})
        known = self.known_kinds(player) if player is not None else set()
        rumor_cards = []
        for k in (1, 2, 3):
            rid = self.rumor_cards[k - 1]
            if self.flipped[k - 1] or k in known or self.phase is Phase.OVER:
                rumor_cards.append(comps.rumor(rid).name)
            else:
                rumor_cards.append(None)
        seats = []
        for s in range(cfg.seats):
            seats.append({
                "name": self._name(s),
                "stars": self.stars[s],
                "rumors_known": sorted(self.known_kinds(s)),
                "zous_chef": comps.zous_chef(self.hired[s]).name if self.hired[s] else None,
                "zous_chef_next_round": comps.zous_chef(self.hire_next[s]).name if self.hire_next[s] else None,
                "restaurateur": comps.restaurateur(self.rest[s]).name if self.rest[s] else None,
                "planned": (self.phase is Phase.PLAN and (s < self.turn or s == cfg.rival)) or revealed_plans,
                "served": [(comps.challenge(self.challenges[ci]).name, note, q, st)
                           for ci, note, q, st in self.served[s]],
            })
        own_plan = ({cfg.chef_label(c): cfg.loc_names[l] for c, l in self.plans[player].items()}
                    if player is not None else None)
        day = []
        for i in range(self.revealed):
            ch = comps.challenge(self.challenges[i])
            day.append({"name": ch.name, "requirements": list(ch.requirements),
                        "hold_covers": ch.requirements[-1] if i in self.hold.values() else None})
        out = {
            "round": self.round,
            "phase": str(self.phase),
            "current_player": self.current_player,
            "locations": locs,
            "priority": [self._name(s) for s in self.priority],
            "challenges": day,
            "critic": comps.critic(self.critic).name,
            "rumor_cards": rumor_cards,
            "bag": len(self.bag),
            "bisque_supply": self.bisque_supply,
            "players": seats,
        }
        if player is not None:
            out.update({
                "storage": sort_tokens(self.storage[player]),
                "rumor_tokens": [t for t in self.rumors[player] if t is not None],
                "plan": own_plan,
                "meals": {k: [n for n, _ in m] for k, m in self.meals[player].items()},
                "critic_meal": critic.critic_notation(self, player),
            })
        if player is not None and self.restaurateur_offer_visible(player):
            out["restaurateur_offer"] = [comps.restaurateur(r).name for r in self.rest_offer[player]]
        if self.results is not None:
            out["final"] = [dict(r.as_dict(), name=self._name(r.player), **r.itemised(comps)) for r in self.results]
            out["winners"] = [self._name(w) for w in self._winning_seats()]
        return out

    def _determinize(self, player: int | None, rng) -> None:
        hidden.redeal(self, player, rng)

    def restaurateur_offer_visible(self, player: int) -> bool:
        return self.phase is Phase.RESTAURATEUR and bool(self.rest_offer[player])
