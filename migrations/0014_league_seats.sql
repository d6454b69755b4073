-- Leagues for games of 2 to 6 seats and teams of allies (docs/community.md, Leagues).
--
-- A league game had two players in two columns (user_a in the league's first seat, user_b
-- in the second) and one result ('a', 'b', 'draw'). Now each person in a league game is a
-- row of league_game_players: `slot` is the index of the seats they hold in the league's
-- `holdings` (one list of seats per person; '[]' = one person per seat, in `seats` order),
-- and `result` is their own ('win', 'loss', 'draw'). Allies win together, so a game may
-- have several winners. The conversion is exact: user_a -> slot 0, user_b -> slot 1, and
-- 'a' / 'b' / 'draw' -> win+loss / loss+win / draw+draw; a pending or void game keeps no
-- result.

ALTER TABLE leagues ADD COLUMN holdings TEXT NOT NULL DEFAULT '[]';  -- JSON: seats per person
ALTER TABLE leagues ADD COLUMN teams TEXT NOT NULL DEFAULT '[]';     -- JSON: allied seats

CREATE TABLE league_game_players (
    league_game_id  BIGINT NOT NULL REFERENCES league_games (id),
    slot            INTEGER NOT NULL,               -- index into the league's holdings
    user_id         BIGINT NOT NULL,
    result          TEXT CHECK (result IN ('win', 'loss', 'draw')),
    PRIMARY KEY (league_game_id, slot)
);
CREATE INDEX league_game_players_by_user ON league_game_players (user_id, league_game_id);

INSERT INTO league_game_players (league_game_id, slot, user_id, result)
SELECT id, 0, user_a,
       CASE result WHEN 'a' THEN 'win' WHEN 'b' THEN 'loss' WHEN 'draw' THEN 'draw' END
FROM league_games;

INSERT INTO league_game_players (league_game_id, slot, user_id, result)
SELECT id, 1, user_b,
       CASE result WHEN 'a' THEN 'loss' WHEN 'b' THEN 'win' WHEN 'draw' THEN 'draw' END
FROM league_games;

ALTER TABLE league_games DROP COLUMN user_a;
ALTER TABLE league_games DROP COLUMN user_b;
ALTER TABLE league_games DROP COLUMN result;
