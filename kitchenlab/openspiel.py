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
  the game's ``max_steps`` (decisions; chance nodes come on top).

Stable action ids
-----------------
An id is built from the move's typed fields, never from its position in a list: each game has a
*schema* — for every kind of move, the finite domain of each of its fields — and the id of a move
is the offset of its kind plus the mixed-radix rank of its field values in their domains. So the
same move has the same id in every state and ``num_distinct_actions`` (the sum over kinds of the
product of the domain sizes) is a true bound; it over-counts combinations no rule allows. Fields
shown for display only (a Tem-Purr-A eat's card count) are not part of the key.

* ``tem_purr_a`` (26 ids for 3 players, 1 more per extra player): start a stack with 2..7 (6),
  serve 2..7 (6), eat (1), play +1 / reverse (2), play choose next naming seat 0..n-1 (n), skip
  with a pair of 2..7 (6), add / do not add an indigestion card (2).
* ``critter_kitchen``: keep a restaurateur (one id each); send a chef (mouse, lizard, boar or any
  zous-chef) to a location (by index); take a token (every ingredient type x value, spice, rumor
  token, soup, bisque, zous-chef card) as itself or as rumor 1..3; go home for soup; add an
  ingredient, bisque or soup to meal 1..10 with no spice or any spice; serve meal 1..10; done with
  challenges; discard a fridge item; put an ingredient on its course with no spice, a spice or a
  rumor token; pair a wine with a course type; done with the critic meal. Meals are built **in
  steps** (one item per decision), so no move is a whole combination.

* ``chefs`` (580 ids): place a disc at location 0..4; take 1 or 2 counter cards (the combination
  ranked among the count tuples over the six ingredient kinds); cook meal card 1..29 at either
  stove, paying in full or with the chef card standing in for a card of kind 0..5 (so what is paid
  follows from the move); door box 1..5 with the cards given up (ranked among the count tuples of
  the box's size); serve meal card 1..29; decline a stove or the door.
* ``diced_veggies`` has no schema yet: a cook uses up to five dice, and each may carry a colour
  changed by the chef token, so a flat table of cooks runs to tens of millions of ids; it needs a
  cook made in steps (recipe, then one die at a time).

A game without a schema here cannot be registered yet (:func:`register` raises
``NotImplementedError`` naming it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable, Sequence

import pyspiel

from . import available_games, game_info
from .engine import chain_items, chain_push
from .errors import KitchenlabError

#: Deals the start chance node chooses from by default.
DEFAULT_DEALS = 16


# ---------------------------------------------------------------------------- action schemas


@dataclass(frozen=True)
class ActionSchema:
    """Stable ids for one game's moves: ``kinds`` lists (kind, field domains) in id order and
    ``key(action)`` gives ``(kind, *field values)`` for a kit action."""

    game: str
    kinds: tuple[tuple[str, tuple[tuple, ...]], ...]
    key: Callable[[object], tuple]
    label: Callable[[tuple], str] | None = None

    def __post_init__(self) -> None:
        offsets, index, total = {}, {}, 0
        for kind, domains in self.kinds:
            offsets[kind] = total
            index[kind] = tuple({v: i for i, v in enumerate(d)} for d in domains)
            size = 1
            for d in domains:
                size *= len(d)
            total += size
        object.__setattr__(self, "_offsets", offsets)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "size", total)

    def encode_key(self, key: tuple) -> int:
        kind, values = key[0], key[1:]
        if kind not in self._offsets:
            raise KitchenlabError(f"{self.game}: move kind {kind!r} has no action id; kinds: "
                                  f"{', '.join(k for k, _ in self.kinds)}")
        index = self._index[kind]
        if len(values) != len(index):
            raise KitchenlabError(f"{self.game}: move {key!r} has {len(values)} fields; "
                                  f"kind {kind!r} has {len(index)}")
        rank = 0
        for value, domain in zip(values, index):
            if value not in domain:
                raise KitchenlabError(f"{self.game}: move {key!r}: field value {value!r} is outside "
                                      f"its domain ({len(domain)} values)")
            rank = rank * len(domain) + domain[value]
        return self._offsets[kind] + rank

    def encode(self, action) -> int:
        """The id of a kit action."""
        return self.encode_key(self.key(action))

    def decode(self, action_id: int) -> tuple:
        """The key ``(kind, *fields)`` of an id (the inverse of :meth:`encode_key`)."""
        if not 0 <= action_id < self.size:
            raise KitchenlabError(f"{self.game}: action id {action_id} is outside 0..{self.size - 1}")
        for kind, domains in reversed(self.kinds):
            off = self._offsets[kind]
            if action_id >= off:
                rank, values = action_id - off, []
                for d in reversed(domains):
                    rank, i = divmod(rank, len(d))
                    values.append(d[i])
                return (kind, *reversed(values))
        raise AssertionError("unreachable")  # pragma: no cover

    def describe(self, action_id: int) -> str:
        """The move of an id in words (the schema's ``label``, else its kind and fields)."""
        key = self.decode(action_id)
        if self.label is not None:
            return self.label(key)
        return " ".join(str(v) for v in key)


def _tem_purr_a_schema(players: int) -> ActionSchema:
    from .tem_purr_a.components import DISH_VALUES
    from .tem_purr_a.rules import CHOOSE, PLUS_ONE, REVERSE, _act

    dishes = tuple(DISH_VALUES)

    def key(a) -> tuple:
        k = str(a.kind)
        if k in ("start", "serve", "skip"):
            return (k, a.card)
        if k == "eat":
            return (k,)
        if k == "play":
            return ("choose", a.target) if a.card == CHOOSE else ("play", a.card)
        return (k, a.target)          # extra: 1 add, 0 do not add

    def label(key: tuple) -> str:
        kind, *v = key
        if kind == "eat":
            return "eat"
        if kind == "choose":
            return str(_act("play", CHOOSE, target=v[0]))
        if kind == "extra":
            return str(_act("extra", target=v[0]))
        return str(_act(kind, v[0]))

    return ActionSchema("tem_purr_a", (
        ("start", (dishes,)), ("serve", (dishes,)), ("eat", ()), ("play", ((PLUS_ONE, REVERSE),)),
        ("choose", (tuple(range(players)),)), ("skip", (dishes,)), ("extra", ((1, 0),)),
    ), key, label)


def _critter_kitchen_schema(players: int) -> ActionSchema:
    from .critter_kitchen.components import load_components
    from .critter_kitchen.shop import CHEFS, RUMOR_KINDS
    from .critter_kitchen.tokens import BISQUE, RUMOR_TOKENS, SOUP, SPICES, TYPES

    comps = load_components()
    ingredients = tuple(f"{t}{v}" for t in TYPES for v in range(2, 8))
    zous = tuple("zous:" + z.id for z in comps.zous_chefs)
    meals = tuple(range(1, 11))          # the rounds option allows at most 10 rounds
    spice_or_none = (None,) + SPICES

    def key(a) -> tuple:
        return (a.kind, *a.args)

    def label(key: tuple) -> str:
        kind, *v = key
        if kind == "send":
            return f"send {v[0]} to {comps.locations[v[1]].name}"
        if kind == "take":
            return f"take {v[0]}" + (f" as rumor{v[1]}" if v[1] is not None else "")
        return " ".join(str(x) for x in (kind.replace("_", " "), *v) if x is not None)

    return ActionSchema("critter_kitchen", (
        ("keep", (tuple(r.id for r in comps.restaurateurs),)),
        ("send", (CHEFS + zous, tuple(range(len(comps.locations))))),
        ("take", (ingredients + SPICES + RUMOR_TOKENS + (SOUP, BISQUE) + zous, (None,) + tuple(RUMOR_KINDS))),
        ("home", ()),
        ("add", (meals, ingredients + (BISQUE, SOUP), spice_or_none)),
        ("serve", (meals,)),
        ("done_challenges", ()),
        ("discard", (ingredients + SPICES,)),
        ("put", (ingredients, spice_or_none + RUMOR_TOKENS)),
        ("pair", (tuple(i for i in ingredients if i.startswith("wine")), TYPES)),
        ("done_critic", ()),
    ), key, label)


def count_tuples(kinds: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Every count tuple of ``kinds`` entries summing to ``size``, in a fixed order (a combination
    of cards is ranked by its place in this list).

    >>> count_tuples(3, 2)
    ((0, 0, 2), (0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0))
    """
    if kinds == 0:
        return ((),) if size == 0 else ()
    return tuple((first, *rest) for first in range(size + 1) for rest in count_tuples(kinds - 1, size - first))


def _chefs_schema(players: int) -> ActionSchema:
    from .chefs.rules import (DOOR, DOOR_BOXES, KINDS, LOCATION_NAMES, MEAL_NEEDS, MEALS, NK, STOVES, WALL,
                              WINDOW, act, cards_text, meal_name)

    meals = tuple(sorted(MEALS))
    upto_two = count_tuples(NK, 1) + count_tuples(NK, 2)

    def key(a) -> tuple:
        k = str(a.kind)
        if k == "place":
            return (k, a.loc)
        if k == "take":
            return (k, a.cards)
        if k == "cook":                   # the chef card stands in for one card of its kind
            if not a.chef:
                return (k, a.loc, a.meal, None)
            needs = dict(MEAL_NEEDS[a.meal])
            return (k, a.loc, a.meal, next(i for i in range(NK) if needs.get(i, 0) - a.cards[i] == 1))
        if k == "door":
            return (f"door box {a.box + 1}", a.cards)
        if k == "serve":
            return (k, a.meal)
        return (k, a.loc)                 # pass: decline a stove or the door

    def label(key: tuple) -> str:
        kind, *v = key
        if kind == "place":
            return str(act("place", v[0]))
        if kind == "take":
            return f"take {cards_text(v[0])}"
        if kind == "cook":
            chef = "" if v[2] is None else f" with the chef card as a {KINDS[v[2]]}"
            return f"cook {meal_name(v[1])} at the {LOCATION_NAMES[v[0]]}{chef}"
        if kind == "serve":
            return f"serve {meal_name(v[0])}"
        if kind == "pass":
            return f"{act('pass', v[0])} at the {LOCATION_NAMES[v[0]]}"
        return f"{kind}: discard {cards_text(v[0])}"

    return ActionSchema("chefs", (
        ("place", (tuple(range(5)),)),
        ("take", (upto_two,)),
        ("cook", ((WINDOW, WALL), meals, (None,) + tuple(range(NK)))),
        *((f"door box {b + 1}", (count_tuples(NK, give),)) for b, (give, _) in enumerate(DOOR_BOXES)),
        ("serve", (meals,)),
        ("pass", (tuple(sorted(STOVES + (DOOR,))),)),
    ), key, label)


#: The action schema of each game, by name: ``schema(players) -> ActionSchema``.
SCHEMAS: dict[str, Callable[[int], ActionSchema]] = {
    "tem_purr_a": _tem_purr_a_schema,
    "critter_kitchen": _critter_kitchen_schema,
    "chefs": _chefs_schema,
}


def action_schema(game: str, players: int) -> ActionSchema:
    """The stable action ids of ``game`` at ``players`` players."""
    if game not in SCHEMAS:
        raise NotImplementedError(f"{game}: no action schema in kitchenlab.openspiel yet; games with one: "
                                  f"{', '.join(sorted(SCHEMAS))}")
    return SCHEMAS[game](players)


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
    a pending chance node, and the OpenSpiel actions that led here. Immutable: clones share it,
    and it pickles as (game, actions) and is rebuilt by replaying them (:func:`replay`)."""

    __slots__ = ("ctx", "path", "kit", "pending", "moves")

    def __init__(self, ctx: GameContext, path, kit, pending=None) -> None:
        self.ctx, self.path, self.kit, self.pending, self.moves = ctx, path, kit, pending, None

    def __deepcopy__(self, memo) -> "Node":
        return self

    def __reduce__(self):
        return (replay, (self.ctx, chain_items(self.path)))

    @property
    def is_chance(self) -> bool:
        return self.kit is None or self.pending is not None

    def legal(self) -> dict:
        """The legal moves by id (built once)."""
        if self.moves is None:
            enc = self.ctx.schema.encode
            legal = self.kit.legal_actions()
            self.moves = {enc(a): a for a in legal}
            if len(self.moves) != len(legal):
                raise KitchenlabError(f"{self.ctx.kit_name}: two legal moves share an action id; moves: "
                                      f"{'; '.join(map(str, legal))}")
        return self.moves

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
        outcomes = self.kit.chance_outcomes(move)
        if outcomes:
            return Node(ctx, path, self.kit, tuple(outcomes))
        return Node(ctx, path, self.kit.apply(move))


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
            max_game_length=info.max_steps,
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
            if move is not None:
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
        return text


# ---------------------------------------------------------------------------- registration

_REGISTERED: set[str] = set()


def register(game: str) -> str:
    """Register ``game`` with OpenSpiel as ``kitchenlab_<game>`` (once); returns the short name."""
    name = short_name(game)
    if game in _REGISTERED:
        return name
    game_info(game)
    if game not in SCHEMAS:
        action_schema(game, 0)       # raises NotImplementedError naming the game
    cls = type(f"KitGame_{game}", (KitGame,), {"kit_name": game})
    pyspiel.register_game(game_type(game), cls)
    _REGISTERED.add(game)
    return name


def register_all() -> tuple[str, ...]:
    """Register every available game that has an action schema; returns their short names."""
    return tuple(register(g) for g in available_games() if g in SCHEMAS)


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


def chance_table(state) -> list[dict]:
    """The outcomes of a chance node: id, what happens, OpenSpiel's probability and the kit's exact one."""
    node = state._node
    if node.pending is None:
        return [{"id": a, "outcome": state.action_to_string(a), "probability": p, "exact": None}
                for a, p in state.chance_outcomes()]
    return [{"id": i, "outcome": label, "probability": float(p), "exact": str(p)}
            for i, (p, label, _) in enumerate(node.pending)]


__all__ = ["action_table", "chance_table", "count_tuples", "first_chance_node", "ActionSchema", "DEFAULT_DEALS", "GameContext", "Node", "KitGame", "KitState", "SCHEMAS", "ViewObserver", "action_schema",
           "context", "game_type", "load", "replay", "root", "register", "register_all", "short_name"]
