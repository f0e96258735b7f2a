-- A public handle apart from a private email (docs/decisions/0016-handle-and-email.md). The handles of the
-- members whose username is not one are made at start-up, in code (store/sqlite/client.ts fillHandles), as
-- username skeletons are: a handle must avoid reserved and look-alike names, which only JavaScript knows.
CREATE TABLE `former_handles` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `former_handles_user_idx` ON `former_handles` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_key` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `handle_changes_left` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_key_idx` ON `users` (`email_key`) WHERE email_key is not null;