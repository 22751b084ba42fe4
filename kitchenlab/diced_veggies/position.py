"""Hand-made Diced Veggies positions, for worked examples, tests and notebooks.

>>> s = from_position(2, position={"block": ["M2 P3", "T5 O2"], "recipes": [[1], [2]]})   # no carrot
>>> s.phase, [str(a) for a in s.legal_actions()][:2]
('restock', ['restock the block', 'keep the block'])
"""

from __future__ import annotations

from ..errors import PositionError
from .cleaver import parse_block
from .components import load_components
from .rules import COOK, CUT, OVER, State

FIELDS = ("block", "dice", "recipes", "hypes", "cooked", "chef", "display", "to_act", "phase", "round")


def _list(position: dict, name: str, players: int, default) -> list:
    value = position.get(name, default)
    if not isinstance(value, (list, tuple)) or len(value) != players:
        raise PositionError(f"diced_veggies position: {name} must be a list with one entry per player "
                            f"({players}), got {value!r}")
    return list(value)


def _ids(values, what: str, n: int) -> tuple:
    if not isinstance(values, (list, tuple)):
        raise PositionError(f"diced_veggies position: {what} must be a list of card ids, got {values!r}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
            raise PositionError(f"diced_veggies position: {what} holds {v!r}; card ids are 1..{n}")
    return tuple(values)


def from_position(players: int, seed: int = 0, position: dict | None = None, **variants) -> State:
    """A state set up by hand (the other cards are shuffled into the decks by ``seed``).

    ``position`` fields (all optional): ``block`` (rows in block notation, at most 5 × 7; padded
    with empty cells; by default the dice nobody holds, rolled), ``dice`` / ``recipes`` / ``hypes`` (one list per player: dice texts, recipe
    ids, hype ids), ``cooked`` (one list per player of recipe ids, or ``[recipe, hype, [dice]]``),
    ``chef`` (one bool per player: token available), ``display`` (recipe ids), ``to_act``,
    ``phase`` (``"turn"``: the turn starts, restock first if allowed — the default; ``"cut"``;
    ``"cook"``) and ``round``.
    """
    from . import OPTIONS, PLAYERS
    from ..engine import check_players, resolve_options

    check_players("diced_veggies", players, PLAYERS)
    options = resolve_options("diced_veggies", OPTIONS, variants)
    position = dict(position or {})
    unknown = sorted(set(position) - set(FIELDS))
    if unknown:
        raise PositionError(f"diced_veggies position: unknown field(s) {', '.join(unknown)}; fields: {', '.join(FIELDS)}")
    comps = load_components()
    s = State(players, seed, options)
    s._log = None
    R, C = s.R, s.C
    if "block" in position:
        b = parse_block(position["block"], comps.letters, comps.faces)
        if b.rows > R or b.cols > C:
            raise PositionError(f"diced_veggies position: the block is {b.rows} x {b.cols}; the frame holds {R} x {C}")
        cells = [None] * (R * C)
        for (r, c), d in b.dice():
            cells[r * C + c] = d
        s.block = tuple(cells)
    dice = []
    for p, ds in enumerate(_list(position, "dice", players, [[] for _ in range(players)])):
        if not isinstance(ds, (list, tuple)):
            raise PositionError(f"diced_veggies position: dice[{p}] must be a list of dice such as 'M2'")
        for d in ds:
            ok = isinstance(d, str) and len(d) in (2, 4) and d[0] in comps.letters and d[1:2].isdigit() \
                and int(d[1]) in comps.faces and (len(d) == 2 or (d[2] == "/" and d[3] in comps.letters))
            if not ok:
                raise PositionError(f"diced_veggies position: dice[{p}] holds {d!r}; write a colour letter and "
                                    f"a value, e.g. 'M2' (or 'P2/M' for a mushroom die the chef token made a pepper)")
        dice.append(tuple(sorted(ds)))
    s.dice = tuple(dice)
    nr, nh = len(comps.recipes), len(comps.hypes)
    s.recipes = tuple(tuple(sorted(_ids(r, f"recipes[{p}]", nr)))
                      for p, r in enumerate(_list(position, "recipes", players, [[] for _ in range(players)])))
    s.hypes = tuple(tuple(sorted(_ids(h, f"hypes[{p}]", nh)))
                    for p, h in enumerate(_list(position, "hypes", players, [[] for _ in range(players)])))
    cooked = []
    for p, entries in enumerate(_list(position, "cooked", players, [[] for _ in range(players)])):
        out = []
        for e in entries:
            if isinstance(e, int) and not isinstance(e, bool):
                out.append((_ids([e], f"cooked[{p}]", nr)[0], 0, ()))
            elif isinstance(e, (list, tuple)) and len(e) == 3:
                rid = _ids([e[0]], f"cooked[{p}]", nr)[0]
                hid = _ids([e[1]], f"cooked[{p}] hype", nh)[0] if e[1] else 0
                out.append((rid, hid, tuple(e[2])))
            else:
                raise PositionError(f"diced_veggies position: cooked[{p}] entries are recipe ids or "
                                    f"[recipe, hype or 0, [dice]], got {e!r}")
        cooked.append(tuple(out))
    s.cooked = tuple(cooked)
    s.chef = tuple(bool(x) for x in _list(position, "chef", players, [True] * players))
    s.display = _ids(position.get("display", list(s.display)), "display", nr)
    used = [r for rs in s.recipes for r in rs] + [r for c in s.cooked for r, _, _ in c] + list(s.display)
    if len(set(used)) != len(used):
        raise PositionError("diced_veggies position: a recipe card is in two places (hands, cooked, display)")
    hused = [h for hs in s.hypes for h in hs] + [h for c in s.cooked for _, h, _ in c if h]
    if len(set(hused)) != len(hused):
        raise PositionError("diced_veggies position: a hype card is in two places")
    recipe_deck = [r.id for r in comps.recipes if r.id not in set(used)]
    hype_deck = [h.id for h in comps.hypes if h.id not in set(hused)]
    s.rng.shuffle(recipe_deck)
    s.rng.shuffle(hype_deck)
    s.recipe_deck, s.hype_deck = recipe_deck, hype_deck
    s.recipe_discard = s.hype_discard = ()
    frame = {c.letter: c.dice for c in comps.colours}
    if "block" not in position:
        s.block = (None,) * (R * C)
    for d in list(s.block) + [d for ds in s.dice for d in ds]:
        if d is not None:
            frame[d[3] if len(d) > 3 else d[0]] -= 1
    bad = [c for c, n in frame.items() if n < 0]
    if bad:
        raise PositionError(f"diced_veggies position: more {comps.colour(bad[0]).name} dice than the "
                            f"{comps.colour(bad[0]).dice} the game has")
    s.frame = frame
    if "block" not in position:       # the dice nobody holds are rolled into the block
        s._roll_block("The dice nobody holds are rolled into the frame and slid into a block.")
    to_act = position.get("to_act", 0)
    if isinstance(to_act, bool) or not isinstance(to_act, int) or not 0 <= to_act < players:
        raise PositionError(f"diced_veggies position: to_act must be 0..{players - 1}, got {to_act!r}")
    s.round = position.get("round", 1)
    if isinstance(s.round, bool) or not isinstance(s.round, int) or s.round < 1:
        raise PositionError(f"diced_veggies position: round must be 1 or more, got {s.round!r}")
    phase = position.get("phase", "turn")
    if phase not in ("turn", CUT, COOK):
        raise PositionError(f"diced_veggies position: phase must be 'turn', 'cut' or 'cook', got {phase!r}")
    s._position = {k: position[k] for k in FIELDS if k in position}
    s.say(f"A position set up by hand: Player {to_act + 1} to act.", "position")
    if phase == "turn":
        first_round = s.round
        s._begin_turn(to_act)
        s.round = first_round
    else:
        s.to_act = to_act
        s.phase = phase
    assert s.phase != OVER
    return s
