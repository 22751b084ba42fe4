"""A search bot that plays fair with hidden information: information-set Monte Carlo tree search.

>>> import kitchenlab
>>> from kitchenlab.engine import Rng
>>> from kitchenlab.search import ismcts_bot
>>> s = kitchenlab.new_game("tem_purr_a", players=3, seed=2)
>>> bot = ismcts_bot(budget=30)
>>> str(bot(s, Rng(5))) == str(bot(s, Rng(5)))      # seeded: the same choice every time
True

How it searches (single-observer ISMCTS, after Cowling, Powley and Whitehouse, 2012)
--------------------------------------------------------------------------------------
Every simulation starts from a fresh sample ``state.determinize(me, seed)``: a state the searching
player cannot tell from the real one, with everything hidden from them (the deck order, the other
hands, plans not yet revealed) dealt again at random. The real state is only ever asked for that
sample and for the moves its player has now, so the bot never uses a card it cannot see, and the
future deck it searches is a guess, not the real one.

One tree is shared by all the samples: a node is a sequence of moves from the real state, and a
move is a child wherever it was legal in the sample that reached it. Going down, a move is chosen
by UCB1 on the mean reward *of the player who makes it*, counting only the times it was available
(its *availability*), so every seat plays for itself. A new node is added per simulation; from
there the sample is played out by random moves (or a given bot) to the end of the game, or, with
``rollout_rounds``, until that many rounds have ended. A finished game rewards its winners with a
share of 1 (1/k each for k tied winners); a game stopped early rewards each seat from the scores
(:func:`rank_rewards`: how many seats it beats and by how much, blended with an even share) — so
this assumes that a higher score is better, as it is in every game of the kit; a seat behind but
still playing stays above a seat that has lost. The move played is the most visited root move.

The flat search (``root="halving"``): policy improvement by playouts
-------------------------------------------------------------------------
Against a good hand-written bot a tree grown from uniform random moves learns too little in a
second. The flat search instead refines that bot (after Tesauro and Galperin, 1996): each move
now is scored by playing a re-dealt sample on with the ``rollout`` bot in every seat to the end
of the game (:func:`end_reward`: the win share, with the score lead as a tie-breaker weighted by
``margin``), every move on the same samples with the same luck in its playout (common random
numbers), and the moves are narrowed by sequential halving (Karnin, Koren and Somekh, 2013):
each of ``ceil(log2(moves))`` rounds spends an equal part of the budget on the moves still in and
keeps the better half. The ``prior`` bot's own move is never dropped, and it is played unless
another move scored more on the same samples. ``kinds`` names the move kinds worth searching;
any other choice is the prior bot's move straight away (where that bot is already exact).

Everything random is drawn from the generator the bot is given (the sample seeds and the playout
moves), so with a simulation budget a bot's choice is a function of what its seat sees and the
generator: the same every run. A time budget (seconds) is not reproducible.
"""

from __future__ import annotations

import math
import time
from typing import Callable

from . import game_info
from .engine import Rng
from .errors import OptionError

#: Simulations per move of the default :data:`ismcts` bot.
DEFAULT_BUDGET = 200
#: How the root move is chosen: ``"tree"`` (the ISMCTS tree) or ``"halving"`` (a flat search).
ROOTS = ("tree", "halving")


class _Node:
    """A tree node: the move that led here, who made it, and its statistics."""

    __slots__ = ("player", "visits", "reward", "avail", "children")

    def __init__(self, player: int | None) -> None:
        self.player = player
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.children: dict = {}


def rank_rewards(state, weight: float = 0.5) -> list[float]:
    """The reward of every seat: win shares when the game is over; before that
    ``weight * (beaten + lead) / 2 + (1 - weight) / players``, where ``beaten`` is the share of the
    other seats whose score the seat beats (ties count half) and ``lead`` its margin over the best
    other score, scaled by the largest score on the table into 0..1 (0.5 = level). So a seat that
    is behind but still playing is worth more than one that has lost, a seat ahead less than one
    that has won, and a bigger lead is worth more.

    >>> import kitchenlab
    >>> rank_rewards(kitchenlab.new_game("tem_purr_a", players=4, seed=1))
    [0.375, 0.375, 0.375, 0.375]
    """
    n = state.players
    if state.is_over:
        won = state.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(n)]
    scores = list(state.scores())
    others = len(scores) - 1
    even = (1 - weight) / max(1, n)
    if others <= 0:
        return [0.5] * n
    scale = max(1, max(abs(x) for x in scores))
    out = []
    for p in range(n):
        mine = scores[p]
        beat = sum((mine > x) + 0.5 * (mine == x) for q, x in enumerate(scores) if q != p) / others
        best_other = max(x for q, x in enumerate(scores) if q != p)
        lead = min(1.0, max(0.0, 0.5 + (mine - best_other) / (2 * scale)))
        out.append(weight * (beat + lead) / 2 + even)
    return out


def end_reward(state, seat: int, margin: float = 0.1) -> float:
    """The reward of ``seat`` in a finished game: ``(1 - margin)`` times its win share (1/k for k
    tied winners) plus ``margin`` times its lead over the best other score, scaled by the largest
    score on the table into 0..1 (0.5 = level). The lead tells two wins (or two losses) apart, so
    a search gets a signal from every playout.

    >>> import kitchenlab
    >>> from kitchenlab.sim import play_game
    >>> final = play_game("diced_veggies", 2, seed=1, bots=["greedy", "greedy"])
    >>> final.scores(), final.winners()
    ([33, 28], [0])
    >>> round(end_reward(final, 0), 4), round(end_reward(final, 1), 4), end_reward(final, 1, margin=0)
    (0.9576, 0.0424, 0.0)
    """
    won = state.winners()
    share = 1.0 / len(won) if seat in won else 0.0
    if not margin:
        return share
    scores = list(state.scores())
    others = [x for q, x in enumerate(scores) if q != seat]
    if not others:
        return share
    scale = max(1, max(abs(x) for x in scores))
    lead = max(-1.0, min(1.0, (scores[seat] - max(others)) / scale))
    return (1 - margin) * share + margin * (0.5 + 0.5 * lead)


class ISMCTS:
    """The bot: ``ISMCTS(budget=200)(state, rng) -> action``.

    ``budget``: simulations per move (an int), or seconds per move (a float; not reproducible).
    ``c``: the UCB1 exploration constant (rewards are in 0..1). ``rollout``: the bot that plays the
    samples out, or the name of one of the game's bots (``None``: uniform random moves). ``rollout_rounds``: stop a playout after this many
    rounds have ended and score the position (``None``: play to the end). ``max_rollout_steps``:
    a hard stop for one playout. ``model_others``: the other seats play the ``rollout`` bot inside
    the tree too (the search then only branches on its own moves), instead of searching theirs.

    ``root``: ``"tree"`` (the ISMCTS tree above) or ``"halving"`` (the flat search: every move now
    scored by ``rollout`` playouts on shared samples, narrowed by sequential halving; ``budget`` is
    then the playouts of one decision, spent in equal parts per halving round, but at least one
    per move still in, so a decision with many moves may take more). ``prior``: a bot (or one of the game's bots, by name) whose move the flat search
    keeps to the end and plays unless another move scores more. ``margin`` (0..1): the weight of
    the score lead beside the win share in a finished playout. ``kinds``: only moves of these kinds
    are searched; where no legal move has one of them, the ``prior`` (else ``rollout``) bot moves.
    The bots are asked on a sample, never on the real state.
    """

    def __init__(self, budget: int | float = DEFAULT_BUDGET, c: float = 0.7, rollout: Callable | str | None = None,
                 rollout_rounds: int | None = None, max_rollout_steps: int = 2000,
                 model_others: bool = False, root: str = "tree", prior: Callable | str | None = None,
                 margin: float = 0.1, kinds: tuple | None = None) -> None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0:
            raise OptionError(f"ismcts: budget must be a number of simulations (an int >= 1) or of seconds "
                              f"(a float > 0); got {budget!r}")
        if rollout_rounds is not None and (not isinstance(rollout_rounds, int) or rollout_rounds < 1):
            raise OptionError(f"ismcts: rollout_rounds must be None or an int >= 1; got {rollout_rounds!r}")
        self.budget, self.c, self.rollout = budget, float(c), rollout
        self.rollout_rounds, self.max_rollout_steps = rollout_rounds, int(max_rollout_steps)
        self.model_others = bool(model_others)
        if root not in ROOTS:
            raise OptionError(f"ismcts: root must be one of {', '.join(ROOTS)}; got {root!r}")
        if root == "halving" and rollout is None:
            raise OptionError("ismcts: root='halving' needs a rollout bot (a bot or the name of one of the "
                              "game's bots): it scores every move by that bot's playouts")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin <= 1:
            raise OptionError(f"ismcts: margin must be a number from 0 to 1; got {margin!r}")
        if kinds is not None and (isinstance(kinds, str) or not kinds or not all(isinstance(k, str) for k in kinds)):
            raise OptionError(f"ismcts: kinds must be None or a non-empty tuple of move kinds; got {kinds!r}")
        if kinds is not None and (prior or rollout) is None:
            raise OptionError("ismcts: kinds needs a prior or rollout bot to play the moves it does not search")
        self.root, self.prior, self.margin = root, prior, float(margin)
        self.kinds = None if kinds is None else frozenset(kinds)
        self._resolved: dict = {}

    def __repr__(self) -> str:
        unit = "simulations" if isinstance(self.budget, int) else "seconds"
        return f"ISMCTS({self.budget} {unit} per move, c={self.c})"

    def __call__(self, state, rng: Rng):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        if self.kinds is not None and not any(str(a.kind) in self.kinds for a in legal):
            sample = state.determinize(me, rng.next64() >> 1)     # not searched: the prior bot's move
            chosen = self._policy(self.prior or self.rollout, state.game)(sample, Rng(rng.next64() >> 1))
            return next((a for a in legal if a == chosen), legal[0])
        if self.root == "halving":
            return self._halving(state, legal, rng, me)[0]
        root = _Node(None)
        if isinstance(self.budget, int):
            for _ in range(self.budget):
                self._simulate(root, state.determinize(me, rng.next64() >> 1), rng, me)
        else:
            deadline = time.perf_counter() + self.budget
            while True:
                self._simulate(root, state.determinize(me, rng.next64() >> 1), rng, me)
                if time.perf_counter() >= deadline:
                    break
        best, best_visits = legal[0], -1
        for a in legal:
            child = root.children.get(a)
            if child is not None and child.visits > best_visits:
                best, best_visits = a, child.visits
        return best

    def root_stats(self, state, rng: Rng) -> list[tuple[str, int, float]]:
        """(move, visits, mean reward for the mover) of every root move after one search."""
        me = state.current_player
        if self.root == "halving":
            return self._halving(state, state.legal_actions(), rng, me)[1]
        root = _Node(None)
        n = self.budget if isinstance(self.budget, int) else 200
        for _ in range(n):
            self._simulate(root, state.determinize(me, rng.next64() >> 1), rng, me)
        return [(str(a), ch.visits, ch.reward / ch.visits if ch.visits else 0.0)
                for a, ch in root.children.items()]

    # -- the flat search: sequential halving over the root moves, scored by policy playouts
    def _halving(self, state, legal: list, rng: Rng, me: int) -> tuple:
        """The move to play and the root statistics, by sequential halving (Karnin, Koren and Somekh,
        2013) over the moves now: in each of ``ceil(log2(moves))`` rounds every surviving move is
        scored on the same re-dealt samples, each played out by the rollout bot from the same
        generator (common random numbers, so two moves are compared on the same luck), and the
        better half goes on. The ``prior`` bot's move always goes on and keeps the choice unless
        another move scored more on the same samples. A sample is one ``determinize`` of the real
        state, so the search sees nothing its seat cannot."""
        samples: list = []                       # (sample, seed of its playouts), shared by every move

        def sample(i: int):
            while len(samples) <= i:
                samples.append((state.determinize(me, rng.next64() >> 1), rng.next64() >> 1))
            return samples[i]

        default = None
        if self.prior is not None:               # the prior bot, asked on a sample: it sees what the seat sees
            first, seed = sample(0)
            default = self._policy(self.prior, state.game)(first, Rng(seed))
            default = next((a for a in legal if a == default), None)
        alive = list(legal)
        total = [0.0] * len(legal)
        count = [0] * len(legal)
        index = {id(a): k for k, a in enumerate(legal)}
        rounds = max(1, math.ceil(math.log2(len(legal))))
        timed = not isinstance(self.budget, int)
        deadline = time.perf_counter() + self.budget if timed else None
        for r in range(rounds):
            if timed:
                stop = time.perf_counter() + (deadline - time.perf_counter()) / (rounds - r)
            else:
                per = max(1, self.budget // (rounds * len(alive)))
            start = i = count[index[id(alive[0])]]        # every survivor has seen samples 0..i-1
            while True:
                s, seed = sample(i)
                for a in alive:
                    k = index[id(a)]
                    total[k] += self._score(s.apply(a), seed, me)
                    count[k] += 1
                i += 1
                if (time.perf_counter() >= stop) if timed else i - start >= per:
                    break
            if len(alive) <= 2 and r < rounds - 1:
                continue
            alive.sort(key=lambda a: (-total[index[id(a)]], a is not default))
            keep = alive[:max(1, (len(alive) + 1) // 2)] if r < rounds - 1 else alive
            if default is not None and default in alive and default not in keep:
                keep.append(default)
            alive = keep
        best = max(alive, key=lambda a: (total[index[id(a)]], a is default))
        stats = [(str(a), count[k], total[k] / count[k] if count[k] else 0.0) for k, a in enumerate(legal)]
        return best, stats

    def _score(self, state, seed: int, me: int) -> float:
        """The reward of seat ``me`` after the rollout bot plays ``state`` out."""
        end = self._playout(state, Rng(seed))
        return end_reward(end, me, self.margin) if end.is_over else rank_rewards(end)[me]

    def _policy(self, bot, game: str):
        if isinstance(bot, str):
            got = self._resolved.get((game, bot))
            if got is None:
                got = self._resolved[(game, bot)] = game_info(game).bot(bot)
            return got
        return bot

    # -- one simulation
    def _move(self, state, rng: Rng):
        """A move of the playout policy."""
        bot = self.rollout
        if bot is not None:
            return self._policy(bot, state.game)(state, rng)
        legal = state.legal_actions()
        return legal[rng.randbelow(len(legal))] if len(legal) > 1 else legal[0]

    def _simulate(self, root: _Node, state, rng: Rng, me: int) -> None:
        node, path, c = root, [], self.c
        model = self.model_others
        while not state.is_over:
            if model and state.current_player != me:
                state = state.apply(self._move(state, rng))
                continue
            legal = state.legal_actions()
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
                child = children[a] = _Node(state.current_player)
                child.avail = 1
                state = state.apply(a)
                path.append(child)
                break
            best, best_value = None, -1.0
            for a in legal:
                child = children[a]
                value = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            state = state.apply(best)
            path.append(node)
        rewards = rank_rewards(self._playout(state, rng))
        for n in path:
            n.visits += 1
            n.reward += rewards[n.player]

    def _playout(self, state, rng: Rng):
        start_round = state.round
        rounds = self.rollout_rounds
        for _ in range(self.max_rollout_steps):
            if state.is_over:
                break
            if rounds is not None and start_round is not None and state.round - start_round >= rounds:
                break
            state = state.apply(self._move(state, rng))
        return state


def ismcts_bot(budget: int | float = DEFAULT_BUDGET, **knobs) -> ISMCTS:
    """An ISMCTS bot with ``budget`` simulations (int) or seconds (float) per move; ``knobs``: see
    :class:`ISMCTS`. The bot is a picklable object, so process pools can run it."""
    return ISMCTS(budget, **knobs)


#: The :class:`ISMCTS` keywords of a game that declares none (``GameInfo.search_settings``).
DEFAULT_SETTINGS: dict = {"budget": 50, "rollout_rounds": 1}


def game_settings(game: str) -> dict:
    """The :class:`ISMCTS` keywords the ``ismcts`` bot uses in ``game``: its GameInfo's
    ``search_settings`` (chosen by seeded matches, ``benchmarks/strength.py``), or
    :data:`DEFAULT_SETTINGS` where the game declares none."""
    return dict(game_info(game).search_settings or DEFAULT_SETTINGS)


class TunedISMCTS:
    """The ``ismcts`` bot: an :class:`ISMCTS` with :func:`game_settings` for the game it plays."""

    def __init__(self) -> None:
        self._bots: dict[str, ISMCTS] = {}

    def __repr__(self) -> str:
        return "ismcts"

    def __call__(self, state, rng: Rng):
        bot = self._bots.get(state.game)
        if bot is None:
            bot = self._bots[state.game] = ISMCTS(**game_settings(state.game))
        return bot(state, rng)


#: The search bot every game shares (``"ismcts"`` in every game's bots via ``kitchenlab.sim``).
ismcts = TunedISMCTS()


__all__ = ["DEFAULT_BUDGET", "DEFAULT_SETTINGS", "ISMCTS", "ROOTS", "TunedISMCTS", "end_reward",
           "game_settings", "ismcts", "ismcts_bot", "rank_rewards"]
