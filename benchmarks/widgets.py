"""How long one widget callback takes: the figures a reader waits for after each click.

    python benchmarks/widgets.py [--repeats N]

Measured, each as the median (and 90th percentile) over many calls, in milliseconds:

* Critter Kitchen 02_round: one ``.step(1)`` of ``round_view.round_stepper(players=3, seed=1)``
  (each step draws a frame not seen before);
* Critter Kitchen 03_scoring: one meal-builder update (adding an item: buttons, texts, the exact
  optimiser's line and the quality -> stars chart);
* Critter Kitchen 05_play: one move of the play widget (the reader's move, the bots' moves up to the
  reader's next turn, and the redraw), over a whole seeded game;
* Tem-Purr-A 02_round: one ``.step(1)`` of the shared ``kitchenlab.widgets.round_stepper("tem_purr_a",
  players=4, seed=7, bots="cautious")``, and one view change (the toggle through the public view and
  every seat, each a picture not drawn before).

Where a callback draws a Plotly figure, the time includes turning it into JSON (``plotly.io.to_json``),
which is what the kernel sends to the browser; the browser's own drawing is not measured. Outside a
notebook ``fig.show()`` sends nothing, so the figures are built but not displayed.
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


def _figure_json(obj) -> None:
    fig = getattr(obj, "drawn", None)
    if fig is not None and hasattr(fig, "to_plotly_json"):
        import plotly.io as pio

        pio.to_json(fig)


def _stepper_steps(make, steps: int) -> list[float]:
    stepper = make()
    times = []
    for _ in range(min(steps, len(stepper.frames) - 1)):
        times.append(_ms(lambda: (stepper.step(1), _figure_json(stepper))))
    return times


def bench_ck_round(repeats: int) -> tuple[list[float], str]:
    try:
        from kitchenlab.critter_kitchen import round_view
    except ImportError:
        return [], "skipped: kitchenlab.critter_kitchen.round_view does not exist yet"
    times: list[float] = []
    while len(times) < repeats:
        got = _stepper_steps(lambda: round_view.round_stepper(players=3, seed=1), repeats - len(times))
        if not got:
            break
        times += got
    return times, "round_view.round_stepper(players=3, seed=1).step(1)"


def bench_tpa_round(repeats: int) -> tuple[list[float], str]:
    from kitchenlab.widgets import round_stepper

    def make():
        return round_stepper("tem_purr_a", players=4, seed=7, bots="cautious")

    times: list[float] = []
    while len(times) < repeats:
        got = _stepper_steps(make, repeats - len(times))
        if not got:
            break
        times += got
    return times, 'widgets.round_stepper("tem_purr_a", players=4, seed=7).step(1)'


def bench_tpa_view(repeats: int) -> tuple[list[float], str]:
    from kitchenlab.widgets import round_stepper

    times: list[float] = []
    while len(times) < repeats:
        stepper = round_stepper("tem_purr_a", players=4, seed=7, bots="cautious")
        for index in range(len(stepper.frames)):
            stepper.go(index)
            for viewer in (None, 0, 1, 2, 3):
                times.append(_ms(lambda: (stepper.show_view(viewer), _figure_json(stepper))))
            stepper.show_view("table")
            if len(times) >= repeats:
                break
    return times[:repeats], "the same stepper's view toggle: public, then each seat (new pictures)"


def bench_meal_builder(repeats: int) -> tuple[list[float], str]:
    from kitchenlab.critter_kitchen.widgets import ChallengeMealBuilder

    storage = "fish7 fish4 fish-spice bread6 bread2 bread-spice cheese3 meat5 allspice bisque soup soup"
    b = ChallengeMealBuilder(storage, "ultimate_melt", meal=["fish7+spice", "bread2+spice"])
    items = ["bisque", "cheese3", "soup", "fish4+allspice"]
    times = []
    while len(times) < repeats:
        for item in items:
            times.append(_ms(lambda: (b.add(item), _figure_json(b))))
        for item in reversed(items):
            b.remove(item, update=False)
        b.update()
    return times[:repeats], "ChallengeMealBuilder.add(item) with the chart (03_scoring)"


def bench_play_move(repeats: int) -> tuple[list[float], str]:
    from kitchenlab.critter_kitchen.bots import greedy_bot
    from kitchenlab.engine import Rng
    from kitchenlab.table import play_widget

    times: list[float] = []
    seed = 2024
    while len(times) < repeats:
        t = play_widget("critter_kitchen", seats=["human", "greedy", "greedy"], seed=seed)
        helper = Rng(seed)
        while not t.state.is_over and len(times) < repeats:
            move = str(greedy_bot(t.state, helper))
            times.append(_ms(lambda: t.choose(move)))
        seed += 1
    return times, "play_widget('critter_kitchen', seats=[human, greedy, greedy]).choose(move) (05_play)"


def report(name: str, times: list[float], what: str) -> None:
    if not times:
        print(f"{name:28} {what}")
        return
    q = statistics.quantiles(times, n=10) if len(times) >= 10 else [max(times)] * 9
    print(f"{name:28} median {statistics.median(times):7.2f} ms   p90 {q[8]:7.2f} ms   max {max(times):7.2f} ms"
          f"   n={len(times):4}   {what}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=100, help="calls measured per callback (default 100)")
    args = ap.parse_args(argv)
    import plotly.graph_objects as go

    go.Figure().show()      # the first show() of a session loads plotly's renderers: keep it out of the figures
    rows = [
        ("Critter Kitchen 02 step", bench_ck_round),
        ("Critter Kitchen 03 builder", bench_meal_builder),
        ("Critter Kitchen 05 play move", bench_play_move),
        ("Tem-Purr-A 02 step", bench_tpa_round),
        ("Tem-Purr-A 02 view toggle", bench_tpa_view),
    ]
    print(f"Widget callbacks, {args.repeats} calls each (Python side; lower is better, aim < 100 ms)")
    for name, fn in rows:
        # outside a notebook, clearing an Output widget prints terminal codes: keep them off the report
        with contextlib.redirect_stdout(io.StringIO()):
            fn(3)                     # warm up (imports, caches)
            times, what = fn(args.repeats)
        report(name, times, what)


if __name__ == "__main__":
    main()
