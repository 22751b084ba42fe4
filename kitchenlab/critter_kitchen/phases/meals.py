"""The challenge-meal and fridge phases (after the last round of days 1 and 2).

Challenge: ``add fish7+spice to meal 1``, ``add soup to meal 2``, ``serve meal 1``, ``done with
challenges`` (meal *k* is the day's *k*-th challenge; unserved meals go back to the storage at
"done"). Fridge: ``discard fish2`` while a player keeps more ingredients and spices than the limit.
The meal rule itself is :func:`..scoring.meal_rule_problems`; the greedy bot's moves (the exact
optimiser's :func:`..scoring.best_challenge_plan`) are in :mod:`..greedy.meals`.
"""

from __future__ import annotations

from bisect import bisect_left as _bisect_left, bisect_right as _bisect_right
from operator import attrgetter as _attrgetter

from ...i18n import _, ngettext
from .. import actions, scoring
from ..actions import Action, Kind
from ..final import challenge_factor, restaurateur_meal_extra
from ..challenge_meals import _stars, meal_value, required_types, tally
from ..flow import at
from ..words import items_text
from ..tokens import ALLSPICE, BIS, BISQUE, INGREDIENT, SOU, SOUP, SPICE_OF, TOKEN_FACTS, TOKEN_TABLE

# An enum member read through its class takes a slow attribute lookup: the hot paths read these names.
_ADD, _SERVE = Kind.ADD, Kind.SERVE


# ------------------------------------------------------------------ token tables
# The phase's hot paths read the tokens' facts from the tables of ``TOKEN_FACTS`` (made again
# whenever a token is made after they were: ``_tables_ready``); the tables keep their identity.
_FACTS = TOKEN_FACTS.meal            # per token: its (kind, type, value) in a meal
_INGREDIENTS = TOKEN_FACTS.ingredients
_TYPE_OF = TOKEN_FACTS.type_of
_FRIDGE = TOKEN_FACTS.fridge          # the ingredients and spices (what the fridge counts)
_RANK = TOKEN_FACTS.rank              # per token: its place in the order of ``sort_tokens``


def _tables_ready() -> None:
    TOKEN_FACTS.refresh()


# ------------------------------------------------------------------ challenge meals
#: per meal number: per ingredient, its add moves (alone; + its spice; + allspice; + both, one
#: after the other), and the meal's bisque, soup and serve moves
_MOVES = actions.SHARED.meal_rows
#: per challenge's requirements: the types required, in course order, each once
_REQUIRED = TOKEN_FACTS.required_types


def _moves(k: int) -> tuple[dict, tuple]:
    got = _MOVES.get(k)
    if got is None:
        got = _MOVES[k] = ({}, (actions.add(k, BISQUE, None), actions.add(k, SOUP, None), actions.serve(k)))
    return got


def _add_moves(rows: dict, k: int, tok) -> tuple:
    sp = SPICE_OF[tok.type]
    plain, spiced, allspiced = actions.add(k, tok, None), actions.add(k, tok, sp), actions.add(k, tok, ALLSPICE)
    row = rows[tok] = ((plain,), (plain, spiced), (plain, allspiced), (plain, spiced, allspiced))
    return row


_required = required_types


def legal_challenge(state) -> list[Action]:
    # per unserved challenge k: each required ingredient held (in course order, highest first),
    # alone, with its spice, with allspice; bisque; soup; then "serve meal k" when meal k can be
    # served. Last: done.
    if len(TOKEN_TABLE) != TOKEN_FACTS.size:
        _tables_ready()
    s = state.turn
    have = set(state.storage[s])
    held_of: dict = {}               # per type: the ingredients of it held, highest first
    type_of = _TYPE_OF
    last, group = None, []
    for tok in sorted(have & _INGREDIENTS, key=_RANK.__getitem__):    # grouped by type already
        t = type_of[tok]
        if t == last:
            group.append(tok)
        else:
            group = held_of[t] = [tok]
            last = t
    with_all = 2 if ALLSPICE in have else 0
    has_bis = BISQUE in have
    has_soup = SOUP in have
    served = state.served[s]
    served = {x[0] for x in served} if served else ()
    in_progress = state.meals[s]
    out = []
    k = 0
    for ci, reqs in state.day_challenges():
        k += 1
        if ci in served:
            continue
        try:
            rows, (bis, soup, serve) = _MOVES[k]
            required = _REQUIRED[reqs]
        except KeyError:
            rows, (bis, soup, serve) = _moves(k)
            required = _required(reqs)
        for t in required:
            if t in held_of:
                variant = with_all + (SPICE_OF[t] in have)
                for tok in held_of[t]:
                    try:
                        out += rows[tok][variant]
                    except KeyError:
                        out += _add_moves(rows, k, tok)[variant]
        if has_bis:
            out.append(bis)
        if has_soup:
            out.append(soup)
        if in_progress and k in in_progress and meal_ok(state, in_progress[k], reqs):
            out.append(serve)
    out.append(actions.DONE_CHALLENGES)
    return out


def _restaurateur_extra(state, note: str) -> int:
    """Quality the turn's restaurateur adds to a challenge meal (Herón Sanchez)."""
    rest = state.rest[state.turn] if state.cfg.restaurateurs else None
    return 0 if rest is None else restaurateur_meal_extra(note, rest, state.cfg.comps)


#: per meal item's notation ("fish7+spice", "soup"): its ingredient type (None for soup and
#: bisque) and quality
_ITEM = TOKEN_FACTS.meal_items


def _item(note: str, used: tuple) -> tuple:
    kind, ty, v = _FACTS[used[0]]
    got = _ITEM[note] = (ty, v * 2 if len(used) > 1 else v) if kind == INGREDIENT else (None, v)
    return got


def meal_ok(state, meal, reqs) -> bool:
    """A meal built by the actions (its ingredients are always of required types) can be served:
    ``not scoring.meal_rule_problems(...)`` of its requirements met, soups and quality, written out."""
    if len(TOKEN_TABLE) != TOKEN_FACTS.size:
        _tables_ready()
    items = _ITEM
    met = set()
    soups = q = 0
    for note, used in meal:
        try:
            ty, v = items[note]
        except KeyError:
            ty, v = _item(note, used)
        q += v
        if ty is None:
            soups += 1
        else:
            met.add(ty)
    if state.cfg.restaurateurs and state.rest[state.turn] is not None:
        q += _restaurateur_extra(state, " ".join(n for n, _ in meal))
    return scoring.meal_rule_ok(len(met), len(reqs) - len(met), soups, q, state.cfg.min_presentable)


def act_challenge(state, action: Action) -> None:
    k = action.kind
    if k is _ADD:
        # the storage list and the meals are replaced, never changed (a copy of the state shares them)
        s = state.turn
        old = state.storage[s]
        st = old[:]
        tok, spice = action.token, action.spice
        st.remove(tok)
        used = (tok,)
        note = tok
        if spice is not None:
            st.remove(spice)
            used = (tok, spice)
            note = tok + ("+allspice" if spice is ALLSPICE else "+spice")
        state.storage[s] = st
        meals_s = state.meals[s]
        m = action.meal
        meal = state.meals[s] = {**meals_s, m: meals_s.get(m, []) + [(note, used)]}
        listed = state.moves_of
        if listed is not None and listed[0] is old and listed[1] is meals_s:
            state.next_moves = _moves_after_add(state, listed[2], used, m, meal[m])
    elif k is _SERVE:
        s = state.turn
        old, meals_s = state.storage[s], state.meals[s]
        m = action.meal
        _serve(state, m)
        listed = state.moves_of
        if listed is not None and listed[0] is old and listed[1] is meals_s:
            # legal_challenge now: the list before without meal m's part (the storage is as it was)
            moves = listed[2]
            n = len(moves) - 1                  # "done" last, its meal None
            state.next_moves = moves[:_bisect_left(moves, m, 0, n, key=_MEAL_OF)] + moves[
                _bisect_right(moves, m, 0, n, key=_MEAL_OF):]
    else:
        done_challenges(state)


def _moves_after_add(state, moves: list, used: tuple, k: int, meal: list) -> list:
    """:func:`legal_challenge` after an add of ``used`` to meal ``k`` (now ``meal``), from ``moves``,
    the list before it: a move stays exactly when the tokens it names are still held (the rest of
    the list depends on nothing an add changes), and "serve meal k" follows the new meal."""
    st = state.storage[state.turn]
    # a move names an ingredient, soup or bisque as its token and a spice as its spice: the moves
    # that go are those naming a token of ``used`` no longer held
    tok = used[0]
    if len(used) > 1 and used[1] not in st:
        sp = used[1]
        if tok not in st:
            out = [a for a in moves if a.token != tok and a.spice != sp]
        else:
            out = [a for a in moves if a.spice != sp]
    elif tok not in st:
        out = [a for a in moves if a.token != tok]
    else:
        out = moves[:]
    serve = _MOVES[k][1][2]        # actions.serve(k): the list was made with meal k's moves
    # the list runs meal by meal ("serve meal k" last in meal k's part) and ends with "done": where
    # meal k's part ends, found by halving among the moves before "done" (whose meal is None); the
    # moves are told apart by identity (== compares fields)
    i = _bisect_right(out, k, 0, len(out) - 1, key=_MEAL_OF)
    listed = out[i - 1] is serve
    if meal_ok(state, meal, state.day_challenges()[k - 1][1]):
        if not listed:
            out.insert(i, serve)
    elif listed:
        del out[i - 1]
    return out


#: a move's meal number (read in C by the halving search)
_MEAL_OF = _attrgetter("meal")


def _serve(state, k: int) -> None:
    s = state.turn
    meals_s = dict(state.meals[s])
    meal = meals_s.pop(k)
    state.meals[s] = meals_s
    ci, reqs = state.day_challenges()[k - 1]
    note = " ".join(n for n, _ in meal)
    # scoring.meal_quality(note), read from the tokens: a spice doubles its ingredient
    q = 0
    for _item, used in meal:
        q += used[0].value * 2 if len(used) > 1 else used[0].value
    if state.cfg.restaurateurs:
        q += _restaurateur_extra(state, note)
    stars = _stars(q, state.cfg.sorted_thresholds)     # scoring.challenge_stars
    back = []
    for _item, used in meal:
        for t in used:
            if t.kind is BIS:
                state.bisque_supply += 1
            elif t.kind is not SOU:
                back.append(t)
    if back:
        state.bag = state.bag + back
    card = state.cfg.comps.challenge(state.challenges[ci])
    state._award(s, stars, f"challenge {card.name}")
    state.served = at(state.served, s, state.served[s] + ((ci, note, q, stars),))
    state.say(ngettext("{player} serves {name}: {meal} (quality {quality}) for {count} star(s)",
                       "{player} serves {name}: {meal} (quality {quality}) for {count} star(s)", stars).format(
        player=state._name(s), name=card.local_name, meal=items_text(note.split()), quality=q, count=stars),
        "serve", seat=s, challenge=ci, tokens=tuple(t for _, used in meal for t in used), quality=q, stars=stars)


def done_challenges(state, quiet: bool = False) -> None:
    s = state.turn
    back = []
    for meal in state.meals[s].values():
        for _item, used in meal:
            back += used
    if back:
        state.storage[s] = state.storage[s] + back
    state.meals[s] = {}
    state.next_moves = None             # moves left by an add or a serve were this seat's
    if not quiet:
        state.say_event(_("{player} is done with the challenges").format(player=state._name(s)), "note", {})
    state.turn += 1


def any_meal_possible(state, seat: int) -> bool:
    """Whether ``seat`` could serve one of the day's challenges it has not served from its storage
    (the exact best meal, :func:`.scoring.best_challenge_meal`, is not ``None``; with Herón
    Sanchez, whose doubling that search leaves out, ``True`` whenever his doubling might make a
    meal presentable, so the seat is asked rather than skipped)."""
    served = state.served[seat]
    served = {x[0] for x in served} if served else ()
    th = state.cfg.sorted_thresholds
    factor = _challenge_factor(state, seat)
    store = None
    for ci, reqs in state.day_challenges():
        if ci not in served:
            if store is None:
                store = tally(state.storage[seat])
            if _meal_stars(store, reqs, th, factor) > 0:
                return True
    return False


def _challenge_factor(state, seat: int) -> int:
    """:func:`.final.challenge_factor` of ``seat``'s restaurateur (1 when restaurateurs are off)."""
    cfg = state.cfg
    return challenge_factor(state.rest[seat], cfg.comps) if cfg.restaurateurs else 1


def _meal_stars(tallied: tuple, reqs: tuple, th: tuple, factor: int = 1) -> int:
    """The stars of the highest-quality meal of a tallied storage (:func:`.challenge_meals.tally`)
    for ``reqs`` (0 when none may be served): :func:`.challenge_meals.meal_value`, the quality
    :func:`.scoring.best_challenge_meal` finds. ``factor`` > 1 (Herón Sanchez: one unspiced
    ingredient of each type counts ``factor`` times) adds the best ingredient of each type
    ``factor - 1`` more times: an upper bound, so a meal the restaurateur makes presentable is
    never missed."""
    required = _REQUIRED.get(reqs)
    if required is None:
        required = required_types(reqs)
    q = meal_value(tallied, required)
    if q is None:
        return 0
    if factor > 1:
        vals = tallied[0]
        q += sum(vals[t][0] for t in required if t in vals) * (factor - 1)
    return _stars(q, th)


def _best_meal_stars(store, reqs, th) -> int:
    """:func:`_meal_stars` of a storage."""
    return _meal_stars(tally(store), tuple(reqs), th)


# ------------------------------------------------------------------ fridge
def fridge_count(state, seat: int) -> int:
    if len(TOKEN_TABLE) != TOKEN_FACTS.size:
        _tables_ready()
    return sum(map(_FRIDGE.__contains__, state.storage[seat]))     # the ingredients and spices held


def legal_fridge(state) -> list[Action]:
    # one discard per ingredient or spice held, in the order of sort_tokens
    if len(TOKEN_TABLE) != TOKEN_FACTS.size:
        _tables_ready()
    held = _FRIDGE.intersection(state.storage[state.turn])
    return list(map(actions.discard, sorted(held, key=_RANK.__getitem__)))


def act_fridge(state, action: Action) -> None:
    tok = action.token
    st = state.storage[state.turn][:]      # replaced, never changed (a copy of the state shares it)
    st.remove(tok)
    state.storage[state.turn] = st
    state.bag = state.bag + [tok]
    # the storage is behind the shield: the table only sees that something went back
    state.say_event(_("{player} puts an item back in the bag (fridge)").format(player=state._name(state.turn)),
                    "discard", {"seat": state.turn})
