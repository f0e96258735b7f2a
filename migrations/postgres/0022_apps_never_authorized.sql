-- As SQLite's 0023_apps_never_authorized: when a code or a token was first issued for an app, apps that held
-- one before counted as authorized since their registration.
ALTER TABLE "oauth_apps" ADD COLUMN "authorized_at" bigint;--> statement-breakpoint
UPDATE "oauth_apps" SET "authorized_at" = "created_at"
WHERE EXISTS (SELECT 1 FROM "oauth_tokens" WHERE "app_id" = "oauth_apps"."id")
   OR EXISTS (SELECT 1 FROM "oauth_codes" WHERE "app_id" = "oauth_apps"."id");--> statement-breakpoint
CREATE INDEX "oauth_apps_unauthorized_idx" ON "oauth_apps" USING btree ("created_at") WHERE authorized_at is null;--> statement-breakpoint
CREATE INDEX "oauth_codes_app_idx" ON "oauth_codes" USING btree ("app_id");
