-- Full-text search of posts (docs/search.md, docs/decisions/0009-search-in-the-database.md): an FTS5 index
-- over posts.content, its rows keyed by posts' rowid, kept in step by triggers in the writing transaction.
-- unicode61 with remove_diacritics 2 folds case and accents in every script that separates words.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(content, content='posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO posts_fts(rowid, content) VALUES (new.rowid, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF content ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  INSERT INTO posts_fts(rowid, content) VALUES (new.rowid, new.content);
END;
--> statement-breakpoint
-- The posts written before this migration.
INSERT INTO posts_fts(posts_fts) VALUES ('rebuild');
--> statement-breakpoint
-- One segment instead of the many a rebuild leaves: later writes then merge little (docs/performance.md).
INSERT INTO posts_fts(posts_fts) VALUES ('optimize');
