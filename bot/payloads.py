"""The bot survives any gateway payload (issue 39, point 6).

discord.py reads gateway messages with orjson when it is installed, and orjson refuses a
string holding a lone surrogate, which anyone can type into a slash command's text
option; the error ended the client's connection task, and nobody was answered after it.
Two guards, installed once for the process by `install`:

* JSON that orjson refuses is read again by the standard library, which keeps a lone
  surrogate as it is (the service then refuses it as "not text", service/validate.py),
  so even the sender gets an answer; text orjson will not write is written by the
  standard library, escaped;
* a payload discord.py still cannot make sense of (a missing field, a wrong type) is
  logged and dropped instead of ending the connection. Its control-flow exceptions
  (reconnect, closed) are not among those caught and pass as before.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import discord.utils
from discord.gateway import DiscordWebSocket

log = logging.getLogger("keryx.bot")

_installed = False

# What reading a malformed payload raises (a JSONDecodeError is a ValueError); never one
# of discord.py's signals (ReconnectWebSocket, ConnectionClosed, WebSocketClosure).
UNREADABLE = (ValueError, LookupError, TypeError, AttributeError)


def from_json(text: str | bytes) -> Any:
    try:
        return _fast_loads(text)
    except ValueError:
        return json.loads(text)


def to_json(obj: Any) -> str:
    try:
        return _fast_dumps(obj)
    except TypeError:  # orjson.JSONEncodeError: a lone surrogate
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=True)


_fast_loads = discord.utils._from_json
_fast_dumps = discord.utils._to_json


def install() -> None:
    """Put both guards in place (once; later calls do nothing)."""
    global _installed
    if _installed:
        return
    _installed = True
    discord.utils._from_json = from_json
    discord.utils._to_json = to_json
    received = DiscordWebSocket.received_message

    async def received_message(self: DiscordWebSocket, msg: Any, /) -> None:
        try:
            await received(self, msg)
        except UNREADABLE:
            log.exception("a gateway payload could not be read; it is dropped")

    DiscordWebSocket.received_message = received_message  # type: ignore[method-assign]
