"""Reading state JSON text within limits (size, depth, digits): hostile text gets a
StateFormatError, never a traceback. Below the state, so that it and serial.py share it."""

from __future__ import annotations

import json

from kot_rules.engine.errors import StateFormatError

MAX_JSON_BYTES = 1_000_000
"""A state is a few kilobytes; a step waiting for an answer nests one more."""
MAX_JSON_DEPTH = 32
"""Arrays and objects inside one another; a state with a pending step uses about 8."""
MAX_JSON_DIGITS = 15
"""Digits in one number: every count of a state is far below 10^15."""


def load_state_json(text: str | bytes) -> object:
    """Parse JSON text with the limits above; raises :class:`StateFormatError`."""
    if len(text) > MAX_JSON_BYTES:
        raise StateFormatError(f"not a state: {len(text)} bytes, at most {MAX_JSON_BYTES}")
    try:
        data = json.loads(text, parse_int=_int_of, parse_float=_float_of,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise StateFormatError(f"not JSON: {exc}") from None
    except RecursionError:
        raise StateFormatError(f"not a state: nested more than {MAX_JSON_DEPTH} deep") from None
    except UnicodeDecodeError as exc:
        raise StateFormatError(f"not UTF-8 text: byte {exc.object[exc.start]:#04x} "
                               f"at offset {exc.start}") from None
    check_depth(data)
    return data


def _int_of(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_JSON_DIGITS:
        raise StateFormatError(f"not a state: a number with {len(digits)} digits "
                               f"(at most {MAX_JSON_DIGITS})")
    return int(digits)


def _float_of(text: str) -> float:
    if len(text) > 2 * MAX_JSON_DIGITS:
        raise StateFormatError(f"not a state: a number of {len(text)} characters")
    return float(text)


def _no_constant(name: str) -> object:
    raise StateFormatError(f"not JSON: {name} is not a JSON number")


def check_depth(data: object) -> None:
    """Iteratively (a deep value must not exhaust the stack of the checks that follow)."""
    todo: list[tuple[object, int]] = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_JSON_DEPTH:
            raise StateFormatError(f"not a state: nested more than {MAX_JSON_DEPTH} deep")
        if isinstance(value, dict):
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)
