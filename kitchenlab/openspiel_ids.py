"""Stable integer ids for every kit move, per game: the action schemas of :mod:`kitchenlab.openspiel`
(plain Python: no OpenSpiel needed to read or test them).

An id is built from the move's typed fields, never from its position in a list: each game has a
*schema* — for every kind of move, the finite domain of each of its fields — and the id of a move
is the offset of its kind plus the mixed-radix rank of its field values in their domains. So the
same move has the same id in every state and ``num_distinct_actions`` (the sum over kinds of the
product of the domain sizes) is a true bound; it over-counts combinations no rule allows. Fields
shown for display only (a Tem-Purr-A eat's card count) are not part of the key.

A move may also be **made in steps** (the schema's ``steps``): a sequence of ids, each one an
OpenSpiel decision of the same player, the move being applied to the kit's state when its last
step is chosen. The steps of the legal moves of a state form a prefix-free tree, so every partial
choice can still be completed; ``move_steps`` bounds the steps of one move.

Each game's schema lives in its own package (``kitchenlab.<game>.openspiel.schema``), named by the
``openspiel_schema`` hook of its GameInfo, whose module text lists its ids; the helpers here
(:class:`ActionSchema`, :func:`count_tuples`, :func:`connected_cell_sets`) are shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .errors import KitchenlabError


@dataclass(frozen=True)
class ActionSchema:
    """Stable ids for one game's moves: ``kinds`` lists (kind, field domains) in id order and
    ``key(action)`` gives ``(kind, *field values)`` for a kit action."""

    game: str
    kinds: tuple[tuple[str, tuple[tuple, ...]], ...]
    key: Callable[[object], tuple]
    label: Callable[[tuple], str] | None = None
    #: the step keys of a move made in several decisions (``None``: every move is one step, its key)
    steps: Callable[[object], tuple[tuple, ...]] | None = None
    #: the most steps one move takes
    move_steps: int = 1

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
        """The id of a kit action made in one step (a move made in steps: :meth:`encode_steps`)."""
        if self.steps is not None:
            ids = self.encode_steps(action)
            if len(ids) != 1:
                raise KitchenlabError(f"{self.game}: {action} is made in {len(ids)} steps; its ids are "
                                      f"encode_steps(action) = {ids}")
            return ids[0]
        return self.encode_key(self.key(action))

    def encode_steps(self, action) -> tuple[int, ...]:
        """The ids of the decisions that make a kit action (one id for a move made in one step)."""
        if self.steps is None:
            return (self.encode_key(self.key(action)),)
        return tuple(self.encode_key(k) for k in self.steps(action))

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


def count_tuples(kinds: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Every count tuple of ``kinds`` entries summing to ``size``, in a fixed order (a combination
    of cards is ranked by its place in this list).

    >>> count_tuples(3, 2)
    ((0, 0, 2), (0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0))
    """
    if kinds == 0:
        return ((),) if size == 0 else ()
    return tuple((first, *rest) for first in range(size + 1) for rest in count_tuples(kinds - 1, size - first))


def connected_cell_sets(rows: int, cols: int, most: int) -> tuple[frozenset, ...]:
    """Every 4-connected set of 1..``most`` cells ``(row, col)`` of a ``rows`` x ``cols`` grid, by
    size and then by sorted cells (a fixed order: a cut is ranked by its place in this list).

    >>> sets = connected_cell_sets(2, 2, 2)
    >>> len(sets), sorted(sets[4])
    (8, [(0, 0), (0, 1)])
    """
    level = sorted((frozenset([(r, c)]) for r in range(rows) for c in range(cols)), key=sorted)
    out = list(level)
    for _ in range(most - 1):
        grown = set()
        for s in level:
            for r, c in s:
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in s:
                        grown.add(s | {(nr, nc)})
        level = sorted(grown, key=sorted)
        out += level
    return tuple(out)


def schema_games() -> tuple[str, ...]:
    """The games of the registry that declare an action schema (``GameInfo.openspiel_schema``)."""
    from . import available_games, game_info

    return tuple(g for g in available_games() if game_info(g).openspiel_schema)


def action_schema(game: str, players: int) -> ActionSchema:
    """The stable action ids of ``game`` at ``players`` players, from the ``schema(players)`` its
    GameInfo names in ``openspiel_schema``."""
    from . import game_info

    info = game_info(game)
    schema = info.hook("openspiel_schema")
    if schema is None:
        raise KitchenlabError(f"{info.title} has no OpenSpiel action schema (its GameInfo declares no "
                              f"'openspiel_schema' hook); games with one: {', '.join(schema_games()) or '(none)'}")
    return schema(players)


__all__ = ["ActionSchema", "action_schema", "connected_cell_sets", "count_tuples", "schema_games"]
