CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"post_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'post' NOT NULL,
	"large_key" text NOT NULL,
	"preview_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"preview_width" integer NOT NULL,
	"preview_height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_post_idx" ON "media" USING btree ("post_id","position") WHERE post_id is not null;--> statement-breakpoint
CREATE INDEX "media_unattached_idx" ON "media" USING btree ("created_at","id") WHERE post_id is null;--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id","post_id","created_at","bytes");--> statement-breakpoint
CREATE INDEX "media_large_key_idx" ON "media" USING btree ("large_key");--> statement-breakpoint
CREATE INDEX "media_preview_key_idx" ON "media" USING btree ("preview_key");