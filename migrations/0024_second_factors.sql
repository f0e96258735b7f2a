-- A member's TOTP second factor, its secret sealed, and its one-time recovery codes as hashes
-- (docs/security.md, "Second factors").
CREATE TABLE `recovery_codes` (
	`member_id` text NOT NULL,
	`code_hash` text NOT NULL,
	PRIMARY KEY(`member_id`, `code_hash`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `second_factors` (
	`member_id` text PRIMARY KEY NOT NULL,
	`sealed_secret` text NOT NULL,
	`last_step` integer NOT NULL,
	`enabled_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
