-- The announcement outbox: the public post an action owes the channel, written in the same
-- transaction as the action, delivered afterwards in version order with retries.
CREATE TABLE announcements (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    version     INTEGER NOT NULL,          -- the game version the post describes
    channel_id  BIGINT NOT NULL,
    payload     TEXT NOT NULL,             -- JSON: who to ping, which posts are due
    state       TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT NOT NULL,             -- also the lease of a delivery in progress
    last_error  TEXT,
    created_at  TEXT NOT NULL,
    done_at     TEXT,
    PRIMARY KEY (game_id, version)
);
CREATE INDEX announcements_pending ON announcements (next_try_at) WHERE state = 'pending';
