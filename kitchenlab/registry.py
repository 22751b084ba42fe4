"""Where the kit finds its games: the entry-point group ``kitchenlab.games``.

A game is a package that registers one :class:`kitchenlab.GameInfo` and declares itself in its
``pyproject.toml``, the way pytest and Jupyter find their plugins::

    [project.entry-points."kitchenlab.games"]
    tiny_kitchen = "tiny_kitchen"            # a module that registers its GameInfo when imported
    # or: tiny_kitchen = "tiny_kitchen:INFO"   (the GameInfo itself, registered if it is not yet)

The entry point's name is the game's name. The kit declares its own games the same way. Run from a
source tree that was never installed (no entry points of the kit's own are found), the kit finds
them by importing its subpackages instead: a subpackage ``kitchenlab.<name>`` that registers a game
called ``<name>`` is one.

A game declared by another package that fails to load is left out with a :class:`GameLoadWarning`
naming the package; the rest of the kit goes on. A game of the kit's own that fails to load is a
bug in the kit and raises.

>>> "tem_purr_a" in available_games()
True
>>> game_info("tem_purr_a").title
'Tem-Purr-A'
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
import warnings

from .engine import GameInfo, register, registered
from .errors import UnknownGameError

#: The entry-point group that names the games.
GROUP = "kitchenlab.games"
#: The distribution of the kit itself (its entry points are its own games).
KIT = "kitchenlab"


class GameLoadWarning(UserWarning):
    """A game declared by another package could not be loaded; the kit goes on without it."""


# What discovery found, read once (``refresh`` forgets it): entry points by game name, the sorted
# game names, and the entry points that failed to load (not tried again).
_declared_cache: dict | None = None
_games_cache: tuple[str, ...] | None = None
_broken: set[str] = set()


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _package(ep) -> str:
    """The name of the distribution that declares an entry point."""
    dist = getattr(ep, "dist", None)
    return dist.name if dist is not None and dist.name else "an unknown package"


def _is_kit(ep) -> bool:
    return _norm(_package(ep)) == KIT


def declared() -> dict:
    """The entry points of :data:`GROUP`, by game name (read from the installed metadata once).

    Where two packages declare the same name, the kit's own entry point wins, else the first on
    ``sys.path``; the other is left out with a :class:`GameLoadWarning`."""
    global _declared_cache
    if _declared_cache is None:
        from importlib.metadata import entry_points

        found: dict = {}
        for ep in entry_points(group=GROUP):
            old = found.get(ep.name)
            if old is not None:
                keep, drop = (ep, old) if _is_kit(ep) and not _is_kit(old) else (old, ep)
                warnings.warn(f"kitchenlab: package {_package(drop)!r} declares the game {ep.name!r}, "
                              f"which package {_package(keep)!r} declares too; {_package(drop)!r}'s "
                              f"({drop.value!r}) is left out", GameLoadWarning, stacklevel=2)
                found[ep.name] = keep
            else:
                found[ep.name] = ep
        _declared_cache = found
    return _declared_cache


def kit_declares_its_games() -> bool:
    """True when the kit's own games come from its installed entry points (False in a source
    tree that was never installed: then its subpackages are scanned)."""
    return any(_is_kit(ep) for ep in declared().values())


def _load(ep) -> bool:
    """Import a declared game; True when the game its entry point names is registered after."""
    if ep.name in _broken:
        return False
    try:
        obj = ep.load()
        if isinstance(obj, GameInfo) and registered(obj.name) is None:
            register(obj)
    except Exception as e:
        if _is_kit(ep):
            raise
        _broken.add(ep.name)
        warnings.warn(f"kitchenlab: package {_package(ep)!r} declares the game {ep.name!r} "
                      f"({ep.value!r}, entry-point group {GROUP!r}), but it cannot be loaded: "
                      f"{type(e).__name__}: {e}; the kit goes on without it", GameLoadWarning, stacklevel=3)
        return False
    if registered(ep.name) is None:
        _broken.add(ep.name)
        warnings.warn(f"kitchenlab: package {_package(ep)!r} declares the game {ep.name!r} ({ep.value!r}), "
                      f"but loading it registered no game called {ep.name!r} (the entry point's name must "
                      "be the name in its GameInfo); the kit goes on without it", GameLoadWarning, stacklevel=3)
        return False
    return True


def _subpackage(name: str) -> bool:
    """Is there a subpackage ``kitchenlab.<name>`` (found without importing it)?"""
    if not name.isidentifier():
        return False
    spec = importlib.util.find_spec(f"{__package__}.{name}")
    return spec is not None and spec.submodule_search_locations is not None


def scan_subpackages() -> tuple[str, ...]:
    """The games among the kit's subpackages: each is imported, and a subpackage that registers a
    game under its own name is one (the source-tree fallback)."""
    package = importlib.import_module(__package__)
    names = []
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"{__package__}.{module.name}")
            if registered(module.name) is not None:
                names.append(module.name)
    return tuple(names)


def available_games() -> tuple[str, ...]:
    """The names of the games the kit can play, sorted (found once, then remembered)."""
    global _games_cache
    if _games_cache is None:
        eps = declared()
        names = {name for name, ep in eps.items() if _load(ep)}
        if not kit_declares_its_games():
            names.update(scan_subpackages())
        _games_cache = tuple(sorted(names))
    return _games_cache


def find(name: str) -> GameInfo | None:
    """The :class:`GameInfo` of ``name``, loading only that game on first use; ``None`` if no
    package declares it. A game registered by hand (``kitchenlab.register``) is found too."""
    if not isinstance(name, str):
        return None
    info = registered(name)
    if info is not None:
        return info
    ep = declared().get(name)
    if ep is not None:
        _load(ep)
    elif not kit_declares_its_games() and _subpackage(name):
        importlib.import_module(f"{__package__}.{name}")
    return registered(name)


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of a game (importing its package on first use); an unknown name
    raises :class:`UnknownGameError` listing the games there are."""
    info = find(name)
    if info is None:
        raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(available_games()) or '(none)'}")
    return info


def refresh() -> None:
    """Forget what discovery found, so that the next call reads the entry points again (after
    installing a game into the running interpreter, or in tests)."""
    global _declared_cache, _games_cache
    _declared_cache = _games_cache = None
    _broken.clear()


__all__ = ["GROUP", "GameLoadWarning", "available_games", "declared", "find", "game_info",
           "kit_declares_its_games", "refresh", "scan_subpackages"]
