"""How long a game takes in a lesson: seeded games played by the kit's bots, the decisions each
person would make counted, and turned into minutes with stated rates.

    python benchmarks/lesson_times.py [--games N] [--game NAME]

For every game and player count (and Critter Kitchen's short game, ``rounds=SHORT_ROUNDS``) the
script plays ``N`` seeded games with the game's best hand-written bot in every seat and counts, for
each seat, the decisions it made: in Critter Kitchen a round's plan (three or four "send" moves
chosen together) counts as one plan, and each item put into a meal ("add", "put") as one meal item;
every other move is one decision. It also counts the events a teacher narrates (one per line of the
game's log, what "Next event" steps through).

The minutes come from rates no source gives: they are the kit's own assumptions [A] for a class of
14-year-olds, written in :data:`DEVICE_RATES`, :data:`PROJECTOR_RATES` and :data:`NARRATE_SECONDS`.
Two ways to play:

* **at a device**: every seat is a person at one screen, taking turns (a hot seat); the game takes
  the sum of every seat's time (``minutes per person`` times the people at the screen; bots' moves
  take no time);
* **on the projector**: the class plays one seat against bots, agreeing on each move, and the
  teacher reads out every event of the game ("Next event").

``docs/teaching.md`` quotes the table this prints (the default sample) and ``tests/test_teaching.py``
computes the same figures again from :func:`measure`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import kitchenlab  # noqa: E402
from kitchenlab.engine import Rng  # noqa: E402
from kitchenlab.quiz import default_bot  # noqa: E402
from kitchenlab.sim import bot_seed, resolve_bots  # noqa: E402

#: Seeded games per row of the table (seeds 0, 1, ...).
GAMES = 20

#: Seconds a 14-year-old takes, at a shared device, for one decision, one Critter Kitchen plan
#: and one item put into a meal [A].
DEVICE_RATES = {"decision": 8, "plan": 40, "meal item": 3}

#: The same for a whole class agreeing on one move on the projector (a show of hands) [A].
PROJECTOR_RATES = {"decision": 20, "plan": 90, "meal item": 5}

#: Seconds the teacher takes to read out one event of the log on the projector [A].
NARRATE_SECONDS = 2

#: Critter Kitchen's moves that make up a plan, and those that put one item into a meal.
PLAN_WORDS = ("send",)
MEAL_WORDS = ("add", "put")


@dataclass(frozen=True)
class Row:
    """What ``games`` seeded games of one game, player count and options measured."""

    game: str
    players: int
    options: tuple          # (name, value) pairs given to new_game
    games: int
    decisions: tuple        # (first quartile, median, third quartile) of each person's decisions
    counts: dict            # median count per person of each kind: decision, plan, meal item
    events: float           # median events a game
    rounds: float           # median rounds a game
    device_minutes: float   # median minutes of one person's decisions at a device
    projector_minutes: float  # median minutes of the class as one seat, every event narrated

    @property
    def title(self) -> str:
        title = kitchenlab.game_info(self.game).title
        extra = ", ".join(f"{k}={v}" for k, v in self.options)
        return f"{title} ({extra})" if extra else title

    @property
    def group_minutes(self) -> float:
        """A whole game at a device with every seat a person (seat 1's time ``players`` times)."""
        return round(self.device_minutes * self.players, 1)


def kinds_of_moves(game: str, moves: list[str]) -> Counter:
    """One seat's moves of one game counted as decisions, plans and meal items."""
    counts = Counter()
    planning = False
    for text in moves:
        word = text.split()[0]
        if game == "critter_kitchen" and word in PLAN_WORDS:
            if not planning:
                counts["plan"] += 1
            planning = True
            continue
        planning = False
        if game == "critter_kitchen" and word in MEAL_WORDS:
            counts["meal item"] += 1
        else:
            counts["decision"] += 1
    return counts


def seconds(counts: Counter, rates: dict) -> float:
    """The time one seat's moves take at the given rates."""
    return sum(rates[k] * v for k, v in counts.items())


def quartiles(values) -> tuple[float, float, float]:
    """First quartile, median and third quartile."""
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def measure(game: str, players: int, games: int = GAMES, **options) -> Row:
    """Play ``games`` seeded games (seeds 0..games-1) with the default bot in every seat and count
    each person's moves."""
    per_seat: list[Counter] = []
    device, projector, events, rounds = [], [], [], []
    for seed in range(games):
        state = kitchenlab.new_game(game, players=players, seed=seed, **options)
        bots = resolve_bots(game, state.players, default_bot(game))
        rng = Rng(bot_seed(seed))
        moves: dict[int, list[str]] = {p: [] for p in range(players)}
        while not state.is_over:
            seat = state.current_player
            action = bots[seat](state, rng)
            if seat in moves:              # the solo rival's seat is not a person
                moves[seat].append(str(action))
            state = state.apply(action)
        counted = [kinds_of_moves(game, moves[p]) for p in range(players)]
        per_seat += counted
        device += [seconds(c, DEVICE_RATES) for c in counted]
        narrated = len(state.log) * NARRATE_SECONDS
        projector.append(seconds(counted[0], PROJECTOR_RATES) + narrated)
        events.append(len(state.log))
        rounds.append(state.round or 1)
    totals = [sum(c.values()) for c in per_seat]
    kinds = ("decision", "plan", "meal item")
    return Row(game, players, tuple(sorted(options.items())), games,
               tuple(round(q, 1) for q in quartiles(totals)),
               {k: statistics.median(c[k] for c in per_seat) for k in kinds},
               statistics.median(events), statistics.median(rounds),
               round(statistics.median(device) / 60, 1), round(statistics.median(projector) / 60, 1))


#: The rows ``docs/teaching.md`` times its lesson plans from: (game, players, options).
LESSON_ROWS = (("tem_purr_a", 4, {}), ("critter_kitchen", 3, {}), ("critter_kitchen", 3, {"rounds": 3}),
               ("chefs", 3, {}), ("diced_veggies", 2, {}))


def lesson_table(games: int = GAMES) -> str:
    """The table of :data:`LESSON_ROWS` that ``docs/teaching.md`` quotes."""
    return table([measure(g, n, games, **opts) for g, n, opts in LESSON_ROWS])


def settings(game_names=None):
    """Every row the table holds: (game, players, options) for each game and player count, and
    Critter Kitchen's short game at every player count."""
    from kitchenlab.critter_kitchen.config import SHORT_ROUNDS

    for game in game_names or kitchenlab.available_games():
        for players in kitchenlab.game_info(game).players:
            yield game, players, {}
            if game == "critter_kitchen":
                yield game, players, {"rounds": SHORT_ROUNDS}


def fmt(x: float) -> str:
    return f"{x:g}"


def table(rows) -> str:
    """The rows as the Markdown table ``docs/teaching.md`` and ``benchmarks/README.md`` quote."""
    lines = ["| game | players | rounds | decisions per person: median (quartiles) | of which plans, meal items "
             "| events | minutes per person at a device | minutes, every seat a person | minutes on the projector |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        q1, med, q3 = r.decisions
        lines.append(f"| {r.title} | {r.players} | {fmt(r.rounds)} | {fmt(med)} ({fmt(q1)}–{fmt(q3)}) "
                     f"| {fmt(r.counts['plan'])}, {fmt(r.counts['meal item'])} | {fmt(r.events)} "
                     f"| {fmt(r.device_minutes)} | {fmt(r.group_minutes)} | {fmt(r.projector_minutes)} |")
    return "\n".join(lines)


def rates_text() -> str:
    """The assumed rates, in words."""
    d, p = DEVICE_RATES, PROJECTOR_RATES
    return (f"Rates assumed by the kit [A]: at a device {d['decision']} s a decision, {d['plan']} s a Critter "
            f"Kitchen plan, {d['meal item']} s a meal item; on the projector (the class agrees) {p['decision']} s, "
            f"{p['plan']} s and {p['meal item']} s, and {NARRATE_SECONDS} s to read out one event.")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help=f"seeded games per row (default {GAMES})")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    rows = [measure(g, n, args.games, **opts) for g, n, opts in settings(args.game)]
    print(table(rows))
    print()
    print(rates_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
