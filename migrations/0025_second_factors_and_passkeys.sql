-- A member's TOTP second factor, its secret sealed, its one-time recovery codes as hashes (docs/security.md,
-- "Second factors"), and their passkeys, WebAuthn credentials ("Passkeys").
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_member_idx` ON `passkeys` (`member_id`,`created_at`);--> statement-breakpoint
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
