-- Sides chosen at the start rather than named on joining (`/game new sides:bid|random`,
-- service/sides.py). One row per game opened that way; `result` is written with the start.
CREATE TABLE lobby_sides (
    game_id        BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    mode           TEXT NOT NULL CHECK (mode IN ('bid', 'random')),
    bidding_since  TEXT,                    -- when the bids were opened (`/game start`)
    result         TEXT                     -- JSON, at the start: bids, rolls, who pays
);

-- The sealed bids, one per player and final once made (a second click changes nothing).
-- Kept after the start: the result post reveals them and the export carries them.
CREATE TABLE side_bids (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id  BIGINT NOT NULL,
    side     TEXT NOT NULL,                 -- the first seat of the place wanted
    amount   INTEGER NOT NULL CHECK (amount >= 0),
    at       TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
