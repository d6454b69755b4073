"""Logging for the bot process. No level may print a secret: the seed before the end, a
hand, a hidden block.

Our own code never logs game state. Libraries do at DEBUG: aiosqlite logs every SQL call
with its parameters (the snapshot, which holds the seed and both hands), discord.py logs
gateway and HTTP payloads (ephemeral prompts, hands). So DEBUG records are let through
only from Keryx's own packages; every other logger is held at INFO or above, whatever
KERYX_LOG_LEVEL says.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

OURS = ("keryx", "shared", "bot", "service", "engine", "renders", "standin")
# Loggers known to print payloads or SQL parameters at DEBUG: kept at INFO so that their
# records are not even created.
CHATTY = ("aiosqlite", "discord", "asyncio", "PIL")


def _ours(name: str) -> bool:
    return name.split(".", 1)[0] in OURS


class OnlyOurDebug(logging.Filter):
    """Drops DEBUG records of loggers outside Keryx's own packages."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno > logging.DEBUG or _ours(record.name)


def setup_logging(level: str, stream: TextIO | None = None) -> logging.Handler:
    """Configure the root logger for the bot process; returns the handler it installed."""
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        raise ValueError(f"unknown log level {level!r}; use DEBUG, INFO, WARNING or ERROR")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(OnlyOurDebug())
    logging.basicConfig(level=numeric, handlers=[handler], force=True)
    for name in CHATTY:
        logging.getLogger(name).setLevel(max(logging.INFO, numeric))
    return handler
