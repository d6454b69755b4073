"""The `key=value` options a game is opened with, read the same way by `/game new`,
`/league create` and the command line (`keryx play`)."""

from __future__ import annotations

import engine
from engine.core.game import PLAYERS
from service.validate import whole_number

from .errors import UserError

_ON = ("on", "true", "yes", "1")
_OFF = ("off", "false", "no", "0")


def parse_options(raw: str | None, ruleset_id: str) -> dict:
    """`mulligan=off syracuse_points=on` → {"mulligan": False, "syracuse_points": True};
    `players=2` chooses the player count where a scenario allows several."""
    if not raw:
        return {}
    known = engine.ruleset(ruleset_id).options
    out: dict = {}
    for token in raw.replace(",", " ").split():
        key, sep, value = token.partition("=")
        if key == PLAYERS:  # the kernel's own option: how many people play
            count = whole_number(value)
            if count is None or count < 1:
                raise UserError("Option players takes a whole number of players, "
                                "written with the digits 0-9.")
            out[key] = count
            continue
        if key not in known:
            raise UserError(f"{ruleset_id} has no option {key!r}. Options: "
                            + (", ".join(known) or "none"))
        default = known[key].default
        if not sep:
            out[key] = True
        elif isinstance(default, bool):
            if value.lower() not in _ON + _OFF:
                raise UserError(f"Option {key} takes on or off.")
            out[key] = value.lower() in _ON
        elif isinstance(default, int):
            number = whole_number(value)
            if number is None:
                raise UserError(f"Option {key} takes a whole number, written with the "
                                "digits 0-9.")
            out[key] = number
        else:
            out[key] = value
    return out
