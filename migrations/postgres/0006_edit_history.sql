CREATE TABLE "comment_versions" (
	"comment_id" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"written_at" bigint NOT NULL,
	"replaced_at" bigint NOT NULL,
	CONSTRAINT "comment_versions_comment_id_version_pk" PRIMARY KEY("comment_id","version")
);
--> statement-breakpoint
CREATE TABLE "post_versions" (
	"post_id" text NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"written_at" bigint NOT NULL,
	"replaced_at" bigint NOT NULL,
	CONSTRAINT "post_versions_post_id_version_pk" PRIMARY KEY("post_id","version")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" bigint;--> statement-breakpoint
ALTER TABLE "comment_versions" ADD CONSTRAINT "comment_versions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;