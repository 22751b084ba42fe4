"""Playthroughs: a seeded game written out as plain text, one decision at a time, so that a change
of behaviour shows up as a readable difference (in the manner of OpenSpiel's playthrough files).

A playthrough has three parts:

* a header: the game, the players, the seed, the bots and the options as the game resolved them;
* the game itself: for every decision, the step, the seat to act, the move chosen, that seat's
  ``view(seat)`` as one line of JSON (sorted keys) and the log lines the move wrote; at the end every
  seat's view, the public view ``view(None)``, the scores, the winners and the result text;
* a summary (in the stored files): one line per seeded game for many seeds and each test bot, with
  the facts that change when nearly anything changes (steps, scores, winners, the generator's final
  state, the number of log lines, events and their facts, the length of the log).

The moves are the ones :func:`kitchenlab.sim.play_game` plays for the same seed and bots:

>>> text = playthrough("tem_purr_a", 2, seed=3, bots="random")
>>> print(text.splitlines()[0])
# playthrough of tem_purr_a, 2 players, seed 3, bots: random (every seat)
>>> from kitchenlab import sim
>>> final = sim.play_game("tem_purr_a", players=2, seed=3, bots="random")
>>> text.count("\\nstep ") == final.steps
True

The stored files (``tests/playthroughs/<game>_<players>p.txt`` for the kit's games) are written by
``scripts/make_playthroughs.py`` and compared by ``tests/test_playthroughs.py``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable

from . import game_info, new_game
from .errors import KitchenlabError, OptionError

#: Seeded games per bot in a file's summary (as many as the SHA digests it replaces used).
SUMMARY_SEEDS = 30
#: The seed of the game a file shows decision by decision.
SHOWN_SEED = 0
#: Lines of the decision-by-decision part, at most; a longer game is cut there, and says so.
MAX_DECISION_LINES = 1200
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
                          "views, scores and options must be JSON values, fractions, sets or enums")


def compact(value: Any) -> str:
    """One line of JSON with sorted keys and no spaces.

    >>> compact({"b": [1, 2], "a": None})
    '{"a":null,"b":[1,2]}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain)


def one_line(text: str) -> str:
    r"""A log line as one line of the file (a line break inside it is written ``\n``).

    >>> one_line("two\nlines")
    'two\\nlines'
    """
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def bots_text(bots, players: int) -> str:
    """How the bots are named in a header: one name for every seat, or one per seat."""
    if bots is None:
        bots = "random"
    if isinstance(bots, str):
        return f"{bots} (every seat)"
    names = [b if isinstance(b, str) else getattr(b, "__name__", type(b).__name__) for b in bots]
    return ", ".join(f"seat {i}: {n}" for i, n in enumerate(names))


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
    log = state.log
    setup = [f"  log {one_line(line)}" for line in log]
    blocks = []                       # the lines of each decision
    for step, action in enumerate(final.history, start=1):
        seat = state.current_player
        block = [f"step {step}, seat {seat}: {one_line(str(action))}", f"  view {compact(state.view(seat))}"]
        state = state.apply(str(action))
        new_log = state.log
        block.extend(f"  log {one_line(line)}" for line in new_log[len(log):])
        log = new_log
        blocks.append(block)
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
           f"bots: {who}",
           f"options: {compact(final.options)}",
           f"steps: {final.steps}"]
    if shown == final.steps:
        out.append(f"shown: every decision (1 to {final.steps}), then the final state")
    else:
        out.append(f"shown: decisions 1 to {shown} of {final.steps} (at most {max_lines} lines of "
                   "decisions), then the final state")
    out += ["", "setup:", *setup]
    for block in blocks[:shown]:
        out.extend(block)
    if shown < final.steps:
        out.append(f"(decisions {shown + 1} to {final.steps} are not listed one by one)")
    out += ["", "final:"]
    out.extend(f"  view {seat} {compact(final.view(seat))}" for seat in range(final.players))
    out.append(f"  view public {compact(final.view(None))}")
    out.append(f"  scores {compact(list(final.scores()))}")
    out.append(f"  winners {compact(list(final.winners()))}")
    out.append(f"  result {one_line(final.result_text())}")
    return "\n".join(out) + "\n"


def playthrough(game: str, players: int, *, seed: int, bots, max_lines: int | None = MAX_DECISION_LINES,
                **variants) -> str:
    """The text of the game ``sim.play_game(game, players=players, seed=seed, bots=bots, **variants)``
    plays: header, every decision with the acting seat's view and the log, the final state."""
    return describe(play(game, players, seed=seed, bots=bots, **variants), bots, max_lines)


# ---------------------------------------------------------------- many games, one line each


def summary_line(final, bot: str) -> str:
    """One seeded game in one line: the facts that change when nearly anything in it changes."""
    events = final.events
    facts = sum(len(e.data) for e in events)
    chars = sum(len(line) for line in final.log)
    return (f"seed {final.seed:>2} {bot}: steps {final.steps}, scores {compact(list(final.scores()))}, "
            f"winners {compact(list(final.winners()))}, rng {final.rng.state}, log {len(final.log)} lines "
            f"{chars} chars, events {len(events)} with {facts} facts")


def summary(game: str, players: int, *, bots: Iterable[str], seeds: Iterable[int] = range(SUMMARY_SEEDS),
            **variants) -> str:
    """One :func:`summary_line` per seed and bot (every seat played by that bot)."""
    seeds = list(seeds)
    lines = [f"summary: seeds {_span(seeds)}, each bot at every seat"]
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
    both lines (cut around the column when long) and a few lines of unified diff around it.

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
    return "\n".join(out)


def _shift_hunk(header: str, offset: int) -> str:
    """A unified diff hunk header of a slice, renumbered to the lines of the whole file."""
    import re

    return re.sub(r"([-+])(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + offset}", header)
