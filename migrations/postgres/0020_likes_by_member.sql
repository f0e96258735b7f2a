-- A member's likes, most recently liked first, from index entries: the Mastodon API's favourites
-- (docs/mastodon-api.md, "Statuses and timelines"). Its prefix (user_id) still serves an account's
-- deletion cascade, which the old index served alone.
DROP INDEX "post_reactions_user_idx";--> statement-breakpoint
CREATE INDEX "post_reactions_user_kind_created_idx" ON "post_reactions" USING btree ("user_id","kind","created_at","post_id");
