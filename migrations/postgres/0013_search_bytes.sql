-- People and tag lookup find keys by their start: a range of an index. Collated "C", as username_key
-- (0004_username_key_bytes), the keys order by their bytes as on SQLite, and the keys that start with a
-- prefix are one range in every locale; equality (a tag's feed) is unchanged. The indexes are rebuilt.
ALTER TABLE "users" ALTER COLUMN "search_username" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "search_name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "search_last" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "post_tags" ALTER COLUMN "tag" SET DATA TYPE text COLLATE "C";
