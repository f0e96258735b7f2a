CREATE TABLE "app_push_subscriptions" (
	"token_id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"standard" boolean NOT NULL,
	"alerts" text NOT NULL,
	"policy" text NOT NULL,
	"sealed_token" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_push_subscriptions" ADD CONSTRAINT "app_push_subscriptions_token_id_oauth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."oauth_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_push_subscriptions" ADD CONSTRAINT "app_push_subscriptions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_push_subscriptions_member_idx" ON "app_push_subscriptions" USING btree ("member_id");