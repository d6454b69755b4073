-- A game may start from a described position (a rulebook example, a bug report, a lesson)
-- instead of its scenario's set-up. JSON text; NULL for an ordinary game.
ALTER TABLE games ADD COLUMN position TEXT;
