"""Every kit game as an OpenSpiel game (needs the optional ``open-spiel`` package).

>>> import pyspiel, kitchenlab.openspiel as kos
>>> names = kos.register_all()
>>> game = pyspiel.load_game("kitchenlab_tem_purr_a", {"players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 26)

What OpenSpiel sees
-------------------
* ``kitchenlab_<name>`` with the parameters ``players``, ``seed``, ``deals`` and the game's variant
  options. Sequential, imperfect information, explicit chance, general sum, terminal rewards.
* The start is a chance node, the deal: ``deals`` equally likely outcomes, outcome ``i`` being the
  kit's deal with seed ``seed + i``. Later chance nodes appear wherever the kit lists a chance
  outcome exactly (``state.chance_outcomes(action)``): an uncertain Tem-Purr-A eat is the decision
  "eat", then a chance node "indigestion" / "safe" with the exact risk. **All other randomness
  stays inside the kit's apply** (the cards drawn once an outcome is fixed, reshuffles, refills),
  seeded by the deal, so a game is a pure function of its history (what OpenSpiel's
  serialisation replays); the game's long name says so.
* Observation strings: ``view(player)`` as JSON (``view(None)`` for the public observation); no
  information states or tensors (the views do not recall the past). Returns: the winners share 1
  (in solo Critter Kitchen the automated rival may win: the player gets 0). ``max_game_length``:
  the game's ``max_steps`` (decisions; chance nodes come on top) times the most steps of one move.

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
far. ``max_game_length`` is then the game's ``max_steps`` times the most steps of one move.

A game without a schema cannot be registered (:func:`register` raises a ``KitchenlabError`` saying
the game has no OpenSpiel action schema).
"""

from __future__ import annotations

import json
from typing import Sequence

import pyspiel

from . import game_info
from .engine import chain_items, chain_push
from .errors import KitchenlabError
from .openspiel_ids import ActionSchema, action_schema, count_tuples, schema_games  # noqa: F401 (re-exported)

#: Deals the start chance node chooses from by default.
DEFAULT_DEALS = 16


# ---------------------------------------------------------------------------- game and state


def short_name(game: str) -> str:
    return f"kitchenlab_{game}"


def _param_value(option):
    """An option's default as an OpenSpiel parameter (int, float, bool or str)."""
    d = option.default
    return d if isinstance(d, (bool, int, float, str)) else str(d)


def game_type(game: str) -> pyspiel.GameType:
    info = game_info(game)
    params = {"players": info.default_players, "seed": 0, "deals": DEFAULT_DEALS}
    params.update({o.name: _param_value(o) for o in info.options})
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"kitchenlab {info.title} (listed chance: the deal and exact outcomes; "
                  "other draws sampled inside apply)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.players),
        min_num_players=min(info.players),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


class GameContext:
    """What a state needs of its game: plain values, shared by every clone of a state and
    pickled (by OpenSpiel's state serialisation) as the game's name and parameters only."""

    def __init__(self, kit_name: str, players: int, seed: int, deals: int, variants: dict) -> None:
        self.kit_name, self.players, self.seed, self.deals = kit_name, players, seed, deals
        self.variants = dict(variants)
        self.schema = action_schema(kit_name, players)
        self._dealt: dict[int, object] = {}

    def __deepcopy__(self, memo) -> "GameContext":
        return self

    def __reduce__(self):
        return (context, (self.kit_name, self.players, self.seed, self.deals, tuple(sorted(self.variants.items()))))

    def kit_state(self, deal: int = 0):
        """The kit's state after deal ``deal`` (seed ``seed + deal``); kit states are values, so
        each deal is made once."""
        s = self._dealt.get(deal)
        if s is None:
            if len(self._dealt) >= 256:
                self._dealt.clear()
            s = self._dealt[deal] = game_info(self.kit_name).new_game(
                players=self.players, seed=self.seed + deal, **self.variants)
        return s


_CONTEXTS: dict[tuple, GameContext] = {}


def context(kit_name: str, players: int, seed: int, deals: int, variants: tuple) -> GameContext:
    """The (shared) context of a game with these parameters."""
    key = (kit_name, players, seed, deals, variants)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = GameContext(kit_name, players, seed, deals, dict(variants))
    return ctx


class Node:
    """One point of the OpenSpiel game: the kit state (``None`` before the deal), the outcomes of
    a pending chance node, the steps chosen so far of a move made in steps (``partial``, ids), and
    the OpenSpiel actions that led here. Immutable: clones share it, and it pickles as (game,
    actions) and is rebuilt by replaying them (:func:`replay`)."""

    __slots__ = ("ctx", "path", "kit", "pending", "moves", "partial")

    def __init__(self, ctx: GameContext, path, kit, pending=None, moves=None, partial=()) -> None:
        self.ctx, self.path, self.kit, self.pending = ctx, path, kit, pending
        self.moves, self.partial = moves, partial

    def __deepcopy__(self, memo) -> "Node":
        return self

    def __reduce__(self):
        return (replay, (self.ctx, chain_items(self.path)))

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

    def step(self, action: int) -> "Node":
        """The node after OpenSpiel action ``action`` (a chance outcome or a move id)."""
        ctx, path = self.ctx, chain_push(self.path, action)
        if self.kit is None:
            if not 0 <= action < ctx.deals:
                raise KitchenlabError(f"{ctx.kit_name}: deal {action} is outside 0..{ctx.deals - 1}")
            return Node(ctx, path, ctx.kit_state(action))
        if self.pending is not None:
            if not 0 <= action < len(self.pending):
                raise KitchenlabError(f"{ctx.kit_name}: chance outcome {action} is outside 0..{len(self.pending) - 1}")
            return Node(ctx, path, self.pending[action][2])
        move = self.legal().get(action)
        if move is None:
            raise KitchenlabError(f"{ctx.kit_name}: action id {action} is not legal now; legal: {sorted(self.legal())}")
        if isinstance(move, dict):         # one step of a move made in steps: the same player goes on
            return Node(ctx, path, self.kit, None, move, self.partial + (action,))
        outcomes = self.kit.chance_outcomes(move)
        if outcomes:
            return Node(ctx, path, self.kit, tuple(outcomes))
        return Node(ctx, path, self.kit.apply(move))


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
    """The first node: the deal (a chance node), or the only deal when ``deals`` is 1."""
    return Node(ctx, None, None if ctx.deals > 1 else ctx.kit_state(0))


def replay(ctx: GameContext, actions: Sequence[int]) -> Node:
    """The node reached by playing ``actions`` (OpenSpiel action ids) from the start."""
    node = root(ctx)
    for a in actions:
        node = node.step(a)
    return node


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
        players, seed, deals = int(full["players"]), int(full["seed"]), int(full["deals"])
        if deals < 1:
            raise KitchenlabError(f"{self.kit_name}: deals must be 1 or more, got {deals}")
        variants = {o.name: full[o.name] for o in info.options}
        info.new_game(players=players, seed=seed, **variants)   # bad players or options fail here
        self.ctx = context(self.kit_name, players, seed, deals, tuple(sorted(variants.items())))
        ginfo = pyspiel.GameInfo(
            num_distinct_actions=self.ctx.schema.size,
            max_chance_outcomes=max(deals, 2),
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
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise KitchenlabError(f"{self.kit_name}: no information states (perfect recall) are provided; "
                                  "observations are the current view only")
        public_only = (iig_obs_type is not None
                       and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        return ViewObserver(public_only)


class KitState(pyspiel.State):
    """An OpenSpiel state: a thin shell around a :class:`Node` (``kit`` is the kit's state)."""

    def __init__(self, game: KitGame):
        super().__init__(game)
        self._node = root(game.ctx)

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
            p = 1.0 / node.ctx.deals
            return [(i, p) for i in range(node.ctx.deals)]
        return [(i, float(prob)) for i, (prob, _, _) in enumerate(node.pending)]

    def _apply_action(self, action):
        self._node = self._node.step(action)

    def _action_to_string(self, player, action):
        node = self._node
        if player == pyspiel.PlayerId.CHANCE:
            if node.kit is None:
                return f"deal {action} (seed {node.ctx.seed + action})"
            if node.pending is not None and 0 <= action < len(node.pending):
                return node.pending[action][1]
            return f"chance outcome {action}"
        if not node.is_chance and not node.kit.is_over:
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

    def __str__(self):
        node = self._node
        if node.kit is None:
            return "not dealt yet"
        text = json.dumps(node.kit.view(None), sort_keys=True, default=str)
        if node.pending is not None:
            text += " | chance: " + " / ".join(label for _, label, _ in node.pending)
        if node.partial:
            text += " | move so far: " + node.so_far()
        return text


class ViewObserver:
    """Observation strings from the kit's views (no tensor)."""

    def __init__(self, public_only: bool = False):
        import numpy as np

        self.public_only = public_only
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        node = state._node
        if node.kit is None:
            return "not dealt yet"
        view = node.kit.view(None if self.public_only else player)
        text = json.dumps(view, sort_keys=True, default=str)
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
    cls = type(f"KitGame_{game}", (KitGame,), {"kit_name": game})
    pyspiel.register_game(game_type(game), cls)
    _REGISTERED.add(game)
    return name


def register_all() -> tuple[str, ...]:
    """Register every available game that has an action schema; returns their short names."""
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


def first_chance_node(game: KitGame, seed: int = 0, max_steps: int = 10_000):
    """The first chance node after the deal reached by seeded uniform random play (``None`` if the
    game ends first): a state to show what OpenSpiel sees at an uncertain outcome."""
    from .engine import Rng

    rng = Rng(seed)
    state = game.new_initial_state()
    for _ in range(max_steps):
        if state.is_terminal():
            return None
        if state.is_chance_node():
            if state.kit is not None:
                return state
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return None


def first_move_in_steps(game: KitGame, seed: int = 0, max_steps: int = 10_000):
    """The first state reached by seeded uniform random play where a legal move is made in
    several steps (a Diced Veggies cook), or ``None``: a state to show such a move."""
    from .engine import Rng

    rng = Rng(seed)
    state = game.new_initial_state()
    for _ in range(max_steps):
        if state.is_terminal():
            return None
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        if any(isinstance(m, dict) for m in state._node.legal().values()):
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


def steps_table(state, which: int = -1) -> list[dict]:
    """The decisions that make one legal move made in steps (``which``: its place among them, in the
    kit's order): per step its id, what it says, and how many choices there are at that point."""
    node = state._node
    schema = node.ctx.schema
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


__all__ = ["action_table", "chance_table", "count_tuples", "first_chance_node", "first_move_in_steps", "steps_table", "ActionSchema", "DEFAULT_DEALS", "GameContext", "Node", "KitGame", "KitState", "ViewObserver", "action_schema",
           "context", "move_tree", "game_type", "load", "replay", "root", "register", "register_all", "schema_games", "short_name"]
