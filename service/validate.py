"""Checks on arguments arriving from transports. Anything malformed becomes a
Refusal("bad_input") before it reaches the store or the engine."""

from __future__ import annotations

import json
from typing import Any

from .errors import Refusal

_MAX_ID = (1 << 63) - 1  # Discord snowflakes are unsigned 64-bit but stay below 2**63
_MAX_TEXT = 200


def snowflake(value: Any, what: str) -> int:
    # bool is an int subclass; True is not a user.
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_ID:
        raise Refusal("bad_input", f"That is not a valid {what} id.")
    return value


def opt_snowflake(value: Any, what: str) -> int | None:
    return None if value is None else snowflake(value, what)


def text(value: Any, what: str, limit: int = _MAX_TEXT) -> str:
    if not isinstance(value, str) or not value or len(value) > limit or "\x00" in value:
        raise Refusal("bad_input", f"That is not a valid {what}.")
    try:
        value.encode("utf-8")  # a lone surrogate cannot be stored or sent
    except UnicodeEncodeError:
        raise Refusal("bad_input", f"That {what} holds characters that are not text.") from None
    return value


_MAX_ANSWER = 20_000


def answer(value: Any) -> str:
    """A decision's answer (engine/core/decisions.py): the empty string is a legal answer
    (a "choose k of n" prompt answered with none), and a choice of many options joined
    together is long; the engine checks the rest."""
    if value == "":
        return value
    return text(value, "option", limit=_MAX_ANSWER)


def opt_text(value: Any, what: str, limit: int = _MAX_TEXT) -> str | None:
    return None if value is None else text(value, what, limit)


def whole_number(value: str) -> int | None:
    """A whole number written with the digits 0-9 and an optional sign, else None.
    (`str.isdigit` is true of "²" and other digits `int` refuses, so transports must
    not take it for "int will read this".)"""
    body = value[1:] if value[:1] in ("+", "-") else value
    if not body or not body.isascii() or not body.isdigit():
        return None
    return int(value)


def version(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_ID:
        raise Refusal("bad_input", "That is not a valid game version.")
    return value


def interaction(value: Any) -> str:
    """Interaction ids are Discord snowflakes; other transports may use any short text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(snowflake(value, "interaction"))
    return text(value, "interaction id", limit=100)


def options(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise Refusal("bad_input", "Game options must be a mapping of names to values.")
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        raise Refusal("bad_input", "Game options must be plain values.") from None
    return value
