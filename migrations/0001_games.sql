-- Games, seats, the append-only action log, posted messages, deadlines.
--
-- Portable SQL on purpose (see docs/storage.md): the same text runs on SQLite and, with
-- the type names noted below, on PostgreSQL. Discord ids are 64-bit integers (BIGINT on
-- PostgreSQL). Times are ISO-8601 UTC text written by the application (timestamptz on
-- PostgreSQL). JSON columns are text (jsonb on PostgreSQL).

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,          -- BIGSERIAL/identity on PostgreSQL
    guild_id        BIGINT,                       -- NULL outside a guild (console, imports)
    channel_id      BIGINT NOT NULL,              -- the channel or thread the game lives in
    ruleset         TEXT NOT NULL,
    scenario        TEXT NOT NULL,
    options         TEXT NOT NULL DEFAULT '{}',   -- JSON: the ruleset options chosen
    status          TEXT NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'running', 'finished', 'abandoned')),
    created_by      BIGINT,
    engine_version  TEXT,                         -- the kernel the game started under
    rules_version   TEXT,                         -- the ruleset version it started under
    seed_hash       TEXT,                         -- published at start
    seed            TEXT,                         -- revealed only when the game is over
    version         INTEGER NOT NULL DEFAULT 0,   -- the engine's version counter
    snapshot        TEXT,                         -- engine JSON (holds the secret seed)
    outcome         TEXT,                         -- JSON, once finished
    created_at      TEXT NOT NULL,
    started_at      TEXT,
    ended_at        TEXT,
    updated_at      TEXT NOT NULL
);

-- One game in the lobby or running per channel or thread; finished ones stay as history.
CREATE UNIQUE INDEX games_one_live_per_channel
    ON games (channel_id) WHERE status IN ('open', 'running');
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    seat        TEXT,                             -- NULL: joined without choosing; drawn at start
    joined_at   TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE UNIQUE INDEX seats_one_user_per_seat ON seats (game_id, seat) WHERE seat IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

-- Every change of who holds a seat: joins, leaves, draws at start, substitutions.
CREATE TABLE seat_changes (
    id           INTEGER PRIMARY KEY,
    game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT,
    kind         TEXT NOT NULL CHECK (kind IN ('join', 'leave', 'assign', 'replace')),
    old_user_id  BIGINT,
    new_user_id  BIGINT,
    by_user_id   BIGINT,
    reason       TEXT,
    at           TEXT NOT NULL
);
CREATE INDEX seat_changes_by_game ON seat_changes (game_id, id);

-- The append-only log. seq equals the game's version after the action (every act, undo
-- and resignation bumps it by one), so a gap or a duplicate is visible at a glance.
CREATE TABLE actions (
    game_id         BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('act', 'undo', 'resign')),
    seat            TEXT NOT NULL,
    option_id       TEXT,                         -- NULL for undo and resign
    secret          INTEGER NOT NULL DEFAULT 0,   -- the choice answered a secret prompt
    user_id         BIGINT,                       -- who clicked
    interaction_id  TEXT UNIQUE,                  -- idempotency key; NULL for imports
    events          TEXT NOT NULL DEFAULT '[]',   -- JSON: the events the action produced
    at              TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Messages the bot posted for a game, so it can edit or clean them up later.
CREATE TABLE messages (
    message_id  BIGINT PRIMARY KEY,
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id  BIGINT NOT NULL,
    kind        TEXT NOT NULL,                    -- 'map', 'prompt', 'summary', ...
    seat        TEXT,
    version     INTEGER,
    created_at  TEXT NOT NULL
);
CREATE INDEX messages_by_game ON messages (game_id, kind);

-- When a seat must have answered its prompt, and when to remind it.
CREATE TABLE deadlines (
    game_id      BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         TEXT NOT NULL,
    version      INTEGER NOT NULL,                -- the game version the prompt belongs to
    due_at       TEXT NOT NULL,
    remind_at    TEXT,
    reminded_at  TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_by_due ON deadlines (due_at);
CREATE INDEX deadlines_by_remind ON deadlines (remind_at);
