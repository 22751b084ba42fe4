"""How strong OpenSpiel's own ISMCTS bot is on the kit's games, played through the adapter.

OpenSpiel's ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``: UCT over information states,
one random rollout per simulation, every simulation on a state from ``resample_from_infostate``,
i.e. the kit's ``determinize``) sits in one seat; every other seat plays

* ``random``: a uniformly random legal move (OpenSpiel ids; a Diced Veggies cook is then random
  step by step), or
* ``ismcts``: the kit's own search bot with each game's ``search_settings`` (the strength table's
  bot), moving on the kit's state; its move goes to OpenSpiel as the ids of its steps.

Each match is seeded and seat-rotated (game ``i`` puts OpenSpiel's bot in seat ``i % players``,
deals with OpenSpiel ``seed=SEED + i``), at the game's usual player count. The figure is the
bot's win share (the winners share 1) with a 95 % Wilson interval, next to the fair share, and
OpenSpiel's seconds per move (mean and longest). Small numbers of games: about seven minutes in all
(the kit's ismcts, searching in every other seat, takes most of it).

    python benchmarks/openspiel_ismcts.py                     # every game, the default sizes
    python benchmarks/openspiel_ismcts.py --game chefs --games 8 --simulations 40
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import kitchenlab
from kitchenlab import openspiel as kos
from kitchenlab.analysis import search_bot, win_share_interval
from kitchenlab.engine import Rng

#: Games per match by default, against random and against the kit's ismcts (slow: 3 searching seats).
GAMES = {"random": 2, "ismcts": 2}
SIMULATIONS = 10
SEED = 2026


def openspiel_bot(game, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=simulations,
                           random_state=rs)
    bot.set_resampler(kos.seeded_resampler(seed))
    return bot


def play(game_name: str, players: int, others: str, i: int, simulations: int) -> tuple[float, list[float]]:
    """One game: the OpenSpiel bot's return and its seconds per searched move."""
    game = kos.load(game_name, players, seed=SEED + i)
    hero = i % players
    bot = openspiel_bot(game, simulations, SEED + i)
    rs = np.random.RandomState(10_000 + SEED + i)       # chance and the random seats
    kit_bot, kit_rng, schema = search_bot(game_name), Rng(SEED + i), kos.action_schema(game_name, players)
    state, times = game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(actions, p=probs)))
        elif state.current_player() == hero:
            start = time.perf_counter()
            state.apply_action(int(bot.step(state)))
            times.append(time.perf_counter() - start)
        elif others == "random":
            state.apply_action(int(rs.choice(state.legal_actions())))
        else:
            for step in schema.encode_steps(kit_bot(state.kit, kit_rng)):
                state.apply_action(step)
    return state.returns()[hero], times


def match(game_name: str, others: str, n: int, simulations: int) -> dict:
    players = kitchenlab.game_info(game_name).default_players
    wins, times = 0.0, []
    for i in range(n):
        won, t = play(game_name, players, others, i, simulations)
        wins += won
        times += t
    low, high = win_share_interval(wins, n)
    return {"game": game_name, "players": players, "others": others, "games": n, "share": wins / n,
            "low": low, "high": high, "fair": 1 / players, "seconds": sum(times) / max(len(times), 1),
            "longest": max(times, default=0.0)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=kos.schema_games(), help="one game (default: every game)")
    parser.add_argument("--games", type=int, help="games per match (default: 2 each)")
    parser.add_argument("--simulations", type=int, default=SIMULATIONS, help="OpenSpiel ISMCTS simulations a move")
    args = parser.parse_args(argv)
    games = [args.game] if args.game else [g for g in kos.schema_games() if g in kitchenlab.available_games()]
    print(f"OpenSpiel ISMCTSBot, {args.simulations} simulations a move, random rollouts, uct_c=2; seed {SEED}")
    print("| game | players | bots in the others | games | win share | fair share | seconds per move | match s |")
    print("|---|---|---|---|---|---|---|---|")
    start = time.perf_counter()
    for g in games:
        title = kitchenlab.game_info(g).title
        for others in ("random", "ismcts"):
            began = time.perf_counter()
            r = match(g, others, args.games or GAMES[others], args.simulations)
            print(f"| {title} | {r['players']} | {others} | {r['games']} | {r['share']:.0%} "
                  f"({r['low']:.0%}–{r['high']:.0%}) | {r['fair']:.0%} | {r['seconds']:.2f} "
                  f"(longest {r['longest']:.2f}) | {time.perf_counter() - began:.0f} |", flush=True)
    print(f"{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
