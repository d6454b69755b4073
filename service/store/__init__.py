"""Persistence: the repository interface (`base`), its SQLite implementation and its
PostgreSQL one (`postgres`, imported only when a postgresql:// URL is opened)."""

from .base import (
    ActionRow,
    ActReads,
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
from .target import is_postgres, open_store

__all__ = [
    "ActionRow", "ActReads", "ChannelBusy", "DuplicateInteraction", "GameEnd", "GameRow",
    "MessageRow", "MigrationError", "NewGame", "NotFound", "SeatChange", "SeatRow",
    "SeatTaken", "SqliteStore", "StaleVersion", "Store", "StoreConflict", "UserSeat",
    "WrongStatus", "is_postgres", "migrate", "open_store",
]
