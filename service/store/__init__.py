"""Persistence: the repository interface (`base`) and its SQLite implementation."""

from .base import (
    ActionRow,
    ChannelBusy,
    DuplicateInteraction,
    GameEnd,
    GameRow,
    MessageRow,
    NewGame,
    NotFound,
    SeatChange,
    SeatRow,
    SeatTaken,
    StaleVersion,
    Store,
    StoreConflict,
    UserSeat,
    WrongStatus,
)
from .migrate import MigrationError, migrate
from .sqlite import SqliteStore

__all__ = [
    "ActionRow", "ChannelBusy", "DuplicateInteraction", "GameEnd", "GameRow",
    "MessageRow", "MigrationError", "NewGame", "NotFound", "SeatChange", "SeatRow",
    "SeatTaken", "SqliteStore", "StaleVersion", "Store", "StoreConflict", "UserSeat",
    "WrongStatus", "migrate",
]
