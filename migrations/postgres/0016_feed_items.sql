-- Each member's stream for the Latest home feed, as ../0016_feed_items.sql (SQLite) says: their posts and
-- their boosts in one index, derived by triggers in the writing transaction (a foreign key's cascade fires
-- them too).
CREATE TABLE "feed_items" (
	"member_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"post_id" text NOT NULL,
	"boost" boolean NOT NULL,
	CONSTRAINT "feed_items_pk" PRIMARY KEY ("member_id", "created_at", "post_id")
);
--> statement-breakpoint
CREATE FUNCTION realm_feed_items_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO feed_items (member_id, created_at, post_id, boost) VALUES (NEW.author_id, NEW.created_at, NEW.id, false);
  ELSE
    DELETE FROM feed_items WHERE member_id = OLD.author_id AND created_at = OLD.created_at AND post_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION realm_feed_items_boost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO feed_items (member_id, created_at, post_id, boost) VALUES (NEW.user_id, NEW.created_at, NEW.post_id, true);
  ELSE
    DELETE FROM feed_items WHERE member_id = OLD.user_id AND created_at = OLD.created_at AND post_id = OLD.post_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feed_items_post AFTER INSERT OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION realm_feed_items_post();
--> statement-breakpoint
CREATE TRIGGER feed_items_boost AFTER INSERT OR DELETE ON boosts FOR EACH ROW EXECUTE FUNCTION realm_feed_items_boost();
--> statement-breakpoint
INSERT INTO feed_items (member_id, created_at, post_id, boost) SELECT author_id, created_at, id, false FROM posts;
--> statement-breakpoint
INSERT INTO feed_items (member_id, created_at, post_id, boost) SELECT user_id, created_at, post_id, true FROM boosts;
