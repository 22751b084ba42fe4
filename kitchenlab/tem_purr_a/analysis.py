"""Numbers behind the Tem-Purr-A notebooks: exact risk curves, their simulation, and example positions.

* :func:`exact_curves` — the chance of indigestion for each number of cards eaten, one curve per
  number of indigestion cards in the deck, as exact fractions.
* :func:`simulated_chance` — the same chance estimated by drawing cards with the kit's seeded
  :class:`~kitchenlab.engine.Rng` (no global randomness), so simulation can be held against the
  exact value.
* :func:`play_until` / :func:`late_decision` / :func:`tie_break_game` — seeded positions the
  notebooks explain (a late-round decision for a game tree, a finished game decided on cards in hand).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable

from ..engine import Rng
from .scoring import indigestion_chance


def exact_curve(deck_size: int, indigestion: int, ks: Iterable[int]) -> list[tuple[int, Fraction]]:
    """``[(k, chance of indigestion when eating k cards)]``.

    >>> exact_curve(60, 1, [1, 6, 30])
    [(1, Fraction(1, 60)), (6, Fraction(1, 10)), (30, Fraction(1, 2))]
    """
    return [(k, indigestion_chance(deck_size, indigestion, k)) for k in ks]


def exact_curves(deck_size: int, ds: Iterable[int] = range(1, 7), ks: Iterable[int] = range(1, 31)) -> dict:
    """One exact curve per number of indigestion cards ``d``, keyed ``"d = 1"``, ``"d = 2"``, ..."""
    ks = list(ks)
    return {f"d = {d}": exact_curve(deck_size, d, ks) for d in ds}


def draw_reveals(deck_size: int, indigestion: int, k: int, rng: Rng) -> bool:
    """Shuffle a deck of ``deck_size`` (its first ``indigestion`` cards are the bad ones) only as
    far as the first ``k`` cards (a partial Fisher–Yates) and say whether any bad card is among them."""
    deck = list(range(deck_size))
    for i in range(min(k, deck_size)):
        j = i + rng.randbelow(deck_size - i)
        deck[i], deck[j] = deck[j], deck[i]
        if deck[i] < indigestion:
            return True
    return False


def simulated_chance(deck_size: int, indigestion: int, k: int, trials: int, seed: int = 0) -> Fraction:
    """The share of ``trials`` seeded draws of ``k`` cards that reveal an indigestion card."""
    if trials < 1:
        raise ValueError(f"trials must be 1 or more, got {trials}")
    if indigestion > deck_size:
        raise ValueError(f"indigestion ({indigestion}) cannot exceed deck_size ({deck_size})")
    rng = Rng(seed)
    hits = sum(draw_reveals(deck_size, indigestion, k, rng) for _ in range(trials))
    return Fraction(hits, trials)


def simulated_curves(deck_size: int, ds: Iterable[int] = range(1, 7), ks: Iterable[int] = range(5, 31, 5),
                     trials: int = 2000, seed: int = 0) -> dict:
    """Simulated points over :func:`exact_curves`: ``{"d = 1": [(k, share), ...], ...}``.

    Every (d, k) pair gets its own generator, seeded from ``seed``, ``d`` and ``k``, so adding a
    point never changes the others.
    """
    ks = list(ks)
    return {f"d = {d}": [(k, simulated_chance(deck_size, d, k, trials, seed=seed * 10_000 + d * 100 + k))
                         for k in ks]
            for d in ds}


# ---------------------------------------------------------------- seeded example positions


def play_until(players: int, seed: int, stop: Callable, bots="cautious", max_steps: int = 20_000, **variants):
    """Play a seeded game with bots (as :func:`kitchenlab.sim.play_game` does) and return the first
    state for which ``stop(state)`` is true, or ``None`` if the game ends first."""
    import kitchenlab
    from ..sim import play_game

    final = play_game("tem_purr_a", players, seed, bots, **variants)
    state = kitchenlab.new_game("tem_purr_a", players=players, seed=seed, **variants)
    for action in final.history[:max_steps]:
        if stop(state):
            return state
        state = state.apply(action)
    return state if stop(state) else None


def find_position(stop: Callable, players: int = 4, seed: int = 0, seeds: int = 200, bots="cautious",
                  **variants):
    """The first state with ``stop(state)`` true in the seeded games ``seed``, ``seed + 1``, ...
    (played by bots): ``(game seed, state)``."""
    for s in range(seed, seed + seeds):
        state = play_until(players, s, stop, bots=bots, **variants)
        if state is not None:
            return s, state
    raise ValueError(f"no such position in {seeds} games from seed {seed}")


def find_action(want: Callable, players: int = 4, seed: int = 0, seeds: int = 200, bots="cautious",
                **variants):
    """The first position (as :func:`find_position`) where a legal action satisfies ``want(state, action)``:
    ``(game seed, state, action)``."""
    def stop(state) -> bool:
        return not state.is_over and any(want(state, a) for a in state.legal_actions())

    s, state = find_position(stop, players, seed, seeds, bots, **variants)
    return s, state, next(a for a in state.legal_actions() if want(state, a))


def describe_step(state, action) -> str:
    """Before and after one action, in words: the stack, who acts, the direction, the log lines."""
    from .rules import card_name, player_name

    def stack_text(st) -> str:
        if not st.stack:
            return "no stack"
        cards = ", ".join(card_name(c) for c in st.stack)
        return f"[{cards}] worth {st.stack_total}, top dish {st.top_dish}"

    after = state.apply(action)
    new_lines = after.log[len(state.log):]
    way = {1: "clockwise", -1: "counter-clockwise"}
    lines = [
        f"before: {stack_text(state)}; {player_name(state.current_player)} to act; {way[state.direction]}",
        f"action: {action}",
        *[f"  log: {line}" for line in new_lines],
        f"after:  {stack_text(after)}; "
        + (f"{player_name(after.current_player)} to act" if not after.is_over else "game over")
        + f"; {way[after.direction]}",
    ]
    return "\n".join(lines)


def is_small_late_decision(state, max_actions: int = 4, max_risk: Fraction = Fraction(1)) -> bool:
    """A decision in round 2 or later with few choices, where eating is risky (at most ``max_risk``)
    but not certain."""
    if state.is_over or state.phase != "turn" or state.round < 2:
        return False
    legal = state.legal_actions()
    return 2 <= len(legal) <= max_actions and 0 < state.eat_risk() < 1 and state.eat_risk() <= max_risk


def late_decision(players: int = 3, seed: int = 0, max_actions: int = 4, max_risk: Fraction = Fraction(1),
                  seeds: int = 200, **variants):
    """The first small late-round decision (see :func:`is_small_late_decision`) in games seeded
    ``seed``, ``seed + 1``, ...; returns ``(game seed, state)``."""
    return find_position(lambda st: is_small_late_decision(st, max_actions, max_risk), players, seed, seeds,
                         **variants)


def end_rows(state) -> list[dict]:
    """One row per player of a finished game: tokens, cards in hand, out?, winner?"""
    winners = set(state.winners())
    return [{"player": f"Player {p + 1}", "tokens": state.tokens[p], "cards in hand": state.hand_count(p),
             "out": state.tokens[p] >= state.lose_at, "winner": p in winners}
            for p in range(state.players)]


def decided_by_cards(state) -> bool:
    """True when two or more players still in share the fewest tokens (so cards in hand decide)."""
    alive = [p for p in range(state.players) if state.tokens[p] < state.lose_at]
    fewest = min(state.tokens[p] for p in alive)
    return sum(1 for p in alive if state.tokens[p] == fewest) > 1


def tie_break_game(players: int = 4, seed: int = 0, bots="cautious", seeds: int = 200, **variants):
    """The first seeded game (from ``seed`` on) whose winner is decided by cards in hand:
    ``(game seed, final state)``."""
    from ..sim import play_game

    for s in range(seed, seed + seeds):
        final = play_game("tem_purr_a", players, s, bots, **variants)
        if decided_by_cards(final):
            return s, final
    raise ValueError(f"no game decided by cards in hand in {seeds} games from seed {seed}")


# ---------------------------------------------------------------- simulation tables


def seat_table(df, by: str = "variant"):
    """Long table of wins per seat from a simulation table: ``by``, seat (from 0), player, wins, games, win_rate.

    A tied win counts as a share (``win_p`` columns of :func:`kitchenlab.sim.simulate`).
    """
    import pandas as pd

    seats = sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("win_"))
    groups = [(None, df)] if by is None else list(df.groupby(by, sort=False))
    rows = []
    for key, part in groups:
        for p in seats:
            col = part[f"win_{p}"]
            if col.isna().all():
                continue
            wins = float(col.sum())
            rows.append({**({by: key} if by else {}), "seat": p, "player": f"Player {p + 1}", "wins": round(wins, 3),
                         "games": int(col.notna().sum()), "win_rate": round(wins / len(part), 4)})
    return pd.DataFrame(rows)


def summary_table(df, by: str = "variant"):
    """One row per group: games, mean rounds, mean steps, and the win rate of each seat (rounded)."""
    import pandas as pd

    seats = sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("win_"))
    rows = []
    for key, part in df.groupby(by, sort=False):
        row = {by: key, "games": len(part), "mean rounds": round(float(part["rounds"].mean()), 2),
               "mean steps": round(float(part["steps"].mean()), 1)}
        for p in seats:
            col = part[f"win_{p}"]
            if col.notna().all():
                row[f"P{p + 1} wins"] = round(float(col.mean()), 3)
        rows.append(row)
    return pd.DataFrame(rows).set_index(by)


def wins_by_bot(df, bots) -> dict:
    """Share of all wins taken by each kind of bot, given the bot of each seat (``bots[p]``)."""
    total = {}
    for p, name in enumerate(bots):
        total[name] = total.get(name, 0.0) + float(df[f"win_{p}"].sum())
    return {name: round(w / len(df), 4) for name, w in total.items()}


# ---------------------------------------------------------------- the moves the notebooks look for
# Each takes (state, action), as find_action wants, and answers whether that move is the example.


def serves_on_a_stack(state, action) -> bool:
    """A serve onto a stack that already holds two cards or more."""
    return action.kind == "serve" and len(state.stack) >= 2


def eats_safely(state, action) -> bool:
    """An eat of a stack worth 8 or more that draws no indigestion card."""
    return action.kind == "eat" and state.stack_total >= 8 and "indigestion" not in state.apply(action).log[-1]


def eats_indigestion(state, action) -> bool:
    """An eat that draws an indigestion card (and so ends the round)."""
    return action.kind == "eat" and "indigestion" in state.apply(action).log[-1]


def plays_plus_one(state, action) -> bool:
    """Playing a +1 card on the stack."""
    from .rules import PLUS_ONE

    return action.kind == "play" and action.card == PLUS_ONE


def plays_reverse(state, action) -> bool:
    """Playing a reverse card on the stack."""
    from .rules import REVERSE

    return action.kind == "play" and action.card == REVERSE


def chooses_someone_else(state, action) -> bool:
    """Playing a choose-next card that names a player other than the one next in line."""
    from .rules import CHOOSE

    return (action.kind == "play" and action.card == CHOOSE
            and action.target != (state.current_player + 1) % state.players)


def skips_a_6_with_two_3s(state, action) -> bool:
    """The rules' skip example: two 3s played on a stack whose top dish is 6."""
    return action.kind == "skip" and action.card == 3 and state.top_dish == 6


def eat_outcomes(state, action):
    """The exact chance results of ``action`` (indigestion / safe for an uncertain eat), as
    :func:`kitchenlab.trees.build_tree` wants its ``chance`` function."""
    return state.chance_outcomes(action)


def round_lengths(df, by: str = "variant"):
    """Per group of a simulation table: steps per round, and how many players hold at least one
    indigestion token at the end on average (a score is the tokens a player has to spare)."""
    import pandas as pd

    seats = sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("score_"))
    rows = []
    for key, part in df.groupby(by, sort=False):
        holders = (part[[f"score_{p}" for p in seats]] < 3).sum(axis=1).mean()
        rows.append({by: key, "steps per round": round(float(part["steps"].sum() / part["rounds"].sum()), 1),
                     "players holding a token at the end": round(float(holders), 2)})
    return pd.DataFrame(rows).set_index(by)


def declined_extra_cards(final) -> int:
    """How many times a game's token taker chose to add no extra indigestion card (what the
    ``extra_indigestion`` option governs: ``always`` takes the choice away)."""
    return sum(1 for a in final.history if a.kind == "extra" and not a.target)
