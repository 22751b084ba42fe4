"""Write the playthrough files again: one per game and player count (and per variant playthrough a
game declares), from the code as it is now.

    python scripts/make_playthroughs.py                  # every game in kitchenlab.available_games()
    python scripts/make_playthroughs.py --game chefs     # one game (the option may be repeated)

Run it when a change of rules is meant to change seeded games, and read the diff before committing:
it says what changed. A file (see ``kitchenlab/playthrough.py``) is a few hundred lines of at most
150 characters: one seeded game a line per move with the log lines the move wrote, its views at the
start and at the end one value a line, and one summary line per seed and test bot. A changed move
or log line shows as itself; a changed view shows as a new digest on the line of each move whose
seat saw it (or in the digest of the moves a long game does not list), and as the changed values
at the start or the end. ``tests/test_playthroughs.py`` compares the
stored files with the games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import kitchenlab  # noqa: E402
from kitchenlab import playthrough  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=kitchenlab.available_games(),
                        help="only this game (repeat for several); default: every game")
    args = parser.parse_args(argv)
    for game in args.game or kitchenlab.available_games():
        for case in playthrough.cases(game):
            start = time.perf_counter()
            text = playthrough.file_text(case)
            path = case.path
            path.parent.mkdir(parents=True, exist_ok=True)
            old = path.read_text(encoding="utf-8") if path.exists() else None
            path.write_text(text, encoding="utf-8")
            what = "new" if old is None else ("unchanged" if old == text else "CHANGED")
            lines = text.splitlines()
            print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {len(lines)} lines "
                  f"(the longest {max(map(len, lines))} characters), {what} ({time.perf_counter() - start:.1f} s)",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
