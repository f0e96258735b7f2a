CREATE TABLE `app_push_subscriptions` (
	`token_id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`standard` integer NOT NULL,
	`alerts` text NOT NULL,
	`policy` text NOT NULL,
	`sealed_token` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`token_id`) REFERENCES `oauth_tokens`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_push_subscriptions_member_idx` ON `app_push_subscriptions` (`member_id`);