-- A pace chosen when a game is opened (`/game new pace_hours:`) waits here until the game
-- starts, so a restart between the lobby and the start does not leave the game untimed.
CREATE TABLE lobby_paces (
    game_id      BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    initial_s    REAL NOT NULL,
    increment_s  REAL NOT NULL,
    cap_s        REAL NOT NULL
);
