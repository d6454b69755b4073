-- The record's digest (service/chain.py, docs/records.md): each action row keeps the
-- digest of the record after it, computed in the action's own transaction, and each game
-- its latest one (at the start, after its last action, or after its end), so a public post
-- shows it without recomputing anything. NULL (rows written before this migration): the
-- service computes the game's chain from its log the first time it needs it.

ALTER TABLE actions ADD COLUMN chain TEXT;
ALTER TABLE games ADD COLUMN chain TEXT;
