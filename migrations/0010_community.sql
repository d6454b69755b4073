-- Community play: turn clocks, reminders, vacations, leagues, ratings, digests, outbox.
-- Owned by service/community (docs/community.md). Times are fixed-width ISO-8601 UTC text
-- (text order is time order, same format as 0001); durations are seconds (REAL).
--
-- No foreign keys to `games` on purpose: a league pairing exists before its game row is
-- created by the transport, and the community tables are written in their own
-- transactions after the game service's; game ids are simply carried along.

-- One row per game whose seats have clocks (untimed games too: move times and results
-- are still recorded). pace NULL columns = untimed.
CREATE TABLE community_games (
    game_id         BIGINT PRIMARY KEY,
    guild_id        BIGINT,
    channel_id      BIGINT NOT NULL,               -- where reminders are posted
    ruleset         TEXT NOT NULL,
    league_game_id  BIGINT,                        -- league_games.id, if a league game
    initial_s       REAL,                          -- pace: starting bank
    increment_s     REAL,                          -- pace: added when a turn is handed over
    cap_s           REAL,                          -- pace: the bank never exceeds this
    policy          TEXT NOT NULL DEFAULT 'notify' CHECK (policy IN ('forfeit', 'notify')),
    alert_channel_id BIGINT,                       -- where moderators are told (notify)
    paused          INTEGER NOT NULL DEFAULT 0,
    paused_by       BIGINT,
    status          TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ended')),
    moves           INTEGER NOT NULL DEFAULT 0,    -- turn hand-overs seen
    last_move_at    TEXT,
    created_at      TEXT NOT NULL,
    ended_at        TEXT
);
CREATE INDEX community_games_by_league_game ON community_games (league_game_id);

-- The clock of one seat. A clock *runs* when its seat must act, the game is not paused,
-- its player is not on vacation and it has not expired; then `since` is set and
-- `due_at` = since + bank. `next_at` is the earliest of the next reminder and due_at: the
-- scheduler reads only rows with next_at <= now, through the index below.
CREATE TABLE seat_clocks (
    game_id      BIGINT NOT NULL,
    seat         TEXT NOT NULL,
    user_id      BIGINT,
    bank_s       REAL,                             -- seconds left as of `since` (NULL: untimed)
    since        TEXT,                             -- start of the running segment
    must_act     INTEGER NOT NULL DEFAULT 0,
    turn_no      INTEGER NOT NULL DEFAULT 0,       -- +1 each time the seat is asked to act
    turn_bank_s  REAL,                             -- bank when this turn began (reminder thresholds)
    turn_used_s  REAL NOT NULL DEFAULT 0,          -- clock time used in this turn so far
    reminded     INTEGER NOT NULL DEFAULT 0,       -- reminders sent this turn (0, 1, 2)
    expired      INTEGER NOT NULL DEFAULT 0,
    expirations  INTEGER NOT NULL DEFAULT 0,       -- times this seat ran out in this game
    due_at       TEXT,
    next_at      TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_clocks_next ON seat_clocks (next_at) WHERE next_at IS NOT NULL;
CREATE INDEX seat_clocks_by_user ON seat_clocks (user_id);

-- Per-user preferences and the current vacation.
CREATE TABLE community_users (
    user_id          BIGINT PRIMARY KEY,
    dm_reminders     INTEGER NOT NULL DEFAULT 0,
    display_name     TEXT,                         -- last name the transport saw (tables)
    vacation_start   TEXT,
    vacation_until   TEXT
);
CREATE INDEX community_users_vacation ON community_users (vacation_until)
    WHERE vacation_until IS NOT NULL;

-- Every vacation taken, for the per-season allowance.
CREATE TABLE vacations (
    id          INTEGER PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    start_at    TEXT NOT NULL,
    until_at    TEXT NOT NULL,                     -- planned end
    ended_at    TEXT,                              -- actual end (early return or expiry)
    days        INTEGER NOT NULL                   -- days charged (whole days, rounded up)
);
CREATE INDEX vacations_by_user ON vacations (user_id, start_at);

-- Time a player's clock ran during each finished turn (profile: typical move time).
CREATE TABLE move_times (
    id        INTEGER PRIMARY KEY,
    user_id   BIGINT NOT NULL,
    game_id   BIGINT NOT NULL,
    seconds   REAL NOT NULL,
    at        TEXT NOT NULL
);
CREATE INDEX move_times_by_user ON move_times (user_id, id);
CREATE INDEX move_times_by_game ON move_times (game_id, at);

CREATE TABLE leagues (
    id               INTEGER PRIMARY KEY,
    guild_id         BIGINT,
    channel_id       BIGINT NOT NULL,
    name             TEXT NOT NULL,
    ruleset          TEXT NOT NULL,
    scenario         TEXT NOT NULL,
    seats            TEXT NOT NULL,                -- JSON list: the two seats, in order
    options          TEXT NOT NULL DEFAULT '{}',   -- JSON: ruleset options for every game
    initial_s        REAL,
    increment_s      REAL,
    cap_s            REAL,
    policy           TEXT NOT NULL DEFAULT 'notify' CHECK (policy IN ('forfeit', 'notify')),
    cycles           INTEGER NOT NULL DEFAULT 1,   -- 1 single, 2 double round robin
    rounds_open      INTEGER NOT NULL DEFAULT 0,   -- rounds played at once (0: all at once)
    points_win       REAL NOT NULL DEFAULT 2,
    points_draw      REAL NOT NULL DEFAULT 1,
    points_loss      REAL NOT NULL DEFAULT 0,
    vacation_days    INTEGER NOT NULL DEFAULT 14,
    rated            INTEGER NOT NULL DEFAULT 1,
    digest_hour      INTEGER NOT NULL DEFAULT 18 CHECK (digest_hour BETWEEN 0 AND 23),
    status           TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished')),
    created_by       BIGINT,
    created_at       TEXT NOT NULL,
    started_at       TEXT,
    finished_at      TEXT,
    last_digest_at   TEXT,                         -- when the last digest was claimed
    last_digest_date TEXT,                         -- YYYY-MM-DD of the last digest slot
    next_digest_at   TEXT,                         -- the next slot (NULL unless running)
    table_sig        TEXT                          -- standings as last posted in a digest
);
CREATE UNIQUE INDEX leagues_name ON leagues (coalesce(guild_id, 0), lower(name));
CREATE INDEX leagues_next_digest ON leagues (next_digest_at) WHERE next_digest_at IS NOT NULL;

CREATE TABLE league_players (
    league_id   BIGINT NOT NULL REFERENCES leagues (id),
    user_id     BIGINT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'removed')),
    joined_at   TEXT NOT NULL,
    removed_at  TEXT,
    PRIMARY KEY (league_id, user_id)
);

-- One pairing. user_a plays the league's first seat, user_b the second.
CREATE TABLE league_games (
    id           INTEGER PRIMARY KEY,
    league_id    BIGINT NOT NULL REFERENCES leagues (id),
    round        INTEGER NOT NULL,
    board        INTEGER NOT NULL,
    user_a       BIGINT NOT NULL,
    user_b       BIGINT NOT NULL,
    game_id      BIGINT UNIQUE,                    -- set when the transport created the game
    thread_id    BIGINT,
    status       TEXT NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'running', 'finished', 'void')),
    result       TEXT CHECK (result IN ('a', 'b', 'draw')),
    result_how   TEXT,                             -- 'played', 'forfeit', 'time', 'adjudicated'
    result_by    BIGINT,                           -- moderator, if adjudicated
    note         TEXT,
    ended_at     TEXT
);
CREATE INDEX league_games_by_league ON league_games (league_id, round, board);
CREATE INDEX league_games_ended ON league_games (league_id, ended_at);

-- Glicko-2 ratings per player and ruleset, and every change (one row per rated player
-- per game: the primary key makes rating a game twice impossible).
CREATE TABLE ratings (
    user_id     BIGINT NOT NULL,
    ruleset     TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (user_id, ruleset)
);
CREATE INDEX ratings_board ON ratings (ruleset, rating DESC);

CREATE TABLE rating_changes (
    game_id      BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    ruleset      TEXT NOT NULL,
    rating_before REAL NOT NULL,
    rd_before    REAL NOT NULL,
    rating_after REAL NOT NULL,
    rd_after     REAL NOT NULL,
    vol_after    REAL NOT NULL,
    at           TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Results per player per finished or abandoned game (profiles, reliability).
CREATE TABLE player_games (
    game_id    BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    seat       TEXT NOT NULL,
    ruleset    TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('finished', 'abandoned')),
    result     TEXT CHECK (result IN ('win', 'loss', 'draw')),
    on_time    INTEGER NOT NULL,                   -- this seat's clock never ran out
    rated      INTEGER NOT NULL,
    league_id  BIGINT,
    ended_at   TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id, seat)
);
CREATE INDEX player_games_by_user ON player_games (user_id, ended_at);

-- Everything the scheduler must tell the transport. A row is written in the transaction
-- that claims the reminder, expiry or digest (the unique key makes a second claim
-- impossible); it is handed to the sink after commit and marked sent after the sink
-- returns: at-least-once delivery, never a second claim (docs/community.md).
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    key          TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL,
    payload      TEXT NOT NULL,                    -- JSON of the action
    guard        TEXT,                             -- JSON: still relevant only if this holds
    state        TEXT NOT NULL DEFAULT 'pending'
                 CHECK (state IN ('pending', 'sent', 'dropped', 'failed')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_try_at  TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    done_at      TEXT,
    last_error   TEXT
);
CREATE INDEX outbox_pending ON outbox (next_try_at) WHERE state = 'pending';
