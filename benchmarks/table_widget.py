"""How long one callback of the classroom widgets takes, per playable game.

    python benchmarks/table_widget.py [--repeats N]

Measured, as the median (and 90th percentile) over many calls, in milliseconds:

* play table, one person and bots: one ``choose(move)`` (the move, the undo check, the bots'
  replies up to the person's next turn, the redraw with the game's picture);
* play table, hot seat (two people and a bot): every click, a move (the cover goes up) or
  "show my hand" (the picture of that seat is drawn);
* projector page: one "Next event" of the round stepper (a public picture not drawn before);
* quiz: one answer click (feedback and score).

Where a callback draws a Plotly figure the time includes turning it into JSON (what the kernel sends
the browser). The moves are the first legal move each time, over whole seeded games.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _ms(fn) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def _json(obj) -> None:
    fig = getattr(obj, "drawn", None)
    if fig is not None and hasattr(fig, "to_plotly_json"):
        import plotly.io as pio

        pio.to_json(fig)


def _seats(game: str, people: int) -> list[str]:
    import kitchenlab
    from kitchenlab.table import default_bot

    info = kitchenlab.game_info(game)
    n = 3 if 3 in info.players else info.default_players
    return ["human"] * people + [default_bot(game)] * (n - people)


def bench_table(game: str, people: int, repeats: int) -> list[float]:
    from kitchenlab.table import play_widget

    times: list[float] = []
    seed = 100
    while len(times) < repeats:
        t = play_widget(game, seats=_seats(game, people), seed=seed)
        while not t.state.is_over and len(times) < repeats:
            if t.covered:
                times.append(_ms(lambda: (t.reveal(), _json(t))))
                continue
            move = t.legal[0]
            times.append(_ms(lambda: (t.choose(move), _json(t))))
        seed += 1
    return times


def bench_page(game: str, repeats: int) -> list[float]:
    from kitchenlab.classroom import classroom_page

    times: list[float] = []
    seed = 1
    while len(times) < repeats:
        page = classroom_page(game, seed=seed)
        for _ in range(len(page.stepper.frames) - 1):
            times.append(_ms(lambda: (page.stepper.step(1), _json(page.stepper))))
            if len(times) >= repeats:
                break
        seed += 1
    return times


def bench_quiz(game: str, repeats: int) -> list[float]:
    from kitchenlab.classroom import quiz_widget

    w = quiz_widget(game, seed=1, n=8)
    times: list[float] = []
    while len(times) < repeats:
        for i in range(len(w.questions)):
            w.go(i)
            times.append(_ms(lambda: w.answer(w.current.choices[0])))
    return times[:repeats]


def report(name: str, times: list[float]) -> None:
    q = statistics.quantiles(times, n=10) if len(times) >= 10 else [max(times)] * 9
    print(f"{name:44} median {statistics.median(times):7.2f} ms   p90 {q[8]:7.2f} ms   n={len(times)}")


def main(argv=None) -> None:
    import kitchenlab

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=60, help="calls measured per row (default 60)")
    args = ap.parse_args(argv)
    import plotly.graph_objects as go

    go.Figure().show()      # load plotly's renderers once, outside the figures
    print(f"Classroom widget callbacks, {args.repeats} calls each (Python side; aim < 100 ms)")
    for game in kitchenlab.available_games():
        rows = [(f"{game}: play table, one person", lambda: bench_table(game, 1, args.repeats)),
                (f"{game}: play table, hot seat", lambda: bench_table(game, 2, args.repeats))]
        if kitchenlab.game_info(game).calculator:
            rows += [(f"{game}: projector page, next event", lambda: bench_page(game, args.repeats)),
                     (f"{game}: quiz answer", lambda: bench_quiz(game, args.repeats))]
        for name, fn in rows:
            with contextlib.redirect_stdout(io.StringIO()):
                times = fn()
            report(name, times)


if __name__ == "__main__":
    main()
