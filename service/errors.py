"""The one exception the service raises for anything a user caused."""

from __future__ import annotations

from typing import Any, Literal

RefusalCode = Literal[
    "bad_input",       # a malformed argument (not an id, empty option, ...)
    "no_game",         # no game in this channel (or none with that id)
    "channel_busy",    # the channel already has a live game
    "unknown_ruleset",
    "wrong_status",    # e.g. joining a running game, acting in the lobby or after the end
    "not_seated",      # the user holds no seat in this game
    "not_allowed",     # e.g. starting a game one has nothing to do with
    "seat_taken",
    "full",
    "stale",           # the click carried an old version: the game moved on
    "duplicate",       # the interaction id was used for something else
    "illegal",         # the rules refuse the choice (engine.IllegalAction)
    "not_over",        # exporting a game still in progress
    "replay_failed",   # the game cannot be rebuilt under the current rules
    "bidding",         # starting a lobby whose sides are bid for (open the bids instead)
    "already_bid",     # a second bid for sides: bids are final
]


class Refusal(Exception):
    """A request refused with a message meant for the user who made it. Nothing changed.

    `code` lets a transport choose how to react (a stale click re-shows the prompt);
    `details` carries extra facts, e.g. {"version": current version} for "stale".
    """

    def __init__(self, code: RefusalCode, message: str, **details: Any):
        super().__init__(message)
        self.code: RefusalCode = code
        self.message = message
        self.details = details

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"
