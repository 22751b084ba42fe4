"""Click → updated screen in Chromium, for every game's play table.

    python benchmarks/clicks.py [--game NAME] [--clicks N] [--seed S] [--quiet-ms Q] [--each]

Each game's play table (the one person against bots of its ``05_play`` notebook) is served by
Voila on 127.0.0.1 and opened in Debian's Chromium (``/usr/bin/chromium``, driven by Playwright)
at 1280×720. Then the person's move buttons are clicked through a seeded game, a move drawn at
random (``--seed``) among the buttons on offer, the confirmation when a move asks for one, and
"New game" when a game ends.

A click is timed inside the page, so that Playwright's round trips do not count: the page notes
``performance.now()`` and clicks the button; a ``MutationObserver`` on the table notes the time of
every change to the page's table; the screen has updated once the move's controls have changed
and nothing more has changed for ``--quiet-ms`` (the Python callback, the bots' replies, the
messages to the page, the widgets and the Plotly figure drawn). The time of a click is that of its
last change. Printed per game: the clicks, median, 95th percentile and maximum, and the kind of
move (its first word) that is slowest at the median.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser_harness import CHROMIUM_ARGS, TOKEN, Server, _chromium, _jupyter_env  # noqa: E402

#: The tables of the play notebooks: who sits where, and the notebook's seed.
TABLES = {
    "chefs": (["human", "greedy", "greedy"], 11),
    "critter_kitchen": (["human", "greedy", "greedy"], 2026),
    "diced_veggies": (["human", "greedy"], 11),
    "tem_purr_a": (["human", "cautious", "cautious", "random"], 7),
}
VIEWPORT = {"width": 1280, "height": 720}
#: What a person clicks to move: move buttons, the plan's send button, a dropdown's play button,
#: the chef token's spend button, a confirmation's Yes, the bots' fridge choice.
MOVES = (".kl-actions .kl-action, .kl-actions .kl-send, .kl-actions .kl-play-move, "
         ".kl-actions .kl-chef-spend, .kl-actions .kl-bot-choice")
CONFIRM = ".kl-actions .kl-confirm-yes"
NEW_GAME = ".kl-new-game"
LOAD_MS = 180_000
CLICK_LIMIT_MS = 30_000

# The clickable elements under the table matching a selector: shown and enabled; their labels.
OFFERED_JS = """(sel) => {
    const table = document.querySelector('.kl-play-table');
    return [...table.querySelectorAll(sel)]
        .filter(b => !b.disabled && (b.getClientRects().length > 0 || b.matches('.kl-new-game')))
        .map(b => [b.title || b.innerText.trim(), [...b.classList].filter(c => c.startsWith('kl-')).join(' ')]);
}"""

# Click the i-th element matching sel; resolve with the milliseconds from the click to the last change
# of the table (and to its first change), once the move's controls changed and the table then stayed still for `quiet` ms.
CLICK_JS = """([sel, i, quiet, limit]) => new Promise((resolve) => {
    const table = document.querySelector('.kl-play-table');
    const button = [...table.querySelectorAll(sel)].filter(b => !b.disabled && (b.getClientRects().length > 0 || b.matches('.kl-new-game')))[i];
    const moved_in = '.kl-actions, .kl-message, .kl-result-box, .kl-cover';
    let moved = false, first = null, last = null, t0 = null;
    const seen = new MutationObserver((records) => {
        last = performance.now();
        if (first === null) first = last;
        for (const r of records) {
            const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
            if (node && node.closest(moved_in)) moved = true;
        }
    });
    seen.observe(table, {subtree: true, childList: true, attributes: true, characterData: true});
    const check = () => {
        const now = performance.now();
        if (moved && now - last >= quiet) { seen.disconnect(); resolve([last - t0, first - t0]); return; }
        if (now - t0 > limit) { seen.disconnect(); resolve(null); return; }
        setTimeout(check, 20);
    };
    t0 = performance.now();
    button.click();
    setTimeout(check, 20);
})"""


def _notebook(game: str, seats: list[str], seed: int) -> dict:
    """A one-cell notebook showing the game's play table."""
    source = f"from kitchenlab.table import play_widget\nplay_widget({game!r}, seats={seats!r}, seed={seed})"
    return {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
                     "language_info": {"name": "python"}},
        "cells": [{"cell_type": "code", "id": "table", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": source}],
    }


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0–100) of ``values``, interpolated between the nearest ranks.

    >>> percentile([1, 2, 3, 4, 5], 95)
    4.8
    """
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def kind_of(label: str, classes: str) -> str:
    """The kind of a clicked control: a move's first word, or what the control is."""
    for cls, kind in (("kl-send", "send (the plan)"), ("kl-confirm-yes", "yes (a confirmation)"),
                      ("kl-new-game", "new game"), ("kl-bot-choice", "fridge (the bots' choice)"),
                      ("kl-chef-spend", "chef token")):
        if cls in classes:
            return kind
    return label.split()[0] if label.split() else "?"


def click_through(page, clicks: int, rng: random.Random, quiet_ms: int,
                  each: bool = False) -> list[tuple[str, float]]:
    """Click ``clicks`` times at the table on ``page``; (kind, milliseconds) per click. With
    ``each``, print every click's time, the time of its first change and its label."""
    times: list[tuple[str, float]] = []
    while len(times) < clicks:
        for sel in (CONFIRM, MOVES, NEW_GAME):
            offered = page.evaluate(OFFERED_JS, sel)
            if offered:
                break
        else:
            raise RuntimeError("nothing to click at the table: " + page.locator(".kl-play-table").inner_text()[:500])
        i = rng.randrange(len(offered))
        timed = page.evaluate(CLICK_JS, [sel, i, quiet_ms, CLICK_LIMIT_MS])
        if timed is None:
            raise RuntimeError(f"the screen did not change within {CLICK_LIMIT_MS} ms of clicking {offered[i][0]!r}")
        ms, first = timed
        times.append((kind_of(*offered[i]), ms))
        if each:
            print(f"  {ms:6.0f} ms (first change {first:4.0f} ms)  {offered[i][0]}", flush=True)
    return times


def summary(game: str, times: list[tuple[str, float]]) -> str:
    """One line of figures for a game."""
    ms = [t for _, t in times]
    kinds: dict[str, list[float]] = {}
    for kind, t in times:
        kinds.setdefault(kind, []).append(t)
    slow = max(kinds, key=lambda k: statistics.median(kinds[k]))
    return (f"{game:16} clicks {len(ms):3}   median {statistics.median(ms):6.0f} ms   "
            f"p95 {percentile(ms, 95):6.0f} ms   max {max(ms):6.0f} ms   "
            f"slowest: {slow} (median {statistics.median(kinds[slow]):.0f} ms, {len(kinds[slow])} clicks)")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(games: list[str], clicks: int, seed: int | None, quiet_ms: int, each: bool = False) -> dict[str, list[tuple[str, float]]]:
    """Serve the games' tables with Voila, click through each in Chromium; the times per game."""
    from playwright.sync_api import sync_playwright

    exe = _chromium()
    if exe is None:
        raise SystemExit("Debian's chromium is not installed (/usr/bin/chromium)")
    results = {}
    with tempfile.TemporaryDirectory(prefix="kitchenlab-clicks-") as tmp:
        home, served = Path(tmp) / "home", Path(tmp) / "served"
        served.mkdir()
        for game in games:
            seats, table_seed = TABLES[game]
            nb = _notebook(game, seats, table_seed if seed is None else seed)
            (served / f"{game}.ipynb").write_text(json.dumps(nb))
        port = _free_port()
        cmd = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
               "--Voila.port_retries=0", f"--Voila.token={TOKEN}", "--show_tracebacks=True", str(served)]
        env = _jupyter_env(home)
        env["PYTHONPATH"] = str(ROOT) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        server = Server("Voila", cmd, served, env, Path(tmp) / "voila.log", port)
        try:
            server.wait_listening()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
                try:
                    for game in games:
                        page = browser.new_page(viewport=VIEWPORT)
                        started = time.monotonic()
                        page.goto(f"{server.base}/voila/render/{game}.ipynb?token={TOKEN}", timeout=LOAD_MS,
                                  wait_until="commit")
                        page.wait_for_function(f"() => document.querySelector('.kl-play-table') && "
                                               f"({OFFERED_JS})({json.dumps(MOVES)}).length > 0",
                                               timeout=LOAD_MS, polling=250)
                        rng = random.Random(f"{game}-{seed}")
                        results[game] = click_through(page, clicks, rng, quiet_ms, each)
                        print(summary(game, results[game]) + f"   ({time.monotonic() - started:.0f} s)", flush=True)
                        page.close()
                finally:
                    browser.close()
        except Exception:
            print(server.log_tail(), file=sys.stderr)
            raise
        finally:
            server.stop()
    return results


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", choices=sorted(TABLES), action="append", help="only this game (repeatable)")
    p.add_argument("--clicks", type=int, default=30, help="clicks per game (default 30)")
    p.add_argument("--seed", type=int, default=None,
                   help="the game's seed and the clicks' (default: the play notebook's seed)")
    p.add_argument("--quiet-ms", type=int, default=600,
                   help="how long the table must stay unchanged for the screen to count as updated (default 600)")
    p.add_argument("--each", action="store_true", help="print every click's time and move")
    args = p.parse_args(argv)
    games = args.game or list(TABLES)
    print(f"Click → updated screen, Chromium {VIEWPORT['width']}×{VIEWPORT['height']}, Voila, "
          f"{args.clicks} clicks a game")
    run(games, args.clicks, args.seed, args.quiet_ms, args.each)


if __name__ == "__main__":
    main()
