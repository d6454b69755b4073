"""The service layer (no Discord here): tables, seats, turns, the store (docs/architecture.md)."""

from .audit import EXPORT_FORMAT
from .errors import Refusal
from .games import GameService
from .results import (
    ActionResult,
    GameInfo,
    ImportedGame,
    LogEntry,
    OpenPrompt,
    PendingPrompt,
    SeatInfo,
    SeatView,
    StartResult,
)

__all__ = [
    "EXPORT_FORMAT", "ActionResult", "GameInfo", "GameService", "ImportedGame", "LogEntry",
    "OpenPrompt", "PendingPrompt", "Refusal", "SeatInfo", "SeatView", "StartResult",
]
