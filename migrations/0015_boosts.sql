CREATE TABLE `boosts` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `boosts_user_created_idx` ON `boosts` (`user_id`,`created_at`,`post_id`);--> statement-breakpoint
CREATE INDEX `boosts_post_created_idx` ON `boosts` (`post_id`,`created_at`,`user_id`);--> statement-breakpoint
ALTER TABLE `follows` ADD `hide_boosts` integer DEFAULT false NOT NULL;