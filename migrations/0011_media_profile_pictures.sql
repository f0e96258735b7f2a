DROP INDEX `media_unattached_idx`;--> statement-breakpoint
CREATE INDEX `media_unattached_idx` ON `media` (`created_at`,`id`) WHERE post_id is null and kind = 'post';