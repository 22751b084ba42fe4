"""McDogald's, the automated restaurant of the solo game (digest, "Solo mode"; the rulebook's
"Solo Mode" pages).

The printed solo cards are graphics, so the kit ships an assumed [A] deck in ``data/``:
``solo_placement.csv`` (placement cards for the Manager, Mouse, Lizard and Boar),
``critics_choice.csv`` (the Critic's Choice cards: start stars and, per day, the pick conditions
tried leftmost first), ``solo_rumor_tokens.csv`` (its stars per rumor token taken, by day) and
``solo_rumor_dots.csv`` (the rumor cards' dots). Each step is an automatic event of the game
state, logged as such, never a player's action.

* **Setup**: McDogald's starts with the stars of its Critic's Choice card and its hat at the front
  (the right end) of the priority track; the 2-player layout is used.
* **Plan**: four shuffled decks, Manager, Mouse, Lizard and Boar. Each round the top Manager card
  sends the chef it names [A: the printed cards are graphics]; then each of the mouse, lizard and
  boar still at home follows the top card of its own deck, and a hired zous-chef the top card of
  the deck of its carrying capacity. A chef goes to the card's first preference that names a
  location McDogald's does not occupy yet; ties (and a card none of whose preferences is free) go
  the way of the card's arrow. Drawn cards are discarded at the end of the round; an empty deck is
  its discards shuffled again [A].
* **Shop**: a McDogald's chef takes the item matching the leftmost condition of the day's row
  that anything matches (``rumor``, ``challenge``: an ingredient of a type printed on a challenge
  of this day, ``zous``, ``spice``, ``seven``, ``high``: printed 5 or more, ``bisque``, ``soup``,
  ``plate``: the ingredient or spice that most raises its critic meal's quality, ``any``), the
  highest value first, ties by the card's ingredient list. It ignores critic rules.
  It takes rumor tokens (at most one of each kind, a wild one in its leftmost empty space) and gains
  the day's stars for each at once. Each ingredient or spice (not allspice) it takes that matches a
  challenge ingredient puts a star above the first unstarred such ingredient printed on a challenge
  of the day; it collects them at the day's challenge scoring and serves no meal. Every soup and
  bisque it gets goes back to the supply (Newton's soup included), and it never refrigerates.
* **Critic meal**: its best ingredient of each type, with its matching spice where it has one, and
  each allspice on its highest unspiced ingredient (ties by the card's list); no critic rule
  applies; its soup total is the value of one item drawn from the bag (0 for a spice, allspice or
  rumor); its rumor stars are the 3 cards' dots.
"""

from __future__ import annotations

from ..i18n import _, ngettext
from .tokens import ALLSPICE, BIS, BISQUE, ING, RUM, SOU, SOUP, SPI, WLD, ZOU, spice_for, zous_token
from .words import item_text, items_text, type_word

RIVAL_NAME = "McDogald's"
PLACEMENT_ORDER = ("manager", "mouse", "lizard", "boar")

# Every function below reads the state and returns McDogald's decision; the state writes it down
# (and logs it) itself, so nothing here changes a state.


def _pick_location(state, card, free: list[int]) -> int | None:
    cfg = state.cfg
    for pref in card.preferences:
        if pref == "any":
            cand = free
        elif pref == "most_items":
            cand = []
            if free:
                most = max(len(state.items[i]) for i in free)
                cand = [i for i in free if len(state.items[i]) == most]
        else:
            cand = [i for i in free if cfg.loc_keys[i] == pref]
        if cand:
            return cand[0] if card.arrow == "left" else cand[-1]
    # no location meets the card: its arrow still places the chef [digest, solo placement]
    if free:
        return free[0] if card.arrow == "left" else free[-1]
    return None


def rival_plan(state, rng) -> tuple[list[tuple[str, int, str]], tuple]:
    """Where McDogald's chefs go this round, as the rulebook's running step sends them: the top card
    of the Manager deck, then the top card of the Mouse, Lizard and Boar decks for each of those
    chefs still at home, then, for a hired zous-chef, the top card of the deck of its carrying
    capacity. Returns ``(chef, location, placement card)`` in placement order, and the cards drawn
    from each deck since it was last shuffled (``state.solo_drawn`` after this round).

    Each deck is a shuffled pile whose drawn cards are discarded at the end of the round: the top
    card is drawn uniformly from the cards not drawn yet (chance: ``rng``, the state's generator),
    and an empty deck is its discards shuffled again [A: the rulebook does not say]."""
    cfg = state.cfg
    rv = cfg.rival
    drawn = dict(zip(PLACEMENT_ORDER, state.solo_drawn))
    plan: list[tuple[str, int, str]] = []

    def top_card(deck: str):
        cards = [c for c in cfg.comps.solo_cards if c.chef == deck]
        left = [c for c in cards if c.id not in drawn[deck]]
        if not left:                     # the deck ran out: its discards are shuffled again
            drawn[deck] = ()
            left = cards
        card = left[rng.randbelow(len(left))]
        drawn[deck] += (card.id,)
        return card

    def send(name: str, card) -> None:
        used = {where for _, where, _ in plan}
        free = [i for i in range(len(cfg.locs)) if i not in used]
        where = _pick_location(state, card, free)
        if where is not None:
            plan.append((name, where, card.id))

    card = top_card("manager")
    send(card.sends, card)
    for chef in PLACEMENT_ORDER[1:]:
        if all(name != chef for name, _, _ in plan):      # still in its kitchen
            send(chef, top_card(chef))
    if state.hired[rv] is not None:
        zous = zous_token(state.hired[rv])
        send(zous, top_card(PLACEMENT_ORDER[cfg.capacity(zous)]))
    return plan, tuple(drawn[d] for d in PLACEMENT_ORDER)


def day_requirements(state) -> list[tuple[int, tuple[str, ...]]]:
    """The challenges of the current day McDogald's can see: (index, printed types not under the Hold).
    Day 3 has none."""
    if state.cfg.day_of(state.round) >= 3:
        return []
    return state.day_challenges()


def _matches(cond: str, tok, reqs: set) -> bool:
    k = tok.kind
    if cond == "rumor":
        return k is RUM or k is WLD
    if cond == "challenge":
        return k is ING and tok.type in reqs
    if cond == "zous":
        return k is ZOU
    if cond == "spice":
        return k is SPI
    if cond == "seven":
        return k is ING and tok.value == 7
    if cond == "high":
        return k is ING and tok.value >= 5
    if cond == "bisque":
        return k is BIS
    if cond == "soup":
        return k is SOU
    return True     # "any"


def rival_choice(state, chef) -> tuple:
    """The item a McDogald's chef takes now: ``(token, rumor kind or None)``. A wild rumor goes to
    its leftmost empty rumor space."""
    cfg = state.cfg
    opts = state.run.options(chef)
    conds = cfg.comps.critics_choice_day(cfg.solo_card, cfg.day_of(state.round))
    order = cfg.solo_order      # the place of each ingredient type on McDogald's tie-break list
    reqs: set = set()
    for _index, r in day_requirements(state):
        reqs.update(r)
    n = len(order)
    for cond in conds:
        best, best_key = None, None
        if cond == "plate":
            gains = plate_gains(state, [tok for tok, _ in opts])
        for tok, kind in opts:
            if cond == "plate":
                if gains.get(tok, 0) <= 0:
                    continue
                key = (gains[tok], -order.get(tok.type, n))
                if best_key is None or key > best_key:
                    best, best_key = (tok, kind), key
                continue
            if not _matches(cond, tok, reqs):
                continue
            # highest value first; then the card's list; a rumor's own kind before a wild; leftmost space
            key = (tok.value, -order.get(tok.type, n), tok.kind is RUM, -(kind or 0))
            if best_key is None or key > best_key:
                best, best_key = (tok, kind), key
        if best is not None:
            return best
    return opts[0]


def plate_gains(state, toks) -> dict:
    """For each ingredient or spice of ``toks``: how much it would raise the quality of McDogald's
    critic meal (no critic rule) — the "critic plate item" condition takes the largest gain [RB]."""
    from .scoring import meal_quality

    st = list(state.storage[state.cfg.rival])
    order = state.cfg.comps.solo_ingredient_list()
    now = meal_quality(" ".join(plate_meal(st, order).values()) or "")
    out = {}
    for tok in set(toks):
        if tok.kind is ING or tok.kind is SPI:
            out[tok] = meal_quality(" ".join(plate_meal(st + [tok], order).values())) - now
    return out


def after_pick(state, tok) -> None:
    """What follows a McDogald's pick: a rumor's stars, a star above a challenge ingredient, soup back
    to the supply."""
    cfg = state.cfg
    rv = cfg.rival
    k = tok.kind
    if k is RUM or k is WLD:
        day = cfg.day_of(state.round)
        n = cfg.comps.solo_rumor_token_stars(day)
        state._award(rv, n, f"rumor token {tok} (day {day})")
        state.say(ngettext("{rival} gains {count} star(s) for the rumor token {item} (day {day}) [A]",
                           "{rival} gains {count} star(s) for the rumor token {item} (day {day}) [A]", n).format(
            rival=RIVAL_NAME, count=n, item=item_text(tok), day=day))
    elif (k is ING or (k is SPI and tok is not ALLSPICE)):
        mark_challenge(state, tok.type)
    return_soups(state)


def mark_challenge(state, type_: str) -> tuple[int, int] | None:
    """Put a McDogald's star above the first unstarred ``type_`` printed on a challenge of the day
    (at most one star per printed ingredient). Returns ``(challenge index, position)`` or None."""
    marks = state.solo_marks
    for ci, reqs in day_requirements(state):
        for pos, t in enumerate(reqs):
            if t == type_ and (ci, pos) not in marks:
                state.solo_marks = marks + ((ci, pos),)
                name = state.cfg.comps.challenge(state.challenges[ci]).local_name
                state.say(_("{rival} puts a star above the {type} of {name}").format(
                    rival=RIVAL_NAME, type=type_word(t), name=name))
                return ci, pos
    return None


def return_soups(state) -> None:
    """McDogald's returns every soup and bisque it holds to the supply."""
    rv = state.cfg.rival
    st = state.storage[rv]
    if SOUP not in st and BISQUE not in st:      # (asked at every shop step of a solo game)
        return
    back = [t for t in st if t.kind is SOU or t.kind is BIS]
    state.storage[rv] = [t for t in st if t.kind is not SOU and t.kind is not BIS]   # a new list (see flow)
    n_bis = sum(1 for t in back if t.kind is BIS)
    state.bisque_supply += n_bis
    state.say(_("{rival} returns {items} to the supply").format(rival=RIVAL_NAME, items=items_text(back)))


def collect_challenge_stars(state) -> None:
    """At the day's challenge scoring McDogald's collects the stars it placed above the day's
    challenges (it serves no meal)."""
    cfg = state.cfg
    rv = cfg.rival
    per = cfg.solo_challenge_star
    for ci, _needs in state.day_challenges():
        card = cfg.comps.challenge(state.challenges[ci])
        n = per * sum(1 for c, _pos in state.solo_marks if c == ci)
        if n:
            state._award(rv, n, f"challenge {card.name}")
        state.say(ngettext("{rival} collects {count} star(s) from above {name}",
                           "{rival} collects {count} star(s) from above {name}", n).format(
            rival=RIVAL_NAME, count=n, name=card.local_name))


def rival_critic_meal(state) -> dict[str, str]:
    """McDogald's critic meal ``{type: notation}``: its best ingredient of each type, with its
    matching spice where it has one; each allspice on its highest unspiced ingredient (ties by its
    card's list). No critic rule applies."""
    return plate_meal(state.storage[state.cfg.rival], state.cfg.comps.solo_ingredient_list())


def plate_meal(st, ingredient_list) -> dict[str, str]:
    """The critic meal McDogald's would prepare from the items ``st`` (see :func:`rival_critic_meal`)."""
    best: dict = {}
    for t in st:
        if t.kind is ING and t.value > (best[t.type].value if t.type in best else 0):
            best[t.type] = t
    spices = {t.type for t in st if t.kind is SPI and t is not ALLSPICE}
    n_all = sum(1 for t in st if t is ALLSPICE)
    spiced = {ty for ty in best if ty in spices}
    order = {ty: i for i, ty in enumerate(ingredient_list)}
    free = sorted((ty for ty in best if ty not in spiced), key=lambda ty: (-best[ty].value, order[ty]))
    with_all = set(free[:n_all])
    out = {}
    for ty, tok in best.items():
        out[ty] = f"{tok}+spice" if ty in spiced else f"{tok}+allspice" if ty in with_all else str(tok)
    return out


def rival_meal_tokens(state, meal: dict[str, str]) -> dict[str, tuple]:
    """The storage tokens of each course of McDogald's critic meal."""
    out = {}
    st = state.storage[state.cfg.rival]
    for ty, note in meal.items():
        base, _plus, sp = note.partition("+")
        toks = (next(t for t in st if str(t) == base),)
        if sp == "spice":
            toks += (spice_for(ty),)
        elif sp == "allspice":
            toks += (ALLSPICE,)
        out[ty] = toks
    return out


def rival_soup_value(state, rng) -> tuple[str | None, int]:
    """One item drawn (and put back) from the bag with ``rng``: McDogald's soup total is its value
    (0 for a spice, allspice or rumor)."""
    if not state.bag:
        return None, 0
    tok = state.bag[rng.randbelow(len(state.bag))]
    return tok, tok.value
