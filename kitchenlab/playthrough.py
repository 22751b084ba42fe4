"""Playthroughs: a seeded game written out as short lines of plain text, so that a change of
behaviour shows up as a small, readable difference (in the manner of OpenSpiel's playthrough files).

A playthrough has five parts:

* a header: the game, the players, the seed, the bots, the options as the game resolved them, the
  number of steps and how many of the decisions are listed;
* ``start``: the public view ``view(None)`` before the first move, one value a line (``path =
  value``), then each seat's own view where it differs from the public one (``seat 0: hand = ...``),
  then the log lines written at setup;
* the decisions, one line each: the step, the seat to act, a digest of that seat's ``view(seat)``
  (so a change of a view shows where it happened), the chosen move's number among the legal moves
  and the move; below it the log lines the move wrote. A game longer than
  :data:`MAX_DECISION_LINES` lines of decisions is cut there and says so;
* ``final``: the views at the end in the form of the start, then ``scores()``, ``winners()`` and
  ``result_text()``;
* a summary (in the stored files): one line per seeded game for :data:`SUMMARY_SEEDS` seeds and each
  test bot, which pins the end of every game, the shown one included: steps, scores, winners and
  digests of the moves, the generator's final state, the log, the events and the final views.

No line is longer than :data:`WIDTH` characters: a longer value or log line goes on over the next
lines, four spaces further in. A digest is the first 8 hex digits of a BLAKE2b hash of the value's
:func:`compact` JSON.

The moves are the ones :func:`kitchenlab.sim.play_game` plays for the same seed and bots:

>>> text = playthrough("tem_purr_a", 2, seed=3, bots="random", max_lines=None)
>>> print(text.splitlines()[0])
# playthrough of tem_purr_a, 2 players, seed 3, bots: random (every seat)
>>> print(next(line for line in text.splitlines() if line.startswith("step 1,")))
step 1, seat 0, view a95a1999, move 2 of 3: start a stack with 4
>>> from kitchenlab import sim
>>> final = sim.play_game("tem_purr_a", players=2, seed=3, bots="random")
>>> text.count("\\nstep ") == final.steps
True

The stored files (``tests/playthroughs/<game>_<players>p.txt`` for the kit's games) are written by
``scripts/make_playthroughs.py`` and compared by ``tests/test_playthroughs.py``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Iterator

from . import game_info, new_game
from .errors import KitchenlabError, OptionError

#: Seeded games per bot in a file's summary (as many as the SHA digests it replaces used).
SUMMARY_SEEDS = 30
#: The seed of the game a file shows decision by decision.
SHOWN_SEED = 0
#: Lines of the decision-by-decision part, at most; a longer game is cut there, and says so.
MAX_DECISION_LINES = 170
#: Characters of a line, at most (a longer value or log line goes on over the next lines).
WIDTH = 150
#: Characters a part of a long value needs on average to be written on a line of its own.
PART = 60
#: The folder of the kit's own playthrough files.
KIT_FOLDER = Path(__file__).resolve().parents[1] / "tests" / "playthroughs"
#: The command that writes the files again.
REGENERATE = "python scripts/make_playthroughs.py"


# ---------------------------------------------------------------- text of values


def _plain(value: Any) -> Any:
    """Values json cannot write, as text that does not depend on the machine or the run."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else value.numerator
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, Enum):
        return value.value
    raise KitchenlabError(f"playthrough: cannot write a {type(value).__name__} ({value!r}) as JSON; "
                          "views, scores, options and event facts must be JSON values, fractions, sets or enums")


def compact(value: Any) -> str:
    """One line of JSON with sorted keys and no spaces.

    >>> compact({"b": [1, 2], "a": None})
    '{"a":null,"b":[1,2]}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain)


def digest(value: Any) -> str:
    """8 hex digits that change when the value changes: a BLAKE2b hash of its :func:`compact` JSON
    (of the text itself, for a string).

    >>> digest({"a": 1}) == digest({"a": 1}), digest({"a": 1}) == digest({"a": 2}), len(digest([]))
    (True, False, 8)
    """
    text = value if isinstance(value, str) else compact(value)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=4).hexdigest()


def one_line(text: str) -> str:
    r"""A log line as one line of the file (a line break inside it is written ``\n``).

    >>> one_line("two\nlines")
    'two\\nlines'
    """
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def wrap(text: str, indent: str, after: str = " ") -> list[str]:
    """``text`` as lines of at most :data:`WIDTH` characters, each line after the first starting
    with ``indent``. A line is broken at its last space (``after=" "``: the space is dropped) or just
    after its last comma (``after=","``) in the right half of the line, else at the width.

    >>> wrap("one two", "  ")
    ['one two']
    >>> [len(line) for line in wrap("word " * 60, "    ")]
    [149, 148, 9]
    """
    lines = []
    while len(text) > WIDTH:
        at = text.rfind(after, WIDTH // 2, WIDTH if after == "," else WIDTH + 1)
        if at < 0:
            head, text = text[:WIDTH], text[WIDTH:]
        elif after == ",":
            head, text = text[:at + 1], text[at + 1:]
        else:
            head, text = text[:at], text[at + 1:]
        lines.append(head)
        text = indent + text
    lines.append(text)
    return lines


def bots_text(bots, players: int) -> str:
    """How the bots are named in a header: one name for every seat, or one per seat."""
    if bots is None:
        bots = "random"
    if isinstance(bots, str):
        return f"{bots} (every seat)"
    names = [b if isinstance(b, str) else getattr(b, "__name__", type(b).__name__) for b in bots]
    return ", ".join(f"seat {i}: {n}" for i, n in enumerate(names))


# ---------------------------------------------------------------- views as short lines


def _key_path(path: str, key: str) -> str:
    name = key if key.isidentifier() else json.dumps(key, ensure_ascii=False)
    if not path:
        return name
    return f"{path}.{name}" if key.isidentifier() else f"{path}[{name}]"


def value_lines(path: str, value: Any, prefix: str = "  ") -> list[str]:
    """``prefix + path = value`` as short lines. A value too long for one line is written part by
    part (each key of a dict, each item of a list) when its parts are long enough to be worth a line
    each (:data:`PART`), else it goes on over the next lines. ``value`` is plain JSON (as
    :func:`json.loads` gives it).

    >>> value_lines("hand", ["basil", "flour"])
    ['  hand = ["basil","flour"]']
    >>> shops = [{"name": f"Shop {i}", "items": ["bread4", "meat2", "wine3", "cheese5"]} for i in range(3)]
    >>> for line in value_lines("shops", shops):
    ...     print(line)
      shops[0] = {"items":["bread4","meat2","wine3","cheese5"],"name":"Shop 0"}
      shops[1] = {"items":["bread4","meat2","wine3","cheese5"],"name":"Shop 1"}
      shops[2] = {"items":["bread4","meat2","wine3","cheese5"],"name":"Shop 2"}
    >>> [line[:20] for line in value_lines("tokens", list(range(60)))]
    ['  tokens = [0,1,2,3,', '      49,50,51,52,53']
    """
    text = f"{prefix}{path} = {compact(value)}"
    if len(text) <= WIDTH:
        return [text]
    parts = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) else []
    if parts and len(text) / len(parts) >= PART:
        return [line for key, item in parts
                for line in value_lines(f"{path}[{key}]" if isinstance(key, int) else _key_path(path, key), item, prefix)]
    return wrap(text, " " * (len(prefix) - len(prefix.lstrip()) + 4), after=",")


def _differences(public: Any, own: Any, path: str) -> Iterator[tuple[str, Any]]:
    """``(path, value)`` for each part of a seat's view ``own`` that is not the same in the public
    view, each as large as it can be (a whole value when a key or item is new, of another kind, or
    a list of another length); ``...`` for a key of the public view that ``own`` lacks."""
    if isinstance(public, dict) and isinstance(own, dict):
        for key in sorted(set(public) | set(own)):
            if key not in own:
                yield _key_path(path, key), ...
            elif key not in public:
                yield _key_path(path, key), own[key]
            elif compact(public[key]) != compact(own[key]):
                yield from _differences(public[key], own[key], _key_path(path, key))
    elif isinstance(public, list) and isinstance(own, list) and len(public) == len(own):
        for i, (a, b) in enumerate(zip(public, own)):
            if compact(a) != compact(b):
                yield from _differences(a, b, f"{path}[{i}]")
    else:
        yield path, own


def views_lines(state) -> list[str]:
    """Every view of ``state``: the public one, one value a line (see :func:`value_lines`), then for
    each seat what its own view has that the public one does not, in one line that goes on over the
    next when it must (``seat 1: hand = [...]; seat = 1``; ``(not in this view)`` for a value only the
    public view has)."""
    public = json.loads(compact(state.view(None)))
    out = [line for key, value in public.items() for line in value_lines(key, value)]
    for seat in range(state.players):
        own = json.loads(compact(state.view(seat)))
        parts = [f"{path} (not in this view)" if value is ... else f"{path} = {compact(value)}"
                 for path, value in _differences(public, own, "")]
        if parts:
            out.extend(wrap(f"  seat {seat}: {'; '.join(parts)}", "      "))
    return out


def log_lines(lines: Iterable[str]) -> list[str]:
    """Log lines as lines of the file: ``  log <text>``, a long one going on over the next lines."""
    return [part for line in lines for part in wrap(f"  log {one_line(line)}", "      ")]


# ---------------------------------------------------------------- one game


def play(game: str, players: int, *, seed: int, bots, **variants):
    """The final state of the game :func:`kitchenlab.sim.play_game` plays with these arguments."""
    from . import sim

    return sim.play_game(game, players=players, seed=seed, bots=bots, **variants)


def describe(final, bots, max_lines: int | None = MAX_DECISION_LINES) -> str:
    """The playthrough text of a played game (its history is replayed from the start).

    ``bots`` only names the bots in the header. The decisions are listed until ``max_lines`` lines
    (``None``: no bound); a longer game says where it was cut and still ends with the final state.
    """
    state = new_game(final.game, players=final.players, seed=final.seed, **final.options)
    start = views_lines(state)
    log = state.log
    setup = log_lines(log)
    blocks = []                       # the lines of each decision
    views = []                        # the digest of the view of the seat to act at each decision
    for step, action in enumerate(final.history, start=1):
        seat = state.current_player
        legal = [str(a) for a in state.legal_actions()]
        move = str(action)
        number = legal.index(move) + 1 if move in legal else "?"
        views.append(digest(state.view(seat)))
        head = f"step {step}, seat {seat}, view {views[-1]}, move {number} of {len(legal)}: {one_line(move)}"
        state = state.apply(move)
        new_log = state.log
        blocks.append([*wrap(head, "    "), *log_lines(new_log[len(log):])])
        log = new_log
    if state.to_json() != final.to_json() or state.log != final.log:
        raise KitchenlabError(f"{final.game}: replaying the history of the game with seed {final.seed} "
                              "did not give the same game; the rules are not deterministic")
    shown, used = 0, 0
    for block in blocks:
        if max_lines is not None and used + len(block) > max_lines:
            break
        used += len(block)
        shown += 1
    who = bots_text(bots, final.players)
    out = [f"# playthrough of {final.game}, {final.players} players, seed {final.seed}, bots: {who}",
           f"game: {final.game}",
           f"players: {final.players}",
           f"seed: {final.seed}",
           *wrap(f"bots: {who}", "    "),
           *wrap(f"options: {compact(final.options)}", "    ", after=","),
           f"steps: {final.steps}"]
    if shown == final.steps:
        out.append(f"shown: every decision (1 to {final.steps}), then the final state")
    else:
        out.append(f"shown: decisions 1 to {shown} of {final.steps} (at most {max_lines} lines of "
                   "decisions), then the final state")
    out += ["",
            "start: the public view, one value a line, then where each seat's view differs from it",
            *start,
            "setup:",
            *setup,
            "",
            "decisions: step, seat to act, digest of its view, number of the move among the legal ones: move",
            *(line for block in blocks[:shown] for line in block)]
    if shown < final.steps:
        out += wrap(f"(decisions {shown + 1} to {final.steps} are not listed one by one: the digest of their "
                    f"views is {digest(views[shown:])}; the final state and the summary pin the rest)", "    ")
    out += ["",
            f"final, after step {final.steps}: the public view, then where each seat's view differs from it",
            *views_lines(final),
            f"  scores() = {compact(list(final.scores()))}",
            f"  winners() = {compact(list(final.winners()))}",
            *wrap(f"  result_text() = {one_line(final.result_text())}", "      ")]
    return "\n".join(out) + "\n"


def playthrough(game: str, players: int, *, seed: int, bots, max_lines: int | None = MAX_DECISION_LINES,
                **variants) -> str:
    """The text of the game ``sim.play_game(game, players=players, seed=seed, bots=bots, **variants)``
    plays: header, start, every decision (up to ``max_lines`` lines) with the log, the final state."""
    return describe(play(game, players, seed=seed, bots=bots, **variants), bots, max_lines)


# ---------------------------------------------------------------- many games, one line each

#: What the digests of a summary line are of (the lines under a summary's heading).
SUMMARY_KEY = ("  (digests: moves = every move in order, rng = the generator's final state, log = the log's "
               "lines,", "  events = their kinds and facts, views = the final view of every seat and the "
               "public one)")


def summary_line(final, bot: str) -> str:
    """One seeded game in one line: the facts that change when nearly anything in it changes."""
    views = [final.view(seat) for seat in range(final.players)] + [final.view(None)]
    events = [[e.kind, e.data] for e in final.events]
    return (f"seed {final.seed:>2} {bot}: steps {final.steps}, scores {compact(list(final.scores()))}, "
            f"winners {compact(list(final.winners()))}, moves {digest([str(a) for a in final.history])}, "
            f"rng {digest(str(final.rng.state))}, log {len(final.log)} {digest(list(final.log))}, "
            f"events {digest(events)}, views {digest(views)}")


def summary(game: str, players: int, *, bots: Iterable[str], seeds: Iterable[int] = range(SUMMARY_SEEDS),
            **variants) -> str:
    """One :func:`summary_line` per seed and bot (every seat played by that bot)."""
    seeds = list(seeds)
    lines = [f"summary: seeds {_span(seeds)}, each bot at every seat", *SUMMARY_KEY]
    for bot in bots:
        for seed in seeds:
            lines.append(summary_line(play(game, players, seed=seed, bots=bot, **variants), bot))
    return "\n".join(lines) + "\n"


def _span(seeds: list[int]) -> str:
    if seeds and seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]} to {seeds[-1]}"
    return ", ".join(map(str, seeds))


# ---------------------------------------------------------------- the stored files


@dataclass(frozen=True)
class Case:
    """One stored playthrough file: a game, a player count and, for a variant file, its options."""

    game: str
    players: int
    label: str = ""
    #: the variant options, as ``(name, value)`` pairs (a value, so a case can be hashed)
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def filename(self) -> str:
        return f"{self.game}_{self.players}p{'_' + self.label if self.label else ''}.txt"

    @property
    def path(self) -> Path:
        return folder(self.game) / self.filename

    def __str__(self) -> str:
        return self.filename.removesuffix(".txt")


def folder(game: str) -> Path:
    """Where a game's playthrough files live: its ``test_settings["playthroughs"]`` folder (a game
    from outside the kit), else the kit's ``tests/playthroughs/``."""
    where = game_info(game).test_settings.get("playthroughs")
    if where is None:
        return KIT_FOLDER
    path = Path(where)
    if not path.is_absolute():
        raise OptionError(f"{game}: test_settings['playthroughs'] must be an absolute folder "
                          f"(build it from the package's __file__), got {where!r}")
    return path


def pinned_bots(game: str) -> tuple[str, ...]:
    """The bots whose seeded games a game's playthroughs pin (``test_settings["bots"]``)."""
    bots = game_info(game).test_settings.get("bots")
    if not bots:
        raise KitchenlabError(f"{game}: its GameInfo declares no test_settings['bots'] (the bots whose "
                              "seeded games the playthroughs pin), e.g. test_settings={'bots': ('random',)}")
    return tuple(bots)


def cases(game: str) -> list[Case]:
    """Every stored file of a game: one per player count, then one per variant playthrough declared
    in ``test_settings["variant_playthroughs"]`` (label -> ``{"players": n, "options": {...}}``)."""
    info = game_info(game)
    out = [Case(game, n) for n in info.players]
    for label, spec in info.test_settings.get("variant_playthroughs", {}).items():
        out.append(Case(game, spec["players"], label, tuple(sorted(spec.get("options", {}).items()))))
    return out


def file_text(case: Case) -> str:
    """The whole text of a stored file: the game with the last test bot and seed 0 (a hand-written
    bot, where the game has one), then the summary of every test bot."""
    bots = pinned_bots(case.game)
    options = dict(case.options)
    head = (f"# {case.filename}: written by `{REGENERATE} --game {case.game}`; "
            "compared by tests/test_playthroughs.py\n")
    shown = playthrough(case.game, case.players, seed=SHOWN_SEED, bots=bots[-1], **options)
    return head + shown + "\n" + summary(case.game, case.players, bots=bots, **options)

# ---------------------------------------------------------------- comparing texts

#: Characters of a long line shown on each side of the first differing column.
WINDOW = 90


def _clip(line: str, column: int) -> str:
    """``line`` cut to a window around ``column`` (a view is one long line)."""
    start = max(0, column - WINDOW)
    end = column + WINDOW
    return ("..." if start else "") + line[start:end] + ("..." if end < len(line) else "")


def first_difference(expected: str, actual: str, name: str = "expected", context: int = 3) -> str | None:
    """``None`` when the texts are equal; else where they first differ: the line number, the column,
    both lines (cut around the column when long), a few lines of unified diff around it and how
    many lines differ in each part of the file (see :func:`changed_parts`).

    >>> print(first_difference("a\\nb\\nc\\n", "a\\nB\\nc\\n", "f.txt"))
    f.txt differs from the game played now, first at line 2, column 1:
      stored: b
      now:    B
    --- f.txt
    +++ played now
    @@ -1,3 +1,3 @@
     a
    -b
    +B
     c
    lines that differ, by part of the file: header 1
    """
    if expected == actual:
        return None
    import difflib

    old, new = expected.splitlines(), actual.splitlines()
    line = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    a = old[line] if line < len(old) else "(the file ends here)"
    b = new[line] if line < len(new) else "(the game's text ends here)"
    column = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    out = [f"{name} differs from the game played now, first at line {line + 1}, column {column + 1}:",
           f"  stored: {_clip(a, column)}",
           f"  now:    {_clip(b, column)}"]
    lo, hi = max(0, line - context), line + context + 1
    diff = difflib.unified_diff(old[lo:hi], new[lo:hi], name, "played now", n=context, lineterm="")
    for d in diff:
        if d.startswith("@@"):
            d = _shift_hunk(d, lo)
        out.append(d if len(d) <= 2 * WINDOW + 20 else _clip(d, column + 1))
    parts = changed_parts(old, new)
    out.append("lines that differ, by part of the file: " + ", ".join(f"{p} {n}" for p, n in parts.items()))
    return "\n".join(out)


#: The lines that start the parts of a playthrough file, and the names of the parts.
PARTS = {"start:": "start", "setup:": "setup", "decisions:": "decisions", "(decisions": "decisions",
         "final,": "final", "summary:": "summary"}


def changed_parts(old: list[str], new: list[str]) -> dict[str, int]:
    """How many lines differ (stored lines changed or gone, lines new in the game played now; a line
    changed counts once) in each part of a playthrough file (``header`` before the first part): the
    size and the place of a change at a glance.

    >>> changed_parts(["game: x", "setup:", "  log a", "summary:", "seed 0"],
    ...               ["game: x", "setup:", "  log b", "  log c", "summary:", "seed 0"])
    {'setup': 2}
    """
    import difflib

    part, where = "header", []
    for line in old:
        part = next((name for head, name in PARTS.items() if line.startswith(head)), part)
        where.append(part)
    counts: dict[str, int] = {}
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            at = where[i1] if i1 < len(where) else (where[-1] if where else "header")
            counts[at] = counts.get(at, 0) + max(i2 - i1, j2 - j1)     # a changed line counts once
    return counts


def _shift_hunk(header: str, offset: int) -> str:
    """A unified diff hunk header of a slice, renumbered to the lines of the whole file."""
    import re

    return re.sub(r"([-+])(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + offset}", header)
