DROP INDEX `follows_followee_idx`;--> statement-breakpoint
CREATE INDEX `follows_followee_created_idx` ON `follows` (`followee_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `follows_follower_created_idx` ON `follows` (`follower_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comment_votes_comment_kind_created_idx` ON `comment_votes` (`comment_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `post_reactions_post_kind_created_idx` ON `post_reactions` (`post_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);