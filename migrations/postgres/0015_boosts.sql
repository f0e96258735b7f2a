CREATE TABLE "boosts" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "boosts_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "follows" ADD COLUMN "hide_boosts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boosts_user_created_idx" ON "boosts" USING btree ("user_id","created_at","post_id");--> statement-breakpoint
CREATE INDEX "boosts_post_created_idx" ON "boosts" USING btree ("post_id","created_at","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('like', 'comment', 'mention', 'follow', 'quote', 'boost'));