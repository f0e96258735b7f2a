-- When a code or a token was first issued for an app: apps never authorized are removed after a day
-- (docs/mastodon-api.md, "Signing in from an app"). An app registered before this column holding a code or
-- a token now counts as authorized since its registration; one holding neither cannot be told from one never
-- authorized, and goes with them.
ALTER TABLE `oauth_apps` ADD `authorized_at` integer;--> statement-breakpoint
UPDATE `oauth_apps` SET `authorized_at` = `created_at`
WHERE EXISTS (SELECT 1 FROM `oauth_tokens` WHERE `app_id` = `oauth_apps`.`id`)
   OR EXISTS (SELECT 1 FROM `oauth_codes` WHERE `app_id` = `oauth_apps`.`id`);--> statement-breakpoint
CREATE INDEX `oauth_apps_unauthorized_idx` ON `oauth_apps` (`created_at`) WHERE authorized_at is null;--> statement-breakpoint
-- A removed app's codes, found by the cascade without reading every code.
CREATE INDEX `oauth_codes_app_idx` ON `oauth_codes` (`app_id`);
