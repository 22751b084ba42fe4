"""Every kit game as an OpenSpiel game (needs the optional ``open-spiel`` package).

Importing this module registers every game that has an action schema (``register_all()`` does it
again, harmlessly, and registers games installed since):

>>> import pyspiel, kitchenlab.openspiel as kos
>>> game = pyspiel.load_game("kitchenlab_tem_purr_a", {"players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 26)
>>> str(game.get_type().chance_mode)
'ChanceMode.SAMPLED_STOCHASTIC'

What OpenSpiel sees
-------------------
* ``kitchenlab_<name>`` with the parameters ``players``, ``seed`` and the game's variant options.
  Sequential, imperfect information, general sum, terminal rewards.
* **Chance is sampled, and says so.** The start is a chance node, the deal, with one listed outcome
  (action 0); applying it draws the kit's seed for the game from all 2**64 seeds, by a generator of
  the loaded game seeded by the system (``seed=-1``, the default) or by ``seed`` (runs then repeat,
  and whoever knows that seed knows the deals: keep it from the seats). Why sampled: a kit state
  carries its own seeded generator, and every later draw (cards drawn, reshuffles, refills) happens
  inside the kit's apply. Listing those draws as chance nodes would mean rewriting every game's
  rules, and listing a small set of seeds (this adapter once offered 16) lets a seat match its first
  observation against them and rebuild every hidden card and the future deck. Where the kit lists
  an outcome exactly (``state.chance_outcomes(action)``: an uncertain Tem-Purr-A eat), OpenSpiel
  sees the decision "eat", then a chance node "indigestion" / "safe" with the exact risk. A state's
  ``serialize()`` / ``deserialize_state`` round-trip (the pickle holds the deal's seed);
  ``random_sim_test`` needs ``serialize=False``, as OpenSpiel would also save the generator of a
  sampled game, which a Python game cannot hand over.
* **What a seat is shown comes from what it may see.** ``observation_string(p)``: ``view(p)`` as
  JSON (``view(None)`` for the public observation). ``information_state_string(p)``: the seat's own
  log ``log_for(p)`` with ``view(p)``, its history of observations, so two states the seat cannot
  tell apart give the same string. Neither reads the real state beyond those; no tensors. Action
  strings name no seed ("deal"), and a move is spelt out only for the player to act.
* ``resample_from_infostate(p, sampler)``: a state ``p`` cannot tell from this one, re-dealt by
  the kit's ``determinize(p, seed)`` with a 64-bit seed from two draws of ``sampler``; so
  OpenSpiel's own ``ISMCTSBot`` plays every kit game fairly (:func:`seeded_resampler` makes its
  samples repeatable). A resampled state is for search and cannot be serialised.
* Returns: the winners share 1 (in solo Critter Kitchen the automated rival may win: the player
  gets 0). ``max_game_length``: the game's ``max_steps`` (decisions; chance nodes come on top)
  times the most steps of one move.

Stable action ids
-----------------
Every move has an id built from its typed fields (the game's *action schema*, the
``openspiel_schema`` hook of its GameInfo, built with :mod:`kitchenlab.openspiel_ids`), never from
its place in a list: the same move has the same id in every state, and ``num_distinct_actions`` is a true bound.
Where a move is a combination it is either ranked (a Chefs take or door payment, among the count
tuples of its cards) or **built in steps**: a Diced Veggies cook is the recipe, then its dice one
at a time (the kit's sorted order), each step an OpenSpiel decision of the same player, and the
cook is applied to the kit's state with its last die (Critter Kitchen's meals are made in steps by
the kit itself). Mid-move, the observation and the state's string end with the steps chosen so
far.

A game without a schema cannot be registered (:func:`register` raises a ``KitchenlabError`` saying
the game has no OpenSpiel action schema).
"""

from __future__ import annotations

import json
import os
from typing import Callable, Sequence

import pyspiel

from . import game_info
from .engine import Rng, chain_items, chain_push
from .errors import KitchenlabError
from .openspiel_ids import ActionSchema, action_schema, count_tuples, schema_games  # noqa: F401 (re-exported)

#: The text of a state (and of every observation) before the deal.
NOT_DEALT = "not dealt yet"
#: How many seeds :meth:`KitState.resample_from_infostate` tries before it gives up.
RESAMPLE_TRIES = 20


# ---------------------------------------------------------------------------- game and state


def short_name(game: str) -> str:
    return f"kitchenlab_{game}"


def _param_value(option):
    """An option's default as an OpenSpiel parameter (int, float, bool or str)."""
    d = option.default
    return d if isinstance(d, (bool, int, float, str)) else str(d)


def game_type(game: str) -> pyspiel.GameType:
    info = game_info(game)
    params = {"players": info.default_players, "seed": -1}
    params.update({o.name: _param_value(o) for o in info.options})
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"kitchenlab {info.title} (sampled chance: a 64-bit seed per deal; "
                  "exact outcomes listed where the kit has them)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.players),
        min_num_players=min(info.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


class GameContext:
    """What a state needs of its game: plain values, shared by every clone of a state and
    pickled (by OpenSpiel's state serialisation) as the game's name and parameters only."""

    def __init__(self, kit_name: str, players: int, variants: dict) -> None:
        self.kit_name, self.players = kit_name, players
        self.variants = dict(variants)
        self.schema = action_schema(kit_name, players)

    def __deepcopy__(self, memo) -> "GameContext":
        return self

    def __reduce__(self):
        return (context, (self.kit_name, self.players, tuple(sorted(self.variants.items()))))

    def kit_state(self, seed: int):
        """The kit's game dealt with ``seed``."""
        return game_info(self.kit_name).new_game(players=self.players, seed=seed, **self.variants)


_CONTEXTS: dict[tuple, GameContext] = {}


def context(kit_name: str, players: int, variants: tuple) -> GameContext:
    """The (shared) context of a game with these parameters."""
    key = (kit_name, players, variants)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = GameContext(kit_name, players, dict(variants))
    return ctx


class DealSource:
    """Where a game's deals come from: a generator that draws each deal's 64-bit seed, seeded by
    the game's ``seed`` parameter, or for ``seed=-1`` (the default) by the operating system's
    entropy. One per loaded game, shared by all its states and their clones (so two clones dealt
    one after the other get different deals)."""

    def __init__(self, seed: int) -> None:
        if seed == -1:
            self.rng = Rng(raw_state=int.from_bytes(os.urandom(8), "little"))
        elif seed < 0:
            raise KitchenlabError(f"OpenSpiel seed must be -1 (deals seeded by the system) or 0 and up, got {seed}")
        else:
            self.rng = Rng(seed)

    def __deepcopy__(self, memo) -> "DealSource":
        return self

    def draw(self) -> int:
        """The next deal's seed, uniform over 0 .. 2**64 - 1."""
        return self.rng.next64()


class Node:
    """One point of the OpenSpiel game: the kit state (``None`` before the deal), the kit move
    and the outcomes of a pending chance node, the steps chosen so far of a move made in steps
    (``partial``, ids), and the OpenSpiel actions that led here. ``deal`` is the seed the kit dealt
    the game with (``None`` for a state resampled from what one seat knows: such a state is a
    sample for search and cannot be serialised). Immutable: clones share it; it pickles as (game,
    deal, actions) and is rebuilt by replaying them (:func:`replay`)."""

    __slots__ = ("ctx", "deal", "path", "kit", "chosen", "pending", "moves", "partial")

    def __init__(self, ctx: GameContext, deal, path, kit, chosen=None, pending=None, moves=None,
                 partial=()) -> None:
        self.ctx, self.deal, self.path, self.kit = ctx, deal, path, kit
        self.chosen, self.pending, self.moves, self.partial = chosen, pending, moves, partial

    def __deepcopy__(self, memo) -> "Node":
        return self

    def __reduce__(self):
        if self.kit is not None and self.deal is None:
            raise KitchenlabError(f"{self.ctx.kit_name}: this state was resampled from what one seat knows (or "
                                  "made from a kit state); it is a sample for search and cannot be serialised")
        return (replay, (self.ctx, self.deal, chain_items(self.path)))

    @property
    def is_chance(self) -> bool:
        return self.kit is None or self.pending is not None

    def legal(self) -> dict:
        """The legal decisions by id (built once): the kit's move an id makes, or, for a step of a
        move made in steps, the decisions that may follow it (a dict of the same shape)."""
        if self.moves is None:
            self.moves = move_tree(self.ctx.schema, self.kit.legal_actions(), self.ctx.kit_name)
        return self.moves

    def so_far(self) -> str:
        """The steps chosen so far of a move made in steps, in words ("" when none)."""
        return "; ".join(self.ctx.schema.describe(i) for i in self.partial)

    def dealt(self, seed: int) -> "Node":
        """The node after the deal (OpenSpiel's chance action 0) with the kit seed ``seed``."""
        if self.kit is not None:
            raise KitchenlabError(f"{self.ctx.kit_name}: the game is already dealt")
        return Node(self.ctx, seed, chain_push(self.path, 0), self.ctx.kit_state(seed))

    def step(self, action: int) -> "Node":
        """The node after OpenSpiel action ``action`` (a listed chance outcome or a move id)."""
        ctx, path = self.ctx, chain_push(self.path, action)
        if self.kit is None:
            raise KitchenlabError(f"{ctx.kit_name}: the deal is drawn by the game (chance action 0), not stepped")
        if self.pending is not None:
            if not 0 <= action < len(self.pending):
                raise KitchenlabError(f"{ctx.kit_name}: chance outcome {action} is outside 0..{len(self.pending) - 1}")
            return Node(ctx, self.deal, path, self.pending[action][2])
        move = self.legal().get(action)
        if move is None:
            raise KitchenlabError(f"{ctx.kit_name}: action id {action} is not legal now; legal: {sorted(self.legal())}")
        if isinstance(move, dict):         # one step of a move made in steps: the same player goes on
            return Node(ctx, self.deal, path, self.kit, None, None, move, self.partial + (action,))
        outcomes = self.kit.chance_outcomes(move)
        if outcomes:
            return Node(ctx, self.deal, path, self.kit, move, tuple(outcomes))
        return Node(ctx, self.deal, path, self.kit.apply(move))

    def with_kit(self, kit) -> "Node | None":
        """This node over another kit state (a sample): the same pending chance move or steps so
        far, rebuilt on ``kit``; ``None`` if they do not fit it. The result cannot be serialised."""
        node = Node(self.ctx, None, self.path, kit)
        if self.pending is not None:
            legal = kit.legal_actions()
            if self.chosen not in legal:
                return None
            outcomes = kit.chance_outcomes(self.chosen)
            if not outcomes or [label for _, label, _ in outcomes] != [label for _, label, _ in self.pending]:
                return None
            return Node(self.ctx, None, self.path, kit, self.chosen, tuple(outcomes))
        level = node.legal()
        for i in self.partial:
            level = level.get(i)
            if not isinstance(level, dict):
                return None
        if self.partial:
            return Node(self.ctx, None, self.path, kit, None, None, level, self.partial)
        return node


def move_tree(schema: ActionSchema, legal, game: str = "") -> dict:
    """The legal moves by id; a move made in steps sits under its first ids (a tree of dicts)."""
    if schema.steps is None:
        enc = schema.encode
        tree = {enc(a): a for a in legal}
        if len(tree) != len(legal):
            raise KitchenlabError(f"{game}: two legal moves share an action id; moves: {'; '.join(map(str, legal))}")
        return tree
    tree: dict = {}
    for a in legal:
        *first, last = schema.encode_steps(a)
        level = tree
        for i in first:
            level = level.setdefault(i, {})
            if not isinstance(level, dict):
                raise KitchenlabError(f"{game}: the steps of {a} start with another whole move (id {i})")
        if last in level:
            raise KitchenlabError(f"{game}: {a} and {level[last]} share the action ids "
                                  f"{schema.encode_steps(a)}")
        level[last] = a
    return tree


def root(ctx: GameContext) -> Node:
    """The first node: the deal, a chance node."""
    return Node(ctx, None, None, None)


def replay(ctx: GameContext, deal: int | None, actions: Sequence[int]) -> Node:
    """The node reached by dealing with kit seed ``deal`` and playing ``actions`` (OpenSpiel
    action ids, the first one the deal's chance action 0) from the start."""
    node = root(ctx)
    if not actions:
        return node
    if actions[0] != 0 or deal is None:
        raise KitchenlabError(f"{ctx.kit_name}: a history starts with the deal (chance action 0) and its seed")
    node = node.dealt(deal)
    for a in actions[1:]:
        node = node.step(a)
    return node


def seed_from(sampler: Callable[[], float]) -> int:
    """A 64-bit seed from two draws of ``sampler`` (uniform on [0, 1), as OpenSpiel's samplers)."""
    hi, lo = (int(sampler() * 2**32) & 0xFFFFFFFF for _ in range(2))
    return hi << 32 | lo


class KitGame(pyspiel.Game):
    """One kit game for OpenSpiel (made by :func:`register`, loaded with ``pyspiel.load_game``)."""

    kit_name: str = ""

    def __init__(self, params=None):
        params = dict(params or {})
        info = game_info(self.kit_name)
        gtype = game_type(self.kit_name)
        spec = gtype.parameter_specification
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise KitchenlabError(f"{self.kit_name}: unknown OpenSpiel parameter(s) {', '.join(unknown)}; "
                                  f"parameters: {', '.join(spec)}")
        full = {**spec, **params}
        players, seed = int(full["players"]), int(full["seed"])
        variants = {o.name: full[o.name] for o in info.options}
        info.new_game(players=players, seed=0, **variants)   # bad players or options fail here
        self.ctx = context(self.kit_name, players, tuple(sorted(variants.items())))
        self.deals = DealSource(seed)
        ginfo = pyspiel.GameInfo(
            num_distinct_actions=self.ctx.schema.size,
            max_chance_outcomes=2,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=info.max_steps * self.ctx.schema.move_steps,
        )
        super().__init__(gtype, ginfo, params)

    def new_initial_state(self):
        return KitState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        public_only = (iig_obs_type is not None
                       and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(public_only, recall)


class KitState(pyspiel.State):
    """An OpenSpiel state: a thin shell around a :class:`Node` (``kit`` is the kit's state)."""

    def __init__(self, game: KitGame):
        super().__init__(game)
        self._node = root(game.ctx)
        self._deals = game.deals

    @property
    def kit(self):
        """The kit's state (``None`` before the deal); during a chance node, the state before it."""
        return self._node.kit

    def current_player(self):
        node = self._node
        if node.is_chance:
            return pyspiel.PlayerId.CHANCE
        p = node.kit.current_player
        return pyspiel.PlayerId.TERMINAL if p is None else p

    def is_terminal(self):
        node = self._node
        return not node.is_chance and node.kit.is_over

    def _legal_actions(self, player):
        return sorted(self._node.legal())

    def chance_outcomes(self):
        node = self._node
        if node.kit is None:
            return [(0, 1.0)]          # the deal: one listed outcome, its seed drawn when applied
        return [(i, float(prob)) for i, (prob, _, _) in enumerate(node.pending)]

    def _apply_action(self, action):
        node = self._node
        if node.kit is None:
            if action != 0:
                raise KitchenlabError(f"{node.ctx.kit_name}: the deal has one chance action, 0; got {action}")
            self._node = node.dealt(self._deals.draw())
        else:
            self._node = node.step(action)

    def _action_to_string(self, player, action):
        node = self._node
        if player == pyspiel.PlayerId.CHANCE:
            if node.kit is None:
                return "deal"
            if node.pending is not None and 0 <= action < len(node.pending):
                return node.pending[action][1]
            return f"chance outcome {action}"
        if not node.is_chance and not node.kit.is_over and player == node.kit.current_player:
            move = node.legal().get(action)
            if move is not None and not isinstance(move, dict):
                return str(move)
        return node.ctx.schema.describe(action)

    def returns(self):
        n = self._node.ctx.players
        if not self.is_terminal():
            return [0.0] * n
        won = self._node.kit.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(n)]

    def resample_from_infostate(self, player, sampler):
        """A state that ``player`` cannot tell from this one (the same information state string),
        everything hidden from it re-dealt by the kit's ``determinize(player, seed)``, the seed drawn
        from ``sampler`` (OpenSpiel's ``UniformProbabilitySampler`` or any callable giving floats in
        [0, 1)). The sample is for search: it cannot be serialised."""
        node = self._node
        if node.kit is None:
            return self.clone()
        for _ in range(RESAMPLE_TRIES):
            sample = node.with_kit(node.kit.determinize(player, seed_from(sampler)))
            if sample is not None:
                state = self.clone()
                state._node = sample
                return state
        raise KitchenlabError(f"{node.ctx.kit_name}: no re-deal of what seat {player} cannot see fits the move "
                              f"in progress ({RESAMPLE_TRIES} tries)")

    def __str__(self):
        node = self._node
        if node.kit is None:
            return NOT_DEALT
        text = json.dumps(node.kit.view(None), sort_keys=True, default=str)
        if node.pending is not None:
            text += " | chance: " + " / ".join(label for _, label, _ in node.pending)
        if node.partial:
            text += " | move so far: " + node.so_far()
        return text


def from_kit(game: KitGame, kit) -> KitState:
    """An OpenSpiel state of ``game`` at the kit state ``kit`` (after the deal, e.g. a
    ``determinize`` sample or a taught position); its history is the deal alone and it cannot be
    serialised."""
    if kit.game != game.kit_name or kit.players != game.num_players():
        raise KitchenlabError(f"from_kit: a {kit.game} state of {kit.players} players does not fit "
                              f"{game.get_type().short_name} at {game.num_players()} players")
    state = game.new_initial_state()
    state._node = Node(game.ctx, None, chain_push(None, 0), kit)
    return state


class ViewObserver:
    """Observation and information state strings from what one seat may see (no tensor).

    The observation is ``view(player)`` (``view(None)`` for the public observation) as JSON; the
    information state (``perfect_recall``) adds the seat's own log, ``log_for(player)``: the
    seat's history of observations. Mid-move, both end with the steps chosen so far; at a listed
    chance outcome, with "chance pending". Before the deal both say ``NOT_DEALT``."""

    def __init__(self, public_only: bool = False, perfect_recall: bool = False):
        self.public_only, self.perfect_recall = public_only, perfect_recall
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        node = state._node
        if node.kit is None:
            return NOT_DEALT
        seat = None if self.public_only else player
        shown = node.kit.view(seat)
        if self.perfect_recall:
            shown = {"log": list(node.kit.log_for(seat)), "view": shown}
        text = json.dumps(shown, sort_keys=True, default=str)
        if node.pending is not None:
            text += " | chance pending"
        if node.partial:
            text += " | move so far: " + node.so_far()
        return text


# ---------------------------------------------------------------------------- registration

_REGISTERED: set[str] = set()


def register(game: str) -> str:
    """Register ``game`` with OpenSpiel as ``kitchenlab_<game>`` (once); returns the short name."""
    name = short_name(game)
    if game in _REGISTERED:
        return name
    if not game_info(game).openspiel_schema:
        action_schema(game, 0)       # raises, saying the game has no OpenSpiel action schema
    if name not in pyspiel.registered_names():    # a second import of this module keeps the first
        cls = type(f"KitGame_{game}", (KitGame,), {"kit_name": game})
        pyspiel.register_game(game_type(game), cls)
    _REGISTERED.add(game)
    return name


def register_all() -> tuple[str, ...]:
    """Register every available game that has an action schema (done when this module is
    imported; calling it again registers games installed since); returns their short names."""
    return tuple(register(g) for g in schema_games())


def load(game: str, players: int | None = None, **params) -> KitGame:
    """``pyspiel.load_game`` for a kit game (registering it first)."""
    register(game)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(game), params)


# ---------------------------------------------------------------------------- for reading


def action_table(game: str, players: int, limit: int | None = None) -> list[dict]:
    """Every action id of ``game`` with its move kind and fields (the first ``limit`` rows)."""
    schema = action_schema(game, players)
    n = schema.size if limit is None else min(limit, schema.size)
    return [{"id": i, "move": schema.describe(i)} for i in range(n)]


def _random_play(game: KitGame, seed: int, stop, max_steps: int):
    """Seeded uniform random play from a new state until ``stop(state)``; the state, or ``None``."""
    rng = Rng(seed)
    state = game.new_initial_state()
    for _ in range(max_steps):
        if state.is_terminal():
            return None
        if stop(state):
            return state
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return None


def first_chance_node(game: KitGame, seed: int = 0, max_steps: int = 10_000):
    """The first listed chance outcome after the deal reached by seeded uniform random play
    (``None`` if the game ends first): a state to show what OpenSpiel sees at an uncertain outcome."""
    return _random_play(game, seed, lambda s: s._node.pending is not None, max_steps)


def first_move_in_steps(game: KitGame, seed: int = 0, max_steps: int = 10_000):
    """The first state reached by seeded uniform random play where a legal move is made in
    several steps (a Diced Veggies cook), or ``None``: a state to show such a move."""
    def staged(s):
        return not s.is_chance_node() and any(isinstance(m, dict) for m in s._node.legal().values())
    return _random_play(game, seed, staged, max_steps)


def steps_table(state, which: int = -1) -> list[dict]:
    """The decisions that make one legal move made in steps (``which``: its place among them, in the
    kit's order): per step its id, what it says, and how many choices there are at that point."""
    node = state._node
    schema = node.ctx.schema
    if node.kit is None:
        raise KitchenlabError(f"{node.ctx.kit_name}: the game is not dealt yet; no move is legal")
    staged = [a for a in node.kit.legal_actions() if len(schema.encode_steps(a)) > 1]
    if not staged:
        raise KitchenlabError(f"{node.ctx.kit_name}: no legal move here is made in steps")
    move = staged[which]
    ids, level, rows = schema.encode_steps(move), node.legal(), []
    for k, i in enumerate(ids):
        last = k == len(ids) - 1
        rows.append({"step": k + 1, "id": i, "decision": str(move) if last else schema.describe(i),
                     "choices here": len(level)})
        level = level[i]
    return rows


def chance_table(state) -> list[dict]:
    """The outcomes of a chance node: id, what happens, OpenSpiel's probability and the kit's exact one."""
    node = state._node
    if node.pending is None:
        return [{"id": a, "outcome": state.action_to_string(a), "probability": p, "exact": None}
                for a, p in state.chance_outcomes()]
    return [{"id": i, "outcome": label, "probability": float(p), "exact": str(p)}
            for i, (p, label, _) in enumerate(node.pending)]


def seeded_resampler(seed: int):
    """A resampler for OpenSpiel's ``ISMCTSBot.set_resampler``: ``resample_from_infostate`` with a
    seeded sampler, so a search is repeatable (OpenSpiel's default sampler is seeded by the clock)."""
    sampler = pyspiel.UniformProbabilitySampler(int(seed) % 2**31, 0.0, 1.0)

    def resample(state, player):
        return state.resample_from_infostate(player, sampler)
    return resample


register_all()

__all__ = ["action_table", "chance_table", "count_tuples", "first_chance_node", "first_move_in_steps",
           "from_kit", "seed_from", "seeded_resampler", "steps_table", "ActionSchema", "DealSource",
           "GameContext", "Node", "KitGame", "KitState", "NOT_DEALT", "ViewObserver", "action_schema",
           "context", "move_tree", "game_type", "load", "replay", "root", "register", "register_all",
           "schema_games", "short_name"]
