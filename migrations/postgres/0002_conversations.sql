CREATE TABLE "comment_mentions" (
	"comment_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "comment_mentions_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_actors" (
	"notification_id" text NOT NULL,
	"actor_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "notification_actors_notification_id_actor_id_pk" PRIMARY KEY("notification_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"post_id" text,
	"comment_id" text,
	"latest_at" bigint NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('like', 'comment', 'mention', 'follow'))
);
--> statement-breakpoint
CREATE TABLE "post_mentions" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "post_mentions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"tag" text NOT NULL,
	"post_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "post_tags_tag_post_id_pk" PRIMARY KEY("tag","post_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_read_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_mentions_user_idx" ON "comment_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_actors_group_created_idx" ON "notification_actors" USING btree ("notification_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_actors_actor_idx" ON "notification_actors" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_recipient_group_idx" ON "notifications" USING btree ("recipient_id","group_key");--> statement-breakpoint
CREATE INDEX "notifications_recipient_latest_idx" ON "notifications" USING btree ("recipient_id","latest_at","id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_kind_post_idx" ON "notifications" USING btree ("recipient_id","kind","post_id");--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "post_mentions_user_idx" ON "post_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_idx" ON "post_tags" USING btree ("tag","created_at","post_id");--> statement-breakpoint
CREATE INDEX "post_tags_post_idx" ON "post_tags" USING btree ("post_id");