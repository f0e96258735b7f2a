-- Mastodon's home marker (docs/mastodon-api.md, "Notifications"): where an app last stopped reading the home
-- timeline, so the member's other apps start there. A status id as the app sent it, and when it was saved.
ALTER TABLE `users` ADD `home_marker` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `home_marker_at` integer DEFAULT 0 NOT NULL;
