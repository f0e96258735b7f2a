-- How many posts each member has, as ../0018_member_post_counts.sql (SQLite) says: kept by triggers in the
-- writing transaction, derived (the copy from SQLite rebuilds it from the posts it copies).
CREATE TABLE "member_post_counts" (
	"member_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION realm_member_post_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_post_counts (member_id, n) VALUES (NEW.author_id, 1)
      ON CONFLICT (member_id) DO UPDATE SET n = member_post_counts.n + 1;
  ELSE
    UPDATE member_post_counts SET n = n - 1 WHERE member_id = OLD.author_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_post_counts AFTER INSERT OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION realm_member_post_counts();
--> statement-breakpoint
INSERT INTO member_post_counts (member_id, n) SELECT author_id, count(*) FROM posts GROUP BY author_id;
