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

from .shop import token_value
from .tokens import BISQUE, SOUP, ingredient_type, ingredient_value, is_ingredient, is_spice

RIVAL_NAME = "McDogald's"
PLACEMENT_ORDER = ("manager", "mouse", "lizard", "boar")


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


def rival_plan(state) -> None:
    """Place McDogald's chefs for this round (chance: one placement card drawn per chef)."""
    cfg = state.cfg
    rv = cfg.rival
    plan: dict = {}
    for chef in PLACEMENT_ORDER:
        if chef == "manager":
            if state.hired[rv] is None:
                continue
            name = "zous:" + state.hired[rv]
        else:
            name = chef
        cards = [c for c in cfg.comps.solo_cards if c.chef == chef]
        card = cards[state.rng.randbelow(len(cards))]
        free = [i for i in range(len(cfg.locs)) if i not in plan.values()]
        where = _pick_location(state, card, free)
        if where is None:
            continue
        plan[name] = where
        state.say(f"{RIVAL_NAME} draws placement card {card.id}: its {state._chef_label(name)} "
                  f"will go to {cfg.loc_names[where]}")
    state.plans[rv] = plan


def _matches(cond: str, tok: str, reqs: set) -> bool:
    if cond == "challenge":
        return is_ingredient(tok) and ingredient_type(tok) in reqs
    if cond == "spice":
        return is_spice(tok)
    if cond == "high":
        return is_ingredient(tok) and ingredient_value(tok) >= 5
    if cond in (BISQUE, SOUP):
        return tok == cond
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
            if _matches(cond, tok, reqs) and token_value(tok) > best_v:
                best, best_v = (tok, kind), token_value(tok)
        if best is not None:
            return best
    return opts[0]


def rival_challenges(state) -> None:
    """Stars for the day's challenges whose requirement types McDogald's storage covers."""
    cfg = state.cfg
    rv = cfg.rival
    have = {ingredient_type(t) for t in state.storage[rv] if is_ingredient(t)}
    for ci, reqs in state.day_challenges():
        name = cfg.comps.challenge(state.challenges[ci]).name
        if all(t in have for t in reqs):
            n = cfg.solo_challenge_stars
            state.stars[rv] += n
            state.star_log[rv] += ((f"challenge {name}", n),)
            state.say(f"{RIVAL_NAME} covers {name} and earns {n} star(s)")
        else:
            state.say(f"{RIVAL_NAME} does not cover {name}")


def rival_critic_meal(state) -> dict[str, str]:
    """McDogald's critic meal: its best ingredient of each type, unspiced (``{type: token}``)."""
    best: dict[str, int] = {}
    for t in state.storage[state.cfg.rival]:
        if is_ingredient(t):
            ty, v = ingredient_type(t), ingredient_value(t)
            if v > best.get(ty, 0):
                best[ty] = v
    return {t: f"{t}{v}" for t, v in best.items()}


def rival_soup_value(state) -> tuple[str | None, int]:
    """One token drawn (and put back) from the bag: McDogald's soup total is its face value."""
    if not state.bag:
        return None, 0
    tok = state.bag[state.rng.randbelow(len(state.bag))]
    return tok, token_value(tok)
