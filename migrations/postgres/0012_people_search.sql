-- People search's keys (shared/search-fold.ts): the username, "first last" and the last name, folded. They need
-- JavaScript to fold, so the start that runs this migration fills them in for the existing members right after
-- (fillSearchKeys); until then they are null. A typed prefix is one range of each index.
ALTER TABLE "users" ADD COLUMN "search_username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_last" text;--> statement-breakpoint
CREATE INDEX "users_search_username_idx" ON "users" USING btree ("search_username");--> statement-breakpoint
CREATE INDEX "users_search_name_idx" ON "users" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "users_search_last_idx" ON "users" USING btree ("search_last");