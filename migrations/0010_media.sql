CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`post_id` text,
	`position` integer DEFAULT 0 NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`kind` text DEFAULT 'post' NOT NULL,
	`large_key` text NOT NULL,
	`preview_key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`preview_width` integer NOT NULL,
	`preview_height` integer NOT NULL,
	`placeholder` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_post_idx` ON `media` (`post_id`,`position`) WHERE post_id is not null;--> statement-breakpoint
CREATE INDEX `media_unattached_idx` ON `media` (`created_at`,`id`) WHERE post_id is null;--> statement-breakpoint
CREATE INDEX `media_owner_idx` ON `media` (`owner_id`,`post_id`,`created_at`,`bytes`);--> statement-breakpoint
CREATE INDEX `media_large_key_idx` ON `media` (`large_key`);--> statement-breakpoint
CREATE INDEX `media_preview_key_idx` ON `media` (`preview_key`);