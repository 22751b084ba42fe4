"""The critic-meal phase (after the last round) and the end of the game.

``put fish7+spice on fish course``, ``put fish7 spiced with rumor2 on fish course`` (the Jerboa),
``pair wine4 with fish course`` (the Fruit Bat), ``done with critic meal``. When every player is
done, the meals are scored by :func:`.scoring.score_critic_meals` and the game is over.

A course is a list of :class:`Placed` entries: the notation of one ingredient (with its spice),
or a wine paired with the course.
"""

from __future__ import annotations

from typing import NamedTuple

from ...i18n import _, ngettext
from .. import actions, scoring, solo
from ..actions import Action, Kind, Phase
from ..final import soup_value
from ..tokens import ALLSPICE, RUM, TOKEN_FACTS, TOKEN_TABLE, TYPES, WLD, spice_for
from ..words import item_text


# An enum member read through its class takes a slow attribute lookup: the hot paths read these names.
_PUT, _PAIR = Kind.PUT, Kind.PAIR


class Placed(NamedTuple):
    """One entry of a critic-meal course: its notation, the storage tokens it holds, a paired wine?"""

    note: str
    tokens: tuple
    paired: bool = False


def _effect(state) -> str:
    """The critic's effect (kept by the configuration per critic id)."""
    cfg = state.cfg
    got = cfg.critic_effects.get(state.critic)
    if got is None:
        got = cfg.critic_effects[state.critic] = cfg.comps.critic(state.critic).effect
    return got


def _cap(eff: str, meal: dict, t: str) -> int:
    if eff == "cheese_multi" and t == "cheese":
        return 99
    if eff == "one_course_four":
        multi = [u for u, items in meal.items() if sum(1 for p in items if not p.paired) > 1]
        if not multi or multi == [t]:
            return 4
    return 1


def course_cap(state, seat: int, t: str) -> int:
    """How many ingredients the course of type ``t`` may hold now."""
    return _cap(_effect(state), state.critic_meals[seat], t)


def free_rumor_tokens(state, seat: int) -> set:
    """Rumor tokens not yet used as allspice in this seat's critic meal (the Jerboa)."""
    have: dict = {}
    for t in state.rumors[seat]:
        if t is not None:
            have[t] = have.get(t, 0) + 1
    for items in state.critic_meals[seat].values():
        for p in items:
            for t in p.tokens[1:]:
                if t in have and (t.kind is RUM or t.kind is WLD):
                    have[t] -= 1
    return {t for t, k in have.items() if k > 0}


def critic_notation(state, seat: int) -> dict[str, str]:
    """The seat's critic meal so far in meal notation, ``{course type: "fish7+spice"}``."""
    out = {}
    for t, items in state.critic_meals[seat].items():
        if items:
            out[t] = " ".join(p.note for p in items)
    return out


def critic_done_ok(state, seat: int) -> bool:
    if not state.cfg.exact_one:
        return True
    probs = scoring.critic_meal_problems(critic_notation(state, seat), state.critic, exact_one=True,
                                         storage=state.storage[seat])
    return not probs


#: each ingredient token's type, spice and put moves (plain, with its spice, with allspice); its put moves
#: with a rumor token; the pairings of a wine with a course (the Fruit Bat)
_PUTS = actions.SHARED.puts
_RUMOR_PUTS = actions.SHARED.rumor_puts
_PAIRS = actions.SHARED.pairs


def _puts(tok) -> tuple:
    got = _PUTS.get(tok)
    if got is None:
        t = tok.type
        got = _PUTS[tok] = (t, spice_for(t), actions.put(tok, None, None),
                            actions.put(tok, spice_for(t), "spice"), actions.put(tok, ALLSPICE, "allspice"))
    return got


def _rumor_put(tok, r) -> Action:
    a = _RUMOR_PUTS.get((tok, r))
    if a is None:
        a = _RUMOR_PUTS[(tok, r)] = actions.put(tok, r, r)
    return a


def _ingredients_in(have: set) -> list:
    """``sort_tokens`` of the ingredient tokens in ``have``, by each token's rank in that order
    (the tables of ``TOKEN_FACTS``, made again when a token is added to the table)."""
    facts = TOKEN_FACTS
    if facts.size != len(TOKEN_TABLE):
        facts.refresh()
    return sorted(have & facts.ingredients, key=facts.rank.__getitem__)


def legal_critic(state) -> list[Action]:
    s = state.turn
    eff = _effect(state)
    have = set(state.storage[s])
    meal = state.critic_meals[s]
    out = []
    add = out.append
    ing = _ingredients_in(have)
    rumor_toks = sorted(free_rumor_tokens(state, s)) if eff == "rumor_as_allspice" else []
    # the courses with no room left (a course not started always has room); as ``_cap`` says, with
    # a course's ingredients counted without its paired wine (only the Fruit Bat pairs one)
    if eff == "wine_pairing":
        full = {t for t, items in meal.items() if sum(1 for p in items if not p.paired) >= 1}
    elif eff == "cheese_multi":
        full = {t for t, items in meal.items() if len(items) >= (99 if t == "cheese" else 1)}
    elif eff == "one_course_four":
        multi = [t for t, items in meal.items() if len(items) > 1]
        full = {t for t, items in meal.items() if len(items) >= (4 if not multi or multi == [t] else 1)}
    else:
        full = {t for t, items in meal.items() if items}
    all_ok = ALLSPICE in have
    for tok in ing:
        t, spice, plain, spiced, allspiced = _PUTS.get(tok) or _puts(tok)
        if t not in full:
            add(plain)
            if spice in have:
                add(spiced)
            if all_ok:
                add(allspiced)
            for r in rumor_toks:
                add(_rumor_put(tok, r))
    if eff == "wine_pairing":
        wines = [tok for tok in ing if tok.type == "wine"]
        for t in TYPES:
            if t == "wine" or not meal.get(t):
                continue
            if any(p.paired for p in meal[t]):
                continue
            for w in wines:
                add(actions.pair(_PAIRS, w, t))
    if critic_done_ok(state, s):
        add(actions.DONE_CRITIC)
    return out


def act_critic(state, action: Action) -> None:
    s = state.turn
    k = action.kind
    # the storage list and the meal are replaced, never changed (a copy of the state shares them)
    if k is _PUT:
        st = state.storage[s][:]
        tok, spice = action.token, action.spice
        st.remove(tok)
        t = tok.type
        if spice is None:
            entry = Placed(tok, (tok,))
        else:
            if spice.kind is not RUM and spice.kind is not WLD:
                st.remove(spice)
            entry = Placed(tok + ("+spice" if spice == spice_for(t) else "+allspice"), (tok, spice))
        state.storage[s] = st
        _add_course(state, s, t, entry)
    elif k is _PAIR:
        st = state.storage[s][:]
        st.remove(action.token)
        state.storage[s] = st
        _add_course(state, s, action.course, Placed(action.token, (action.token,), True))
    else:
        state.say_event(_("{player} has prepared the critic meal").format(player=state._name(s)), "note", {})
        state.turn += 1
        if state.turn >= state.players:
            score_critic(state)


def _add_course(state, s: int, course: str, entry) -> None:
    """``entry`` joins ``course`` of ``s``'s critic meal (a new meal: the old one is shared)."""
    meal = state.critic_meals[s]
    state.critic_meals[s] = {**meal, course: meal.get(course, []) + [entry]}


def score_critic(state) -> None:
    """Score every critic meal (McDogald's too) and end the game; every plate and its itemised
    score goes to the log and to ``state.results``."""
    cfg = state.cfg
    comps = cfg.comps
    meals, soups, known, rests, served, auto = [], [], [], [], [], []
    for s in range(cfg.seats):
        if s == cfg.rival:
            solo.return_soups(state)
            meal = solo.rival_critic_meal(state)
            used = solo.rival_meal_tokens(state, meal)
            state.critic_meals[s] = {t: [Placed(n, used[t])] for t, n in meal.items()}
            st = state.storage[s][:]
            for toks in used.values():
                for x in toks:
                    st.remove(x)
            state.storage[s] = st
            tok, val = solo.rival_soup_value(state, state.rng)
            state.say(_("{rival} draws {item} from the bag: its soup value is {value}").format(
                rival=solo.RIVAL_NAME, item=item_text(tok) if tok else _("nothing"), value=val))
            meals.append(meal)
            soups.append(val)
            known.append(set())
            rests.append(None)
            served.append(0)
            auto.append(True)
        else:
            meals.append(critic_notation(state, s))
            soups.append(soup_value(state.storage[s]))
            # (read only when a rumor scores for the players who know it)
            known.append({state.rumor_cards[k - 1] for k in state.known_kinds(s)} if cfg.known_only else set())
            rests.append(state.rest[s])
            served.append(len(state.served[s]))
            auto.append(False)
    state.say(_("Rumor cards revealed: {names}").format(names=", ".join(comps.rumor(r).local_name
                                                                        for r in state.rumor_cards)))
    res = scoring.score_critic_meals(
        meals, soups, state.critic, state.rumor_cards, known=known, known_only=cfg.known_only,
        restaurateurs=rests if cfg.restaurateurs else None, challenges_served=served,
        min_quality=cfg.critic_min_quality, automated=auto, components=comps, checked=True,
    )
    for r in res:
        s = r.player
        state._award(s, r.total, "critic meal")
        for line in r.lines(state._name(s), comps):
            state.say_event(line, "note", {})
        state.say_event(ngettext("{player}: {count} star(s) in all", "{player}: {count} star(s) in all",
                                 state.stars[s]).format(player=state._name(s), count=state.stars[s]), "note", {})
    state.results = tuple(res)
    state.totals = tuple(r.final_total for r in res)
    state.phase = Phase.OVER
    state.say(state.result_text())


# ------------------------------------------------------------------ the final score, one row per restaurant
def final_rows(state) -> list[dict]:
    """The itemised final score of a finished game, one row per restaurant (McDogald's too): each
    course's quality, best-of-course stars, rumor stars, most soup, seven courses, bonus (and, with
    restaurateurs, the card and the stars it gave), the track total and its stars, and the critic meal's stars. Empty before the game is over."""
    if state.results is None:
        return []
    comps = state.cfg.comps
    rows = []
    for r in state.results:
        row = {"restaurant": state._name(r.player)}
        for t, n, q in zip(TYPES, r.courses or ("",) * len(TYPES), r.course_qualities):
            row[t] = f"{n} = {q}" if n else "—"
        row["best of course"] = r.best_courses
        for rid, n in r.rumors:
            row[comps.rumor(rid).name] = n
        row.update({"most soup": r.most_soup, "seven courses": r.all_courses, "bonus": r.bonus})
        if r.restaurateur:
            row.update({"restaurateur": r.restaurateur, "restaurateur bonus": r.restaurateur_bonus})
        row.update({"track total": r.final_total, "track stars": r.track_stars, "critic-meal stars": r.total,
                    "stars in all": state.stars[r.player]})
        rows.append(row)
    return rows
