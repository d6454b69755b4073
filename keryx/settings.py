"""Settings from the environment (or a `.env` file), with embedded defaults."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: str | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    database: Path = Field(default=Path("data/keryx.db"), validation_alias="KERYX_DATABASE")
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


def load_plugins(settings: Settings) -> None:
    import importlib

    for name in filter(None, (p.strip() for p in settings.plugins.split(","))):
        importlib.import_module(name)
