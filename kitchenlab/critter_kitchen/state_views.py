"""What a Critter Kitchen state shows and how it ended: views, results, the token count.

Each is a function that only reads the state, named by :class:`.rules.State` as its method
(``State.scores`` is :func:`scores`). :func:`view` is the game's own part of
:meth:`kitchenlab.engine.GameState.view`: the table, and for a seat its own
storage, plan and the rumor cards it knows (``None``: what a spectator sees).
"""

from __future__ import annotations

from ..i18n import _, ngettext
from ..engine import GameState
from . import hidden, scoring, solo
from .phases import critic
from .actions import Phase
from .tokens import ING, RUM, SPI, WLD, ZOU, sort_tokens

#: the token kinds that come out of the bag (what :func:`token_count` counts)
_BAGGED = frozenset((ING, SPI, RUM, WLD))


# ------------------------------------------------------------------ results and views
def scores(state) -> list:
    """Stars per player: so far during the game, final at the end."""
    return list(state.stars[: state.players])


def winning_seats(state) -> list[int]:
    if state.phase is not Phase.OVER:
        return []
    if state.cfg.solo:       # you win only with more stars than McDogald's [RB]; a tie is a loss
        return [0] if state.stars[0] > state.stars[state.cfg.rival] else [state.cfg.rival]
    return scoring.winners(state.stars, list(state.totals), state.priority)


def result_text(state) -> str:
    """How the game ended, every restaurant's stars named (solo: McDogald's next to yours)."""
    if state.phase is not Phase.OVER:
        return GameState.result_text(state)
    cfg = state.cfg
    stars = ", ".join(ngettext("{player} {count} star(s)", "{player} {count} star(s)", state.stars[s]).format(
        player=state._name(s), count=state.stars[s]) for s in range(cfg.seats))
    won = state._winning_seats()
    if cfg.solo:
        if won == [0]:
            return _("{stars}: {player} beats {rival}").format(stars=stars, player=state._name(0), rival=solo.RIVAL_NAME)
        how = _("a tie is a loss") if state.stars[0] == state.stars[cfg.rival] else _("more stars")
        return _("{stars}: {rival} wins ({how})").format(stars=stars, rival=solo.RIVAL_NAME, how=how)
    names = ", ".join(state._name(w) for w in won)
    best = [s for s in range(cfg.seats) if state.stars[s] == max(state.stars)]
    why = ""
    if len(best) > 1 and len(won) == 1:
        far = [s for s in best if state.totals[s] == max(state.totals[p] for p in best)]
        why = _(" (tie broken by the score track)") if len(far) == 1 else _(" (tie broken by the priority track)")
    return _("{stars}; winner(s): {names}{why}").format(stars=stars, names=names, why=why)


def winners(state) -> list[int]:
    """Most stars; tie -> furthest on the score track; then ahead on the priority track.
    Solo: ``[0]`` when the player beats McDogald's, else ``[]``. Empty until the game is over."""
    return [s for s in state._winning_seats() if s < state.players]


def rival_stars(state) -> int | None:
    """Solo: McDogald's stars so far (``None`` in a competitive game)."""
    return state.stars[state.cfg.rival] if state.cfg.solo else None


def token_count(state) -> int:
    """Every bag token wherever it is: bag, locations, storages, meals in progress, removed."""
    n = len(state.bag) + len(state.removed)
    for loc in state.items:
        n += sum(1 for t in loc if t.kind in _BAGGED)
    if state.run is not None:
        n -= sum(1 for t in state.items[state.loc] if t.kind in _BAGGED)
        n += sum(1 for t in state.run.items if t.kind in _BAGGED)
    for s in range(state.cfg.seats):
        n += sum(1 for t in state.storage[s] if t.kind in _BAGGED)
        n += sum(1 for t in state.rumors[s] if t is not None)
        for meal in state.meals[s].values():
            n += sum(1 for _, toks in meal for t in toks if t.kind in _BAGGED)
        for items in state.critic_meals[s].values():
            n += sum(1 for p in items for t in p.tokens if t.fridge)
    return n - state.extra


def location_items(state, i: int) -> list[str]:
    """The tokens on location ``i`` now (during its resolution: what is still there)."""
    if state.run is not None and state.loc == i:
        return list(state.run.items)
    return list(state.items[i])


def plans_shown(state) -> frozenset:
    """The seats whose plans are face up: all of them while the chefs shop; during the reveal,
    the seats revealed so far; none while planning."""
    if state.phase == "shop":
        return frozenset(range(state.cfg.seats))
    if state.phase != "plan":
        return frozenset()
    shown = set()
    for e in reversed(state.events):
        if e.kind == "round":
            break
        if e.kind == "reveal":
            shown.add(e.data["seat"])
    return frozenset(shown)


def view(state, player: int | None) -> dict:
    """What ``player`` may see (``None``: the public): the table, their own storage and plan,
    rumor cards they know."""
    cfg = state.cfg
    comps = cfg.comps
    revealed_plans = state.phase is Phase.SHOP
    locs = []
    for i, name in enumerate(cfg.loc_names):
        chefs = []
        if revealed_plans:
            for s in range(cfg.seats):
                for c, l in state.plans[s].items():
                    if l == i:
                        chefs.append({"seat": s, "name": state._name(s), "chef": cfg.chef_label(c),
                                      "capacity": cfg.capacity(c)})
        items = sort_tokens(state.location_items(i))
        locs.append({"name": name, "items": items, "chefs": chefs,
                     "item_names": [f"zous-chef {comps.zous_chef(t.zous).name}" if t.kind is ZOU else str(t)
                                    for t in items]})
    known = state.known_kinds(player) if player is not None else set()
    rumor_cards = []
    for k in (1, 2, 3):
        rid = state.rumor_cards[k - 1]
        if state.flipped[k - 1] or k in known or state.phase is Phase.OVER:
            rumor_cards.append(comps.rumor(rid).name)
        else:
            rumor_cards.append(None)
    seats = []
    for s in range(cfg.seats):
        seats.append({
            "name": state._name(s),
            "stars": state.stars[s],
            "rumors_known": sorted(state.known_kinds(s)),
            "zous_chef": comps.zous_chef(state.hired[s]).name if state.hired[s] else None,
            "zous_chef_next_round": comps.zous_chef(state.hire_next[s]).name if state.hire_next[s] else None,
            "restaurateur": comps.restaurateur(state.rest[s]).name if state.rest[s] else None,
            "planned": (state.phase is Phase.PLAN and (s < state.turn or s == cfg.rival)) or revealed_plans,
            "served": [(comps.challenge(state.challenges[ci]).name, note, q, st)
                       for ci, note, q, st in state.served[s]],
        })
    own_plan = ({cfg.chef_label(c): cfg.loc_names[l] for c, l in state.plans[player].items()}
                if player is not None else None)
    day = []
    for i in range(state.revealed):
        ch = comps.challenge(state.challenges[i])
        day.append({"name": ch.name, "requirements": list(ch.requirements),
                    "hold_covers": ch.requirements[-1] if i in state.hold.values() else None})
    out = {
        "round": state.round,
        "phase": str(state.phase),
        "current_player": state.current_player,
        "locations": locs,
        "priority": [state._name(s) for s in state.priority],
        "challenges": day,
        "critic": comps.critic(state.critic).name,
        "rumor_cards": rumor_cards,
        "bag": len(state.bag),
        "bisque_supply": state.bisque_supply,
        "players": seats,
    }
    if player is not None:
        out.update({
            "storage": sort_tokens(state.storage[player]),
            "rumor_tokens": [t for t in state.rumors[player] if t is not None],
            "plan": own_plan,
            "meals": {k: [n for n, _ in m] for k, m in state.meals[player].items()},
            "critic_meal": critic.critic_notation(state, player),
        })
    if player is not None and state.restaurateur_offer_visible(player):
        out["restaurateur_offer"] = [comps.restaurateur(r).name for r in state.rest_offer[player]]
    if state.results is not None:
        out["final"] = [dict(r.as_dict(), name=state._name(r.player), **r.itemised(comps)) for r in state.results]
        out["winners"] = [state._name(w) for w in state._winning_seats()]
    return out


def determinize(state, player: int | None, rng) -> None:
    hidden.redeal(state, player, rng)


def restaurateur_offer_visible(state, player: int) -> bool:
    return state.phase is Phase.RESTAURATEUR and bool(state.rest_offer[player])
