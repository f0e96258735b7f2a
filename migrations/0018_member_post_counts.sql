-- How many posts each member has, kept by triggers in the writing transaction (a foreign key's cascade fires
-- them too), so no write path can forget it: what a page of statuses shows of each author
-- (src/server/mastodon, docs/mastodon-api.md "Pages") without counting their posts on every read. Derived,
-- as feed_items is: the copy to PostgreSQL rebuilds it from the posts it copies.
CREATE TABLE `member_post_counts` (
	`member_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`n` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `member_post_counts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO member_post_counts (member_id, n) VALUES (new.author_id, 1)
    ON CONFLICT (member_id) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `member_post_counts_delete` AFTER DELETE ON `posts` BEGIN
  UPDATE member_post_counts SET n = n - 1 WHERE member_id = old.author_id;
END;
--> statement-breakpoint
-- The posts written before this migration.
INSERT INTO member_post_counts (member_id, n) SELECT author_id, count(*) FROM posts GROUP BY author_id;
