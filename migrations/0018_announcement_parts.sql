-- Delivering an announcement message by message (docs/storage.md, Announcements).
-- `leased_by` names the process whose lease `next_try_at` is while a delivery runs, so a
-- process can tell the leases of processes that are gone and take them over at once.
ALTER TABLE announcements ADD COLUMN leased_by TEXT;

-- Every message of an announcement that was sent, recorded before the next one is sent
-- and before the announcement is marked sent: a retry skips them. Deleted when the
-- announcement is marked sent.
CREATE TABLE announcement_parts (
    game_id    INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    part       INTEGER NOT NULL,          -- its place in the announcement, from 0
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    sent_at    TEXT NOT NULL,
    PRIMARY KEY (game_id, version, part)
);

-- Delivered rows older than the retention window are pruned by their delivery time.
CREATE INDEX announcements_done ON announcements (done_at) WHERE state = 'sent';
