"""Hand-made Diced Veggies positions, for worked examples, tests and notebooks.

>>> s = from_position(2, position={"block": ["M2 P3", "T5 O2"], "recipes": [[1], [2]]})   # no carrot
>>> s.phase, [str(a) for a in s.legal_actions()][:2]
('restock', ['restock the block', 'keep the block'])
"""

from __future__ import annotations

from ..engine import check_players, resolve_options
from ..errors import PositionError, shown, shown_names
from ..options import check_count, check_seed, position_copy
from .cleaver import parse_block
from .components import load_components
from .rules import COOK, CUT, OVER, State
from .variants import OPTIONS, PLAYERS

FIELDS = ("block", "dice", "recipes", "hypes", "cooked", "chef", "display", "to_act", "phase", "round")
_DIGITS = "0123456789"     # str.isdigit would also take other scripts' digits, such as "٣"


def _fail(why: str) -> None:
    raise PositionError(f"diced_veggies position: {why}")


def _list(position: dict, name: str, players: int, default) -> list:
    value = position.get(name, default)
    if not isinstance(value, (list, tuple)) or len(value) != players:
        _fail(f"{name} must be a list with one entry per player ({players}), got {shown(value)}")
    return list(value)


def _ids(values, what: str, n: int) -> tuple:
    if not isinstance(values, (list, tuple)):
        _fail(f"{what} must be a list of card ids, got {shown(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
            _fail(f"{what} holds {shown(v)}; card ids are 1..{n}")
    return tuple(values)


def _die(d, where: str, comps, plain: bool = False) -> str:
    """A die's text: a colour letter and a face (``"M2"``), or, for a die the chef token changed,
    what it counts as and its real colour (``"P2/M"``); ``plain``: only the first form."""
    ok = (isinstance(d, str) and len(d) in ((2,) if plain else (2, 4)) and d[0] in comps.letters
          and d[1] in _DIGITS and int(d[1]) in comps.faces
          and (len(d) == 2 or (d[2] == "/" and d[3] in comps.letters and d[3] != d[0])))
    if not ok:
        faces = ", ".join(map(str, sorted(set(comps.faces))))
        _fail(f"{where} holds {shown(d)}; a die is a colour letter ({', '.join(comps.letters)}) and a value "
              f"({faces}), e.g. 'M2'" + ("" if plain else " (or 'P2/M' for a mushroom die the chef token made "
                                          "a pepper)"))
    return d


def _check_block_cells(rows, comps) -> None:
    """Every cell of the block notation is '..' or a plain die (before the cleaver reads it)."""
    if isinstance(rows, str):
        rows = rows.strip().splitlines()
    if not isinstance(rows, (list, tuple)):
        return                      # parse_block says what a block is
    for r, row in enumerate(rows):
        if isinstance(row, str):
            for c, cell in enumerate(row.split()):
                if cell != "..":
                    _die(cell, f"block row {r}, cell {c}", comps, plain=True)


def _cooked(entries, p: int, nr: int, nh: int, comps) -> tuple:
    """A player's cooked recipes: ``(recipe, hype or 0, dice)``, the dice (when given) exactly the
    recipe's ingredients, plus the extra die of a paired hype that asks for one."""
    if not isinstance(entries, (list, tuple)):
        _fail(f"cooked[{p}] must be a list of recipe ids or [recipe, hype or 0, [dice]], got {shown(entries)}")
    out = []
    for i, e in enumerate(entries):
        where = f"cooked[{p}][{i}]"
        if isinstance(e, int) and not isinstance(e, bool):
            out.append((_ids([e], where, nr)[0], 0, ()))
            continue
        if not isinstance(e, (list, tuple)) or len(e) != 3:
            _fail(f"cooked[{p}] entries are recipe ids or [recipe, hype or 0, [dice]], got {shown(e)}")
        rid = _ids([e[0]], where, nr)[0]
        if e[1] == 0 and not isinstance(e[1], bool):
            hid = 0
        else:
            hid = _ids([e[1]], f"{where} hype (0 for none)", nh)[0]
        if not isinstance(e[2], (list, tuple)):
            _fail(f"{where}: the dice must be a list of dice such as 'M2', got {shown(e[2])}")
        dice = tuple(_die(d, f"{where} dice", comps) for d in e[2])
        if dice:
            need = comps.recipe(rid).ingredients
            extra = comps.hype(hid).rule.extra if hid else ""
            colours = sorted(d[0] for d in dice)
            allowed = [sorted(need)] + ([sorted(need + extra)] if extra else [])
            if colours not in allowed:
                _fail(f"{where}: {comps.recipe(rid).name} is cooked with exactly {' '.join(need)}"
                      + (f" (plus one {extra} for its hype)" if extra else "")
                      + f", not {shown(' '.join(dice), 60)}")
        out.append((rid, hid, dice))
    return tuple(out)


def from_position(players: int, seed: int = 0, position: dict | None = None, **variants) -> State:
    """A state set up by hand (the other cards are shuffled into the decks by ``seed``).

    ``position`` fields (all optional): ``block`` (rows in block notation, at most 5 × 7; padded
    with empty cells; by default the dice nobody holds, rolled), ``dice`` / ``recipes`` / ``hypes`` (one list per player: dice texts, recipe
    ids, hype ids), ``cooked`` (one list per player of recipe ids, or ``[recipe, hype, [dice]]``),
    ``chef`` (one bool per player: token available), ``display`` (recipe ids), ``to_act``,
    ``phase`` (``"turn"``: the turn starts, restock first if allowed — the default; ``"cut"``;
    ``"cook"``) and ``round``.

    The description is copied (JSON values only: the caller's later edits change neither the state
    nor its save) and checked: an impossible position raises a ``PositionError`` naming the field.
    """
    check_players("diced_veggies", players, PLAYERS)
    options = resolve_options("diced_veggies", OPTIONS, variants)
    check_seed("diced_veggies", seed)
    if position is None:
        position = {}
    if not isinstance(position, dict):
        _fail(f"must be a dict of fields ({', '.join(FIELDS)}), got {shown(position)}")
    unknown = sorted(set(position) - set(FIELDS), key=str)
    if unknown:
        _fail(f"unknown field(s) {shown_names(unknown)}; "
              f"fields: {', '.join(FIELDS)}")
    position = position_copy(position, "diced_veggies position")
    comps = load_components()
    s = State(players, seed, options)
    s._log = None
    R, C = s.R, s.C
    if "block" in position:
        _check_block_cells(position["block"], comps)
        try:
            b = parse_block(position["block"], comps.letters, comps.faces)
        except PositionError as e:
            _fail(f"block: {e}")
        if b.rows > R or b.cols > C:
            _fail(f"the block is {b.rows} x {b.cols}; the frame holds {R} x {C}")
        cells = [None] * (R * C)
        for (r, c), d in b.dice():
            cells[r * C + c] = d
        s.block = tuple(cells)
    dice = []
    for p, ds in enumerate(_list(position, "dice", players, [[] for _ in range(players)])):
        if not isinstance(ds, (list, tuple)):
            _fail(f"dice[{p}] must be a list of dice such as 'M2', got {shown(ds)}")
        dice.append(tuple(sorted(_die(d, f"dice[{p}]", comps) for d in ds)))
    s.dice = tuple(dice)
    nr, nh = len(comps.recipes), len(comps.hypes)
    s.recipes = tuple(tuple(sorted(_ids(r, f"recipes[{p}]", nr)))
                      for p, r in enumerate(_list(position, "recipes", players, [[] for _ in range(players)])))
    s.hypes = tuple(tuple(sorted(_ids(h, f"hypes[{p}]", nh)))
                    for p, h in enumerate(_list(position, "hypes", players, [[] for _ in range(players)])))
    s.cooked = tuple(_cooked(entries, p, nr, nh, comps)
                     for p, entries in enumerate(_list(position, "cooked", players, [[] for _ in range(players)])))
    chef = _list(position, "chef", players, [True] * players)
    for p, x in enumerate(chef):
        if not isinstance(x, bool):
            _fail(f"chef[{p}] must be true (the chef token is there) or false (spent), got {shown(x)}")
    s.chef = tuple(chef)
    s.display = _ids(position.get("display", list(s.display)), "display", nr)
    if len(s.display) > comps.count("display"):
        _fail(f"display holds {len(s.display)} recipes; at most {comps.count('display')} are on display")
    used = [r for rs in s.recipes for r in rs] + [r for c in s.cooked for r, _, _ in c] + list(s.display)
    if len(set(used)) != len(used):
        _fail("a recipe card is in two places (hands, cooked, display)")
    hused = [h for hs in s.hypes for h in hs] + [h for c in s.cooked for _, h, _ in c if h]
    if len(set(hused)) != len(hused):
        _fail("a hype card is in two places")
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
        _fail(f"more {comps.colour(bad[0]).name} dice than the {comps.colour(bad[0]).dice} the game has "
              "(block + dice in hand)")
    s.frame = frame
    if "block" not in position:       # the dice nobody holds are rolled into the block
        s._roll_block("The dice nobody holds are rolled into the frame and slid into a block.")
    to_act = position.get("to_act", 0)
    if isinstance(to_act, bool) or not isinstance(to_act, int) or not 0 <= to_act < players:
        _fail(f"to_act must be 0..{players - 1}, got {shown(to_act)}")
    s.round = check_count("diced_veggies position: round", position.get("round", 1), low=1)
    phase = position.get("phase", "turn")
    if phase not in ("turn", CUT, COOK):
        _fail(f"phase must be 'turn', 'cut' or 'cook', got {shown(phase)}")
    s._position = position            # the checked copy (only known fields)
    s.say(f"A position set up by hand: Player {to_act + 1} to act.", "position")
    if phase == "turn":
        first_round = s.round
        s._begin_turn(to_act)
        s.round = first_round
    else:
        s.to_act = to_act
        s.phase = phase
    if s.phase == OVER or not s.legal_actions():
        _fail(f"no move is legal for Player {to_act + 1} in this position (phase {phase!r}); "
              "it cannot happen in a game")
    return s


def position_of(s) -> dict:
    """The position of a state in the form :func:`from_position` takes (every hand included: for
    tests and worked examples, never for a seat's eyes)."""
    return {"block": s.view(None)["block"], "dice": [list(d) for d in s.dice],
            "recipes": [list(r) for r in s.recipes], "hypes": [list(h) for h in s.hypes],
            "cooked": [[[r, h, list(d)] for r, h, d in c] for c in s.cooked], "chef": list(s.chef),
            "display": list(s.display), "to_act": s.to_act, "phase": s.phase, "round": s.round}
