"""Settings from the environment (or a `.env` file), with embedded defaults."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: str | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    # An SQLite file's path, or a postgresql://user@host/db URL (docs/storage.md).
    database: str = Field(default="data/keryx.db", validation_alias="KERYX_DATABASE")
    log_level: str = Field(default="INFO", validation_alias="KERYX_LOG_LEVEL")
    # Commands sync to this guild instantly (global sync takes up to an hour on Discord).
    dev_guild: int | None = Field(default=None, validation_alias="KERYX_DEV_GUILD")
    # Members with this role may use moderator commands, as may those with Manage Server.
    moderator_role: str | None = Field(default=None, validation_alias="KERYX_MODERATOR_ROLE")
    # Base URL of a Discord stand-in (tests, `keryx sandbox`); unset means the real Discord.
    discord_api: str | None = Field(default=None, validation_alias="KERYX_DISCORD_API")
    # Extra modules imported at start-up, comma-separated: third-party rulesets and renderers
    # register themselves on import (tests use it for their fixture game).
    plugins: str = Field(default="", validation_alias="KERYX_PLUGINS")
    # File the bot touches while connected; the Docker health check reads its age.
    health_file: Path = Field(default=Path("data/health"), validation_alias="KERYX_HEALTH_FILE")
    # NORMAL loses at most the last commits on a power cut; FULL fsyncs every commit.
    sqlite_synchronous: str = Field(default="NORMAL",
                                    validation_alias="KERYX_SQLITE_SYNCHRONOUS")

    # Keryx's own seats (service/bots.py): seconds between a bot's decision opening and
    # its answer (fixed, so the time says nothing of what it considered), and how long the
    # search level may think (keep the delay a second above it).
    bot_delay_s: float = Field(default=2.0, ge=0, validation_alias="KERYX_BOT_DELAY_S")
    search_budget_s: float = Field(default=1.0, gt=0, le=30,
                                   validation_alias="KERYX_SEARCH_BUDGET_S")
    # Delivered public posts and community messages are kept this many days, then pruned.
    outbox_retention_days: float = Field(default=30, gt=0,
                                         validation_alias="KERYX_OUTBOX_RETENTION_DAYS")

    @field_validator("sqlite_synchronous")
    @classmethod
    def _synchronous(cls, value: str) -> str:
        if value.upper() not in ("NORMAL", "FULL", "EXTRA"):
            raise ValueError("KERYX_SQLITE_SYNCHRONOUS must be NORMAL, FULL or EXTRA")
        return value.upper()

    @field_validator("discord_api")
    @classmethod
    def _discord_api(cls, value: str | None) -> str | None:
        """The bot token goes to this address: only Discord's own API or this machine (a
        stand-in) may receive it."""
        if not value:
            return None
        if not api_allowed(value):
            raise ValueError("KERYX_DISCORD_API must be https://discord.com/api… or a "
                             "loopback address (127.0.0.1, ::1, localhost)")
        return value


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def api_allowed(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme == "https" and parts.hostname == "discord.com":
        return parts.path.startswith("/api")
    return parts.scheme in ("http", "https") and parts.hostname in LOOPBACK


def shown_database(target: str) -> str:
    """The database as start-up prints it: a file's full path, a URL without password."""
    from service.store.guard import shown_url
    from service.store.target import is_postgres

    return shown_url(target) if is_postgres(target) else str(Path(target).resolve())


def parse_shards(shards: str | None, count: int | None) -> tuple[list[int], int] | None:
    """`--shards 0-3 --shard-count 8` -> ([0, 1, 2, 3], 8); None when not sharding."""
    if shards is None and count is None:
        return None
    if shards is None or count is None or count < 1:
        raise ValueError("--shards and --shard-count go together (e.g. --shards 0-3 "
                         "--shard-count 8)")
    ids: set[int] = set()
    for part in shards.split(","):
        lo, _, hi = part.strip().partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ValueError(f"bad shard list {shards!r}: use ids and ranges like 0-3,6")
        ids.update(range(int(lo), int(hi or lo) + 1))
    if not ids or max(ids) >= count:
        raise ValueError(f"shard ids must lie in 0..{count - 1}")
    return sorted(ids), count


def load_plugins(settings: Settings) -> None:
    """Import each plug-in module; a missing or broken one stops start-up with its own
    error. Module names resolve from the working directory too, as with `python -m`."""
    import importlib
    import os
    import sys

    if settings.plugins and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    for name in filter(None, (p.strip() for p in settings.plugins.split(","))):
        importlib.import_module(name)
