-- drizzle-kit left out the ON DELETE of the reference on the added column: written here by hand, as schema.ts says.
ALTER TABLE `posts` ADD `comment_policy` text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `quote_policy` text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `quote_of_id` text REFERENCES posts(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `posts` ADD `is_quote` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_quote_of_created_idx` ON `posts` (`quote_of_id`,`created_at`,`id`);