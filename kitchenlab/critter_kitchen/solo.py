"""McDogald's, the automated restaurant of the solo game (digest, "Solo mode").

The printed solo cards are unknown, so the kit ships an assumed [A] deck in ``data/``:
``solo_placement.csv`` (placement cards for the Manager, Mouse, Lizard and Boar) and
``critics_choice.csv`` (the Critic's Choice cards: start stars and, per day, the pick conditions
tried leftmost first). The procedure below follows the digest; each step is an automatic event of
the game state, logged as such, never a player's action.

* **Setup**: McDogald's starts with the stars of its Critic's Choice card and its hat at the front
  (the right end) of the priority track; the 2-player layout is used.
* **Plan**: for the Manager (only while it holds a zous-chef, which the Manager places), the
  Mouse, the Lizard and the Boar, one placement card of that chef is drawn at random; the chef goes
  to the card's first preference that names a location McDogald's does not occupy yet: a location
  key, ``most_items`` (the free location with the most items in view) or ``any``; ties go the way of
  the card's arrow (``left``: the leftmost tied location, ``right``: the rightmost).
* **Shop**: on its turn a McDogald's chef takes, among what it may take, an item matching the first
  condition of the day's Critic's Choice row that anything matches (``challenge``: an ingredient
  of a type some challenge revealed this day requires; ``spice``; ``high``: printed 5 or more;
  ``bisque``; ``soup``; ``any``), the highest face value first. It never takes rumor tokens and
  never goes home early.
* **Challenges**: after each day it earns ``solo_challenge_stars`` per challenge of the day whose
  requirements (after the Hold) its storage covers with ingredients; it spends nothing and never
  refrigerates.
* **Critic meal**: its best ingredient of each type, unspiced; its soup total is the face value of
  one token drawn from the bag (the token stays in the bag).
"""

from __future__ import annotations

from .tokens import BIS, ING, SOU, SPI, zous_token

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
    return None


def rival_plan(state, rng) -> list[tuple[str, int, str]]:
    """Where McDogald's chefs go this round: ``(chef, location, placement card)`` in placement order
    (chance: one placement card drawn per chef from ``rng``, the state's generator)."""
    cfg = state.cfg
    rv = cfg.rival
    plan: list[tuple[str, int, str]] = []
    for chef in PLACEMENT_ORDER:
        if chef == "manager":
            if state.hired[rv] is None:
                continue
            name = zous_token(state.hired[rv])
        else:
            name = chef
        cards = [c for c in cfg.comps.solo_cards if c.chef == chef]
        card = cards[rng.randbelow(len(cards))]
        used = {where for _, where, _ in plan}
        free = [i for i in range(len(cfg.locs)) if i not in used]
        where = _pick_location(state, card, free)
        if where is not None:
            plan.append((name, where, card.id))
    return plan


def _matches(cond: str, tok, reqs: set) -> bool:
    k = tok.kind
    if cond == "challenge":
        return k is ING and tok.type in reqs
    if cond == "spice":
        return k is SPI
    if cond == "high":
        return k is ING and tok.value >= 5
    if cond == "bisque":
        return k is BIS
    if cond == "soup":
        return k is SOU
    return True     # "any"


def rival_choice(state, chef) -> tuple[str, int | None]:
    """The item a McDogald's chef takes now: ``(token, None)``."""
    cfg = state.cfg
    opts = state.run.options(chef)
    conds = cfg.comps.critics_choice_day(cfg.solo_card, cfg.day_of(state.round))
    reqs: set = set()
    for _, r in state.day_challenges():
        reqs.update(r)
    for cond in conds:
        best, best_v = None, -1
        for tok, kind in opts:
            if _matches(cond, tok, reqs) and tok.value > best_v:
                best, best_v = (tok, kind), tok.value
        if best is not None:
            return best
    return opts[0]


def rival_challenges(state) -> list[tuple[str, bool]]:
    """For each of the day's challenges: its name and whether McDogald's storage covers its types."""
    cfg = state.cfg
    have = {t.type for t in state.storage[cfg.rival] if t.kind is ING}
    return [(cfg.comps.challenge(state.challenges[ci]).name, all(t in have for t in reqs))
            for ci, reqs in state.day_challenges()]


def rival_critic_meal(state) -> dict[str, str]:
    """McDogald's critic meal: its best ingredient of each type, unspiced (``{type: token}``)."""
    best: dict = {}
    for t in state.storage[state.cfg.rival]:
        if t.kind is ING and t.value > (best[t.type].value if t.type in best else 0):
            best[t.type] = t
    return best


def rival_soup_value(state, rng) -> tuple[str | None, int]:
    """One token drawn (and put back) from the bag with ``rng``: McDogald's soup total is its face value."""
    if not state.bag:
        return None, 0
    tok = state.bag[rng.randbelow(len(state.bag))]
    return tok, tok.value
