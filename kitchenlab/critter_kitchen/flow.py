"""The round structure of Critter Kitchen: the automatic steps between the players' choices.

Start of a round (bisque, challenge, stock, zous-chef), the reveal of the plans, each location's
resolution around :class:`.shop.LocationRun` (stocking the Merchant, consolation soups, picks,
leftovers), the end of a round (zous-chefs leave, challenge days, the critic meal): the part of the
state that no player decides. Each is a function of the state, and :class:`.rules.State` names
each one as its method (``State._reveal`` is :func:`reveal`).
"""

from __future__ import annotations

from ..i18n import _, language, ngettext
from . import solo
from .actions import Phase
from .shop import CAPACITY, CHEFS, LocationRun
from .tokens import ALLSPICE, BIS, BISQUE, RUM, SOUP, WLD, ZOU, Token, zous_id, zous_token
from .words import item_text, items_text, type_word


def at(values: tuple, i: int, value) -> tuple:
    """``values`` with item ``i`` replaced: how the per-seat tuples of a state change."""
    return values[:i] + (value,) + values[i + 1:]


def _known_kinds(cfg, spaces: tuple) -> frozenset:
    """The rumor kinds (1..3) whose rumor spaces hold a token (one set per filling, kept by the
    configuration)."""
    kept = cfg.known_kinds
    got = kept.get(spaces)
    if got is None:
        if len(kept) > 4096:
            kept.clear()
        got = kept[spaces] = frozenset(i + 1 for i, t in enumerate(spaces) if t is not None)
    return got


_NO_FRONT: frozenset = frozenset()


def _known_by_seat(cfg, rumors: tuple) -> dict:
    """Per seat, its known rumor kinds, for every seat's rumor spaces (kept by the configuration)."""
    kept = cfg.known_by_seat
    if len(kept) > 4096:
        kept.clear()
    got = kept[rumors] = {s: _known_kinds(cfg, r) for s, r in enumerate(rumors)}
    return got


def _arrivals(cfg, plans: list) -> tuple:
    """Who goes where: per location, the chefs sent there as (seat, capacity, chef), seat by seat."""
    out = [[] for _ in cfg.locs]
    for s, plan in enumerate(plans):
        for c, loc in plan.items():
            out[loc].append((s, cfg.capacity(c), c))
    return tuple(map(tuple, out))


def _day_challenges(cfg, rnd: int, challenges: tuple, revealed: int, held: int | None) -> tuple:
    """:func:`day_challenges`, kept per configuration for the values it depends on
    (``held``: the challenge the Hold covers on round ``rnd``, if any)."""
    key = (rnd, challenges, revealed, held)
    cache = cfg.day_cache
    got = cache.get(key)
    if got is None:
        d1, d2 = cfg.days
        lo, hi = (0, d1) if rnd <= d1 else (d1, d2)
        out = []
        for i in range(lo, min(hi, revealed)):
            reqs = cfg.comps.challenge(challenges[i]).requirements
            if held == i:
                reqs = reqs[:-1]          # the Hold token covers the rightmost requirement
            out.append((i, tuple(reqs)))
        if len(cache) > 50_000:
            cache.clear()
        got = cache[key] = tuple(out)
    return got


def award(state, seat: int, stars: int, reason: str) -> None:
    """``seat`` gains ``stars`` (noted with ``reason`` in its star log)."""
    state.stars = at(state.stars, seat, state.stars[seat] + stars)
    state.star_log = at(state.star_log, seat, state.star_log[seat] + ((reason, stars),))


# ------------------------------------------------------------------ small helpers
def seat_name(state, seat: int) -> str:
    return state.cfg.seat_name(seat)


def chef_of(state, seat: int, chef: str) -> str:
    """``"Player 2's lizard"``, ``"McDogald's zous-chef Badger"``: a seat's chef, in the current language."""
    if seat == state.cfg.rival:
        return _("{rival} {chef}").format(rival=state._name(seat), chef=state.cfg.chef_label(chef))
    return _("{player}'s {chef}").format(player=state._name(seat), chef=state.cfg.chef_label(chef))


def draw_token(state) -> Token | None:
    """One token from the bag; a token of a face-up rumor is removed and another drawn."""
    bag = state.bag
    while bag:
        i = state.rng.randbelow(len(bag))
        bag[i], bag[-1] = bag[-1], bag[i]
        tok = bag.pop()
        if tok.kind is RUM and state.flipped[tok.rumor - 1]:
            state.removed += (tok,)
            state.say(_("{item} is drawn but its rumor card is face up: it leaves the game").format(
                item=item_text(tok)), "removed", token=tok)
            continue
        return tok
    return None


def fill_location(state, loc: int, n: int) -> list[Token]:
    state.bag = state.bag[:]      # a copy of the state shares the bag: it is replaced, not changed
    got = []
    for _drawn in range(n):
        tok = state._draw()
        if tok is None:
            state.say(_("The bag is empty"))
            break
        got.append(tok)
    state._put(loc, got)
    return got


def put_items(state, loc: int, toks: list) -> None:
    """Add ``toks`` to location ``loc``: the location lists are replaced, never changed (a copy
    of the state shares them)."""
    items = state.items[:]
    items[loc] = items[loc] + toks
    state.items = items


def store_tokens(state, seat: int, toks: list) -> None:
    """Add ``toks`` to ``seat``'s storage, replacing its list (outside the meal phases a copy of
    the state shares the storage lists)."""
    state.storage[seat] = state.storage[seat] + toks


def known_kinds(state, seat: int) -> frozenset:
    """The rumor kinds (1..3) this seat knows."""
    return _known_kinds(state.cfg, state.rumors[seat])


def chefs_of(state, seat: int) -> list[str]:
    out: list[str] = list(CHEFS)
    if state.hired[seat] is not None:
        out.append(zous_token(state.hired[seat]))
    return out


def day_challenges(state, rnd: int | None = None) -> list[tuple[int, tuple[str, ...]]]:
    """The challenges of the day ending after round ``rnd``: (index, requirements after the Hold)."""
    rnd = state.round if rnd is None else rnd
    return _day_challenges(state.cfg, rnd, state.challenges, state.revealed, state.hold.get(rnd))


# ------------------------------------------------------------------ a round's steps
def start_round(state, rnd: int) -> None:
    cfg = state.cfg
    state.round = rnd
    state.phase = Phase.PLAN
    state.turn = 0
    state.plans = [{} for _ in range(cfg.seats)]
    state.say_event(_("Round {round} begins (day {day})").format(round=rnd, day=cfg.day_of(rnd)), "round",
                    {"round": rnd})
    if BISQUE not in state.items[cfg.truck] and state.bisque_supply > 0:
        state._put(cfg.truck, [BISQUE])
        state.bisque_supply -= 1
        state.say_event(_("A bisque goes on the Soup Truck"), "bisque", {"loc": cfg.truck})
    if rnd <= cfg.days[1] and state.revealed < len(state.challenges):
        idx = state.revealed
        state.revealed += 1
        ch = cfg.comps.challenge(state.challenges[idx])
        needs = ", ".join(type_word(t) for t in ch.requirements)
        text = _("Challenge revealed: {name} ({needs})").format(name=ch.local_name, needs=needs)
        if rnd in cfg.hold_rounds:
            state.hold = {**state.hold, rnd: idx}
            text += _("; the Hold token covers {type}").format(type=type_word(ch.requirements[-1]))
        state.say_event(text, "challenge", {"index": idx, "hold": rnd in cfg.hold_rounds})
    for i, loc in enumerate(cfg.locs):
        if loc.kind == "numbered" and cfg.spaces[i]:
            got = state._fill(i, cfg.spaces[i] - len(state.items[i]))
            state.say_event(_("{location} is stocked: {items}").format(
                location=loc.local_name, items=items_text(got, _("nothing"))), "stock",
                           {"loc": i, "tokens": tuple(got)})
    ac = cfg.academy
    if cfg.spaces[ac] and (cfg.academy_every_round or rnd == cfg.rounds):
        got = state._fill(ac, cfg.spaces[ac])
        state.say(_("Chef Academy's 2-player spaces are stocked: {items}").format(items=items_text(got, _("nothing"))),
                  "stock",
                 loc=ac, tokens=tuple(got))
    if rnd == cfg.rounds:
        state._put(ac, [ALLSPICE])
        state.extra = 1
        state.say(_("The round-7 Allspice token goes to the Chef Academy") if cfg.rounds == 7 else
                  _("The last round's Allspice token goes to the Chef Academy"), "allspice", loc=ac, token=ALLSPICE)
    elif state.zous_deck:
        zid = state.zous_deck[-1]
        state.zous_deck = state.zous_deck[:-1]
        tok = zous_token(zid)
        state._put(ac, [tok])
        z = cfg.comps.zous_chef(zid)
        state.say_event(_("Zous-chef at the Chef Academy: {name} (capacity {capacity})").format(
            name=z.local_name, capacity=z.capacity), "zous_offer",
                       {"loc": ac, "token": tok})


def reveal(state) -> None:
    cfg = state.cfg
    if cfg.solo:
        plan, state.solo_drawn = solo.rival_plan(state, state.rng)
        for name, where, card in plan:
            state.say(_("{rival} draws placement card {card}: its {chef} will go to {location}").format(
                rival=solo.RIVAL_NAME, card=card, chef=cfg.chef_label(name), location=cfg.loc_names[where]))
            state.plans[cfg.rival] = {**state.plans[cfg.rival], name: where}     # replaced, not changed
    state.arrivals = _arrivals(cfg, state.plans)
    for s in range(cfg.seats):
        parts = [f"{cfg.chef_label(c)} -> {cfg.loc_names[l]}" for c, l in state.plans[s].items()]
        state.say_event(_("{player} reveals: {plan}").format(player=state._name(s), plan=", ".join(parts)), "reveal",
                       {"seat": s, "plan": dict(state.plans[s])})
    state.phase = Phase.SHOP
    state.loc = 0
    state.run = None


def start_location(state) -> LocationRun | None:
    """The resolution of location ``state.loc`` begins: its :class:`LocationRun` (``None`` when
    no chef went there: the location is finished at once)."""
    cfg = state.cfg
    i = state.loc
    if i == cfg.merchant and cfg.spaces[i]:
        got = state._fill(i, cfg.spaces[i] - len(state.items[i]))
        state.say_event(_("Midnight Merchant reveals: {items}").format(items=items_text(got, _("nothing"))), "stock",
                       {"loc": i, "tokens": tuple(got)})
    chefs = state.arrivals[i]
    state.soups_paid = 0
    if not chefs:
        return None
    # the zous-chefs that pick first in their queue (none when nobody hired one this round)
    front = frozenset((s, c) for s, _, c in chefs
                      if c not in CAPACITY and cfg.comps.zous_chef(zous_id(c)).ability == "first_in_queue"
                      ) if any(state.hired) else _NO_FRONT
    known = cfg.known_by_seat.get(state.rumors)
    if known is None:
        known = _known_by_seat(cfg, state.rumors)
    run = state.run = LocationRun.begin(cfg.loc_names[i], state.items[i], chefs, state.priority, i == cfg.truck,
                                       known, cfg.hat_move, front)
    state.say_event(ngettext("{location} resolves with {count} chef(s)", "{location} resolves with {count} chef(s)",
                             len(chefs)).format(location=cfg.loc_names[i], count=len(chefs)), "resolve",
                   {"loc": i, "chefs": tuple(chefs)})
    return run


def pay_soups(state, early: bool = False) -> None:
    run = state.run
    while state.soups_paid < len(run.soups):
        s, chef = run.soups[state.soups_paid]
        state.soups_paid += 1
        state._store(s, [SOUP])
        how = (_("{chef} leaves early for a consolation soup") if early
               else _("{chef} finds nothing left and goes home with a consolation soup"))
        state.say_event(how.format(chef=chef_of(state, s, chef)), "soup",
                       {"loc": state.loc, "seat": s, "chef": chef})


def take_item(state, tok: Token, kind: int | None) -> None:
    """The chef whose turn it is takes ``tok`` (a wild token counting as rumor ``kind``)."""
    run = state.run
    chef = run.chef             # run.current(), where run.advance() stopped
    cname = chef.name
    before = run.moved
    seat, _capacity, tok, kind = run.pick(chef, tok, kind)      # the move is one of run.options(chef)
    names = state.cfg.chef_names
    key = (seat, cname, language())
    who = names.get(key)
    if who is None:
        who = names[key] = chef_of(state, seat, cname)
    k = tok.kind
    fact = {"loc": state.loc, "seat": seat, "chef": cname, "token": tok, "rumor": kind if k is WLD else None}
    if k is ZOU:
        state.hire_next = at(state.hire_next, seat, tok.zous)
        state.say_event(_("{chef} hires zous-chef {name} for next round").format(
            chef=who, name=state.cfg.comps.zous_chef(tok.zous).local_name), "pick", fact)
    elif k is RUM or k is WLD:
        r = kind if k is WLD else tok.rumor
        slots = list(state.rumors[seat])
        slots[r - 1] = tok
        state.rumors = state.rumors[:seat] + (tuple(slots),) + state.rumors[seat + 1:]
        took = (_("{chef} takes {item} (as rumor {number})") if k is WLD else _("{chef} takes {item}")).format(
            chef=who, item=item_text(tok), number=r)
        reads = (_(" (it never reads the rumor cards)") if seat == state.cfg.rival
                 else _(" and reads rumor card {number}").format(number=r))
        state.say_event(took + reads, "pick", fact)
        if not state.flipped[r - 1] and all(state.rumors[p][r - 1] is not None for p in range(state.players)):
            state.flipped = state.flipped[:r - 1] + (True,) + state.flipped[r:]
            state.say(_("Every player knows rumor {number}: the card turns face up ({name})").format(
                number=r, name=state.cfg.comps.rumor(state.rumor_cards[r - 1]).local_name), "flip", rumor=r)
    else:
        state.storage[seat] = state.storage[seat] + [tok]          # state._store(seat, [tok])
        state.say_event(who + " takes " + tok if language() == "en" else      # (the hot path: no formatting)
                        _("{chef} takes {item}").format(chef=who, item=item_text(tok)), "pick", fact)
    if run.moved is not None and before is None:
        state.priority = tuple(run.priority)
        order = ", ".join(state._name(s) for s in state.priority)
        state.say_event(_("{player} made the first pick of a tie: the hat moves to the back of the priority track "
                          "(now, left to right: {order})").format(player=state._name(run.moved), order=order), "hat",
                       {"seat": run.moved, "priority": state.priority})
        zid = zous_id(cname)
        if zid is not None and state.cfg.comps.zous_chef(zid).ability == "tie_star":
            z = state.cfg.comps.zous_chef(zid)
            n = int(z.param or 1)
            state._award(run.moved, n, f"zous-chef {z.name}")
            state.say(ngettext("{chef} tied and moved to the back: {count} star(s)",
                               "{chef} tied and moved to the back: {count} star(s)", n).format(
                chef=chef_of(state, run.moved, cname), count=n))
    if state.soups_paid < len(run.soups):
        state._pay_soups()


def finish_location(state) -> None:
    cfg = state.cfg
    i = state.loc
    run = state.run          # None: no chef went there
    # zous-chefs that take soup after their last pick
    for q in run.queues if run is not None else ():
        for c in q:
            if c.taken > 0 and c.name not in CAPACITY:
                z = cfg.comps.zous_chef(zous_id(c.name))
                if z.ability == "gain_soup":
                    n = int(z.param or 1)
                    state._store(c.player, [SOUP] * n)
                    state.say(ngettext("{chef} takes {count} soup after its last pick",
                                       "{chef} takes {count} soup after its last pick", n).format(
                        chef=chef_of(state, c.player, c.name), count=n),
                             "zous_soup", loc=i, seat=c.player, chef=c.name, count=n)
                    if c.player == cfg.rival:
                        solo.return_soups(state)     # McDogald's refuses it [RB: Newton]
    state.run = None     # done: a picture drawn at the lines below shows the leftovers moved
    kept, moved, gone = [], [], []
    dest = cfg.truck if i == cfg.academy else cfg.academy
    for tok in run.items if run is not None else state.items[i]:
        k = tok.kind
        if k is BIS and i == cfg.truck:
            kept.append(tok)          # the bisque space keeps its bisque
        elif k is RUM or k is WLD:
            state.removed += (tok,)
            gone.append(tok)
        elif k is ZOU:
            state.zous_gone += (tok.zous,)
            gone.append(tok)
        else:
            moved.append(tok)
    items = state.items[:]
    items[i] = kept
    items[dest] = items[dest] + moved
    state.items = items
    if moved:
        state.say_event(_("Leftovers of {location} go to the {to}: {items}").format(
            location=cfg.loc_names[i], to=cfg.loc_names[dest], items=items_text(moved)),
                       "leftover", {"loc": i, "to": dest, "tokens": tuple(moved)})
    if gone:
        names = [_("zous-chef {name}").format(name=cfg.comps.zous_chef(t.zous).local_name) if t.kind is ZOU
                 else item_text(t) for t in gone]
        state.say_event(_("Left the game from {location}: {items}").format(location=cfg.loc_names[i],
                                                                           items=" ".join(names)), "gone",
                       {"loc": i, "tokens": tuple(gone)})
    state.loc += 1
    if state.loc >= len(cfg.locs):
        state._end_round()


def end_round(state) -> None:
    cfg = state.cfg
    for s in range(cfg.seats):
        if state.hired[s] is not None:
            state.zous_gone += (state.hired[s],)
            state.say(_("{chef} leaves").format(chef=chef_of(state, s, zous_token(state.hired[s]))),
                     "zous_leaves", seat=s, token=zous_token(state.hired[s]))
    state.hired = state.hire_next
    state.hire_next = (None,) * cfg.seats
    state.plans = [{} for _ in range(cfg.seats)]
    rnd = state.round
    if rnd in cfg.days:
        state.phase = Phase.CHALLENGE
        state.turn = 0
        state.meals = [{} for _ in range(cfg.seats)]
        state.say(_("Day {day} ends: challenge meals").format(day=cfg.day_of(rnd)), "day_end", day=cfg.day_of(rnd))
        if cfg.solo:
            solo.collect_challenge_stars(state)
    elif rnd >= cfg.rounds:
        state.phase = Phase.CRITIC
        state.turn = 0
        state.critic_meals = [{} for _ in range(cfg.seats)]
        state.say(_("Round 7 ends: the critic meal") if cfg.rounds == 7 else _("The last round ends: the critic meal"))
    else:
        state._start_round(rnd + 1)


def after_challenges(state) -> None:
    state.phase = Phase.FRIDGE
    state.turn = 0
    state.say(_("Fridge: keep at most {count} ingredients and spices").format(count=state.cfg.fridge[state.round]))


def after_fridge(state) -> None:
    if state.round == state.cfg.days[0] and state.cfg.days[1] in state.cfg.hold_rounds:
        state.say(_("The Hold token moves to round {round}").format(round=state.cfg.days[1]), "hold_moves",
                  round=state.cfg.days[1])
    state._start_round(state.round + 1)
