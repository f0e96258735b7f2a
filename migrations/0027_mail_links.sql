-- The links mailed to members (confirming an address, choosing a new password) and the browsers and apps
-- they have signed in from, for the notice of a new sign-in (docs/mail.md).
CREATE TABLE `email_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_tokens_member_idx` ON `email_tokens` (`member_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `known_devices` (
	`member_id` text NOT NULL,
	`device_key` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `device_key`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `sign_in_notices` integer DEFAULT 1 NOT NULL;