CREATE TABLE `comment_versions` (
	`comment_id` text NOT NULL,
	`version` integer NOT NULL,
	`text` text NOT NULL,
	`written_at` integer NOT NULL,
	`replaced_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `version`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_versions` (
	`post_id` text NOT NULL,
	`version` integer NOT NULL,
	`content` text NOT NULL,
	`written_at` integer NOT NULL,
	`replaced_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `version`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `edited_at` integer;