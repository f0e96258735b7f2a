-- The time of each member's newest item in their stream (feed_items), kept by triggers beside the stream so no
-- write path can forget it. The first page of a Latest home feed starts from the newest item of each member
-- I follow: read here, that is one small table that stays in SQLite's page cache, where a seek into each of
-- 200 streams of a million-item index mostly missed it (docs/performance.md, "Where a home feed's CPU goes"). Derived,
-- as feed_items is, and SQLite's alone: PostgreSQL reads its streams from its own shared buffers.
CREATE TABLE `feed_heads` (
	`member_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `feed_heads_insert` AFTER INSERT ON `feed_items` BEGIN
  INSERT INTO feed_heads (member_id, created_at) VALUES (new.member_id, new.created_at)
    ON CONFLICT (member_id) DO UPDATE SET created_at = max(created_at, excluded.created_at);
END;
--> statement-breakpoint
-- Only the newest item's removal moves the head: back to the item before it, or away with the last one.
CREATE TRIGGER `feed_heads_delete` AFTER DELETE ON `feed_items`
WHEN old.created_at >= (SELECT created_at FROM feed_heads WHERE member_id = old.member_id)
BEGIN
  DELETE FROM feed_heads WHERE member_id = old.member_id;
  INSERT INTO feed_heads (member_id, created_at)
    SELECT member_id, created_at FROM feed_items WHERE member_id = old.member_id
    ORDER BY created_at DESC LIMIT 1;
END;
--> statement-breakpoint
-- The streams written before this migration.
INSERT INTO feed_heads (member_id, created_at) SELECT member_id, max(created_at) FROM feed_items GROUP BY member_id;
