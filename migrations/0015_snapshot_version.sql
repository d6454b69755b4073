-- Snapshots written every few actions instead of on every one (docs/storage.md,
-- Snapshots). `snapshot` is the game as it stood at `snapshot_version`; the actions after
-- it are in the log and are applied on load. NULL (every row written before this
-- migration) means the snapshot is of the game's current `version`.

ALTER TABLE games ADD COLUMN snapshot_version INTEGER;
