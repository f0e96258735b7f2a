-- Each member's stream for the Latest home feed (docs/decisions/0011-boosts-in-the-home-feed.md): their posts
-- at their post time and their boosts at their boost time, one index, so a home page reads one stream per
-- followed member as it read their posts before boosts. Derived from posts and boosts by triggers in the
-- writing transaction (a foreign key's cascade fires them too), so no write path can forget it; keyed as it
-- is read, without a rowid, so the rows are the index.
CREATE TABLE `feed_items` (
	`member_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`post_id` text NOT NULL,
	`boost` integer NOT NULL,
	PRIMARY KEY (`member_id`, `created_at`, `post_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `feed_items_post_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO feed_items (member_id, created_at, post_id, boost) VALUES (new.author_id, new.created_at, new.id, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `feed_items_post_delete` AFTER DELETE ON `posts` BEGIN
  DELETE FROM feed_items WHERE member_id = old.author_id AND created_at = old.created_at AND post_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `feed_items_boost_insert` AFTER INSERT ON `boosts` BEGIN
  INSERT INTO feed_items (member_id, created_at, post_id, boost) VALUES (new.user_id, new.created_at, new.post_id, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `feed_items_boost_delete` AFTER DELETE ON `boosts` BEGIN
  DELETE FROM feed_items WHERE member_id = old.user_id AND created_at = old.created_at AND post_id = old.post_id;
END;
--> statement-breakpoint
-- The posts written before this migration (boosts are new with the migration before it).
INSERT INTO feed_items (member_id, created_at, post_id, boost) SELECT author_id, created_at, id, 0 FROM posts;
--> statement-breakpoint
INSERT INTO feed_items (member_id, created_at, post_id, boost) SELECT user_id, created_at, post_id, 1 FROM boosts;
