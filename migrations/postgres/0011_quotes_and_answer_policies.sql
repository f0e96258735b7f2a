ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_of_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "is_quote" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_quote_of_id_posts_id_fk" FOREIGN KEY ("quote_of_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_quote_of_created_idx" ON "posts" USING btree ("quote_of_id","created_at","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('like', 'comment', 'mention', 'follow', 'quote'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_comment_policy_check" CHECK ("posts"."comment_policy" in ('everyone', 'following', 'mentioned'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_quote_policy_check" CHECK ("posts"."quote_policy" in ('everyone', 'followers', 'nobody'));