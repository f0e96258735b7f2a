-- What each username looks like (Unicode TR39 skeleton), so signup can refuse a look-alike of a member's name.
-- The skeleton needs the confusables table, in JavaScript, so the start that runs this migration fills it in
-- for the existing members right after (fillUsernameSkeletons); until then it is null. Not unique: an
-- instance may already hold two look-alikes.
ALTER TABLE `users` ADD `username_skeleton` text;--> statement-breakpoint
CREATE INDEX `users_username_skeleton_idx` ON `users` (`username_skeleton`);
