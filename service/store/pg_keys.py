"""PostgreSQL advisory lock keys, for the store (service/store/pg.py, postgres.py) and
its migrations (pg_migrate.py) alike."""

from __future__ import annotations

import hashlib


def lock_key(schema: str, *parts: object) -> int:
    """A signed 64-bit advisory lock key for (schema, what, id...)."""
    digest = hashlib.blake2b(repr((schema, *parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)
