"""Reading a save file back: whatever the bytes, a state or a :class:`~kitchenlab.errors.SaveFileError`.

A save (``State.to_json()``) is a JSON object: the game, the players, the seed, the options, the
actions taken as text and, for a hand-made position, the position it started from. Loading checks
the text before anything is built — its encoding (UTF-8 bytes or a ``str``), its size, how deep it
nests, its numbers (no integer of more than 30 digits, no ``NaN`` or infinity), every field's type
and the seed's range — then replays the actions on a fresh game and compares the generator state
and the step count saved with it. Any failure is a ``SaveFileError`` that names the field.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .engine import SAVE_FORMAT, SAVE_VERSION
from .errors import KitchenlabError, SaveFileError, shown
from .i18n import N_, _
from .options import check_seed

#: The largest save text read (characters): far above the longest game of any kit game.
MAX_SAVE_CHARS = 20_000_000
#: How deep a save may nest (the position's lists inside the save object).
MAX_SAVE_DEPTH = 40
#: The most digits an integer of a save may have (a seed or a generator state has at most 20).
MAX_INT_DIGITS = 30
#: What a field of each type holds, in words (for the messages).
TYPE_WORDS = {str: N_("a text (str)"), int: N_("a whole number (int)"), list: N_("a list"),
              dict: N_("an object (dict)")}


def _no_constant(name: str):
    raise SaveFileError(_("save file holds {name}, which is not a number a save can hold").format(name=name))


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveFileError(_("save file holds an integer of {digits} digits; at most {most} (a seed has at most 20)")
                            .format(digits=len(text.lstrip("-")), most=MAX_INT_DIGITS))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise SaveFileError(_("save file holds the number {number}, too large for a float").format(
            number=shown(text, 40)))
    return value


def _depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), without building anything."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_SAVE_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def read_save(text: Any) -> dict:
    """The save's JSON object, checked for encoding, size, depth and numbers (not yet its fields)."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveFileError(_("save file is not UTF-8 text: byte {byte} cannot be read ({reason})").format(
                byte=e.start, reason=e.reason)) from None
    if not isinstance(text, str):
        raise SaveFileError(_("a save file is JSON text (str or UTF-8 bytes), got {kind}").format(
            kind=type(text).__name__))
    if len(text) > MAX_SAVE_CHARS:
        raise SaveFileError(_("save file is {length} characters long; at most {most}").format(
            length=len(text), most=MAX_SAVE_CHARS))
    if _depth(text) > MAX_SAVE_DEPTH:
        raise SaveFileError(_("save file nests deeper than {most} levels; a save is far flatter").format(
            most=MAX_SAVE_DEPTH))
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_no_constant)
    except SaveFileError:
        raise
    except (ValueError, RecursionError) as e:       # JSONDecodeError is a ValueError
        raise SaveFileError(_("save file is not valid JSON: {reason}").format(reason=shown(str(e), 120))) from None
    if not isinstance(data, dict):
        raise SaveFileError(_("save file must be a JSON object with a 'game' field"))
    return data


def _field(data: dict, name: str, typ: type) -> Any:
    if name not in data:
        raise SaveFileError(_("save file has no field {field}").format(field=repr(name)))
    value = data[name]
    if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
        raise SaveFileError(_("save file field {field} must be {kind}, got {value}").format(
            field=repr(name), kind=_(TYPE_WORDS[typ]), value=shown(value)))
    return value


def state_from_save(text: Any, start: Callable[..., Any]) -> Any:
    """Rebuild a state from ``to_json`` text (``str`` or UTF-8 bytes) by replaying its history on a
    fresh game.

    ``start(game, players, seed, options, position)`` builds the starting state: a dealt game, or
    the hand-made position saved with the game.
    """
    data = read_save(text)
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError(_("save file field {field} must be {allowed}, got {value}").format(
            field="'format'", allowed=repr(SAVE_FORMAT), value=shown(data.get("format"))))
    if data.get("version") != SAVE_VERSION or isinstance(data.get("version"), bool):
        raise SaveFileError(_("save file field {field} must be {allowed}, got {value}").format(
            field="'version'", allowed=SAVE_VERSION, value=shown(data.get("version"))))
    game, players = _field(data, "game", str), _field(data, "players", int)
    seed, options = _field(data, "seed", int), _field(data, "options", dict)
    history = _field(data, "history", list)
    try:
        check_seed(game, seed)
    except KitchenlabError as e:
        raise SaveFileError(_("save file field {field}: {reason}").format(field="'seed'", reason=e)) from None
    position = data.get("position")
    if position is not None and not isinstance(position, dict):
        raise SaveFileError(_("save file field {field} must be {kind}, got {value}").format(
            field="'position'", kind=_(TYPE_WORDS[dict]), value=shown(position)))
    check = data.get("check", {})
    if not isinstance(check, dict):
        raise SaveFileError(_("save file field {field} must be {kind}, got {value}").format(
            field="'check'", kind=_(TYPE_WORDS[dict]), value=shown(check)))
    try:
        state = start(game, players, seed, options, position)
    except KitchenlabError as e:
        raise SaveFileError(_("save file fields game/players/options/position are not valid: {reason}").format(
            reason=e)) from None
    except Exception as e:  # noqa: BLE001 - whatever the bytes, the caller gets a SaveFileError
        raise SaveFileError(_("save file fields game/players/options/position cannot be set up ({reason})").format(
            reason=f"{type(e).__name__}: {shown(str(e), 120)}")) from None
    for i, text_action in enumerate(history):
        if not isinstance(text_action, str):
            raise SaveFileError(_("save file field {field} must be {kind}, got {value}").format(
                field=f"history[{i}]", kind=_(TYPE_WORDS[str]), value=shown(text_action)))
        try:
            state = state.apply(text_action)
        except KitchenlabError as e:
            raise SaveFileError(_("save file field {field} = {value} cannot be replayed: {reason}").format(
                field=f"history[{i}]", value=shown(text_action), reason=e)) from None
    if "steps" in check and check["steps"] != state.steps:
        raise SaveFileError(_("save file field check.steps={value} does not match the replay ({steps})").format(
            value=shown(check["steps"]), steps=state.steps))
    if "rng" in check and check["rng"] != state.rng.state:
        raise SaveFileError(_("save file field check.rng does not match the replayed game (edited history?)"))
    return state
