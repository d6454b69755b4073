"""Settings from the environment (or a `.env` file), with embedded defaults."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
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
