-- Mastodon's home marker (docs/mastodon-api.md, "Notifications"): where an app last stopped reading the home
-- timeline, so the member's other apps start there. A status id as the app sent it, and when it was saved.
ALTER TABLE "users" ADD COLUMN "home_marker" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_marker_at" bigint DEFAULT 0 NOT NULL;
