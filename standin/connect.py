"""Pointing an unchanged discord.py bot at the stand-in.

discord.py 2.7 has two hard-coded Discord addresses that matter:

* ``discord.http.Route.BASE`` (``https://discord.com/api/v10``) for every REST call,
  including interaction callbacks and webhook follow-ups (``webhook/async_.py`` builds
  its routes from the same ``Route`` class);
* ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (``wss://gateway.discord.gg/``):
  a non-sharded ``Client`` never calls ``GET /gateway/bot``, it connects here, and
  falls back to it after an INVALID_SESSION. After READY it uses
  ``resume_gateway_url``, which the stand-in sets to itself.

Attachment URLs in responses already point at the stand-in, so ``Attachment.read()``
works unchanged. Nothing else is patched.
"""

from __future__ import annotations

import os

import yarl

ENV_VAR = "KERYX_DISCORD_API"


def point_discord_py_at(base_url: str) -> None:
    """Send discord.py's REST and gateway traffic to the stand-in at ``base_url``
    (e.g. ``http://127.0.0.1:8765``). Call before the client logs in."""
    import discord.gateway
    import discord.http

    base = base_url.rstrip("/")
    if not base.startswith(("http://", "https://")):
        raise ValueError(f"expected an http(s) URL, got {base_url!r}")
    discord.http.Route.BASE = f"{base}/api/v10"
    ws_base = "ws" + base.removeprefix("http")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"{ws_base}/gateway")


def point_from_environment() -> str | None:
    """Apply ``KERYX_DISCORD_API`` if set; returns the URL used (None when unset)."""
    base_url = os.environ.get(ENV_VAR)
    if base_url:
        point_discord_py_at(base_url)
    return base_url or None


def restore_discord_py() -> None:
    """Undo :func:`point_discord_py_at` (tests use this to leave discord.py as found)."""
    import discord.gateway
    import discord.http

    discord.http.Route.BASE = "https://discord.com/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL("wss://gateway.discord.gg/")
