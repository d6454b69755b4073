-- Results by place and ratings from them (docs/community.md, Ratings and Leagues).
--
-- Every finished seat and league place now records the place it finished in (1 = best,
-- shared places share the number), and every seat its team (the allied seats joined by
-- '+', or the seat alone), so a game's ranking can be rated again at any time. Results
-- recorded before had only winners and losers: winners and draws finished first, losers
-- second, which is exactly what those games' outcomes ranked. Old rows' teams are filled
-- by the rebuild (service/community/ratings.py), which knows the scenarios.
--
-- Ratings move from Glicko-2 to Weng-Lin (Plackett-Luce): the volatility columns go, and
-- `rating_model` names the model the stored ratings were computed with. It starts empty,
-- so the first process to open the community tables rebuilds every rating from the
-- recorded results, in order, under the new model.

ALTER TABLE player_games ADD COLUMN place INTEGER;
ALTER TABLE player_games ADD COLUMN team TEXT;
UPDATE player_games SET place = CASE result WHEN 'loss' THEN 2 ELSE 1 END
WHERE status = 'finished' AND result IS NOT NULL;

ALTER TABLE league_game_players ADD COLUMN place INTEGER;
UPDATE league_game_players SET place = CASE result WHEN 'loss' THEN 2 ELSE 1 END
WHERE result IS NOT NULL;

ALTER TABLE ratings DROP COLUMN volatility;
ALTER TABLE rating_changes DROP COLUMN vol_after;

CREATE TABLE rating_model (
    model       TEXT PRIMARY KEY,
    rebuilt_at  TEXT NOT NULL
);
