-- Move clocks and reminders live in the community tables (0010: game_clocks, outbox);
-- the store's first sketch of a deadlines table was never used, so it goes.
DROP TABLE deadlines;
