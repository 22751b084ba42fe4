"""What one seat cannot see in Critter Kitchen, and how to re-deal it (``State.determinize``).

Hidden from a seat, and re-dealt here consistently with what that seat has seen:

* the bag: its order (draws come from the state's generator) and, through the fridge, its
  contents — a fridge discard is made behind the shield, so the table knows *how many* items each
  other restaurant put back but not *which*. Every item a restaurant took is public (the pick
  events), and so is every served meal; what it holds now is those items less its hidden
  discards. A re-deal chooses other discards among them, swapping the items with the bag;
* the rumor cards this seat does not know (cards turned face up are public);
* the challenges not revealed yet, and the order of the zous-chef deck;
* the plans other players made this round before the reveal;
* the restaurateurs offered to other players (the one each kept is public once kept).

A restaurant whose challenge or critic meal is in progress keeps its storage as it is (those
meals are behind the shield; keeping them is consistent, only less random). McDogald's, the solo
rival, never refrigerates: its storage is public.
"""

from __future__ import annotations

from collections import Counter

from ..engine import Rng
from .tokens import fridge_token


def _public_holdings(state, seat: int) -> Counter:
    """The fridge items the table has seen ``seat`` take and not serve (a superset of what it holds)."""
    held: Counter = Counter()
    for e in state.events:
        if e.data.get("seat") != seat:
            continue
        if e.kind == "pick" and fridge_token(e.data["token"]):
            held[e.data["token"]] += 1
        elif e.kind == "serve":
            held.subtract(t for t in e.data["tokens"] if fridge_token(t))
    return +held


def _redeal_discards(state, seat: int, rng: Rng) -> None:
    """Choose again which of the items ``seat`` was seen to take went back in the bag."""
    storage = state.storage[seat]
    now = Counter(t for t in storage if fridge_token(t))
    gone = _public_holdings(state, seat) - now          # the hidden discards (some may be drawn again)
    if not gone:
        return
    bag = Counter(state.bag)
    # an item the restaurant keeps instead must still be in the bag to have stayed with it
    candidates = sorted(list(now.elements()) + list((gone & bag).elements()))   # not the real order
    rng.shuffle(candidates)
    keep = Counter(candidates[: sum(now.values())])
    bag = bag + (now - keep) - (keep - now)
    state.bag = list(bag.elements())
    others = [t for t in storage if not fridge_token(t)]
    state.storage[seat] = others + list(keep.elements())


def redeal(state, player: int | None, rng: Rng) -> None:
    """Re-deal, on the fresh copy ``state``, everything hidden from ``player`` (``None``: the public)."""
    cfg = state.cfg
    comps = cfg.comps
    if state.phase == "over":
        return
    # restaurants' hidden fridge discards
    for s in range(cfg.seats):
        if s == player or s == cfg.rival or state.meals[s] or state.critic_meals[s]:
            continue
        _redeal_discards(state, s, rng)
    state.bag = sorted(state.bag)          # the sample never reads the real bag's order
    rng.shuffle(state.bag)

    # rumor cards the player does not know (face-up ones are public)
    known = state.known_kinds(player) if player is not None else frozenset()
    shown = {k for k in (1, 2, 3) if k in known or state.flipped[k - 1]}
    pool = [r.id for r in comps.rumors if not (cfg.first_game and r.advanced)
            and r.id not in {state.rumor_cards[k - 1] for k in shown}]
    rng.shuffle(pool)
    cards = list(state.rumor_cards)
    for k in (1, 2, 3):
        if k not in shown:
            cards[k - 1] = pool.pop()
    state.rumor_cards = tuple(cards)

    # challenges not revealed yet; the zous-chef deck's order
    seen = state.challenges[: state.revealed]
    rest = [c.id for c in comps.challenges if c.id not in seen]
    rng.shuffle(rest)
    state.challenges = seen + tuple(rest[: len(state.challenges) - state.revealed])
    deck = sorted(state.zous_deck)
    rng.shuffle(deck)
    state.zous_deck = tuple(deck)

    # plans made before the reveal
    if state.phase == "plan":
        n_locs = len(cfg.locs)
        for s in range(cfg.seats):
            if s == player or not state.plans[s]:
                continue
            spots = list(range(n_locs))
            rng.shuffle(spots)
            state.plans[s] = {chef: spots[i] for i, chef in enumerate(state.plans[s])}

    # restaurateurs offered to the others
    if any(state.rest_offer):
        mine = set(state.rest_offer[player]) if player is not None else set()
        kept = {r for r in state.rest if r is not None}
        pool = [r.id for r in comps.restaurateurs if r.id not in mine and r.id not in kept]
        rng.shuffle(pool)
        offers = list(state.rest_offer)
        for s in range(state.players):
            if s == player or not offers[s]:
                continue
            offers[s] = tuple(r if r == state.rest[s] else pool.pop() for r in offers[s])
        state.rest_offer = tuple(offers)
