-- Full-text search of posts (docs/search.md, docs/decisions/0009-search-in-the-database.md): a generated
-- tsvector of each post's folded text, with a GIN index. unaccent is a trusted extension (PostgreSQL 13+):
-- the database's owner may create it. Its function is only STABLE (it reads a dictionary), so the column
-- calls it through an IMMUTABLE wrapper that names the dictionary outright.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
-- Lower case, no accents, and each Chinese, Japanese or Korean character a word of its own: those scripts
-- do not separate words, so a query's CJK word is searched as the phrase of its characters.
CREATE FUNCTION realm_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)),
    '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f])', ' \1 ', 'g') $$;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, realm_search_text("content"))) STORED;
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");
