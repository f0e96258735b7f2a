-- As SQLite's 0026_handles: a handle apart from a private email; the handles are made at start-up, in code
-- (store/postgres/migrate.ts fillHandles).
CREATE TABLE "former_handles" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"changed_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle_changes_left" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "former_handles" ADD CONSTRAINT "former_handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "former_handles_user_idx" ON "former_handles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key_idx" ON "users" USING btree ("email_key") WHERE email_key is not null;