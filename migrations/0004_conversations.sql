CREATE TABLE `comment_mentions` (
	`comment_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_mentions_user_idx` ON `comment_mentions` (`user_id`);--> statement-breakpoint
CREATE TABLE `notification_actors` (
	`notification_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`notification_id`, `actor_id`),
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_actors_group_created_idx` ON `notification_actors` (`notification_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notification_actors_actor_idx` ON `notification_actors` (`actor_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_id` text NOT NULL,
	`kind` text NOT NULL,
	`group_key` text NOT NULL,
	`post_id` text,
	`comment_id` text,
	`latest_at` integer NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_recipient_group_idx` ON `notifications` (`recipient_id`,`group_key`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_latest_idx` ON `notifications` (`recipient_id`,`latest_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_kind_post_idx` ON `notifications` (`recipient_id`,`kind`,`post_id`);--> statement-breakpoint
CREATE INDEX `notifications_post_idx` ON `notifications` (`post_id`);--> statement-breakpoint
CREATE INDEX `notifications_comment_idx` ON `notifications` (`comment_id`);--> statement-breakpoint
CREATE TABLE `post_mentions` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_mentions_user_idx` ON `post_mentions` (`user_id`);--> statement-breakpoint
CREATE TABLE `post_tags` (
	`tag` text NOT NULL,
	`post_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`tag`, `post_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_tags_tag_created_idx` ON `post_tags` (`tag`,`created_at`,`post_id`);--> statement-breakpoint
CREATE INDEX `post_tags_post_idx` ON `post_tags` (`post_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `notifications_read_at` integer DEFAULT 0 NOT NULL;