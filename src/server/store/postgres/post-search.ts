import { limits } from '../../../shared/limits.js';
import type { KeyRow, PostSearch, PostSearchReads, SortKey } from '../store.js';
import type { Queryable } from './queryable.js';
import { hiddenSql } from './relations.js';
import { arrayStatement } from './statement.js';

// Search of posts (docs/search.md) over posts.search, the tsvector that migrations/postgres/0014_posts_search.sql
// generates from each post's folded text (realm_search_text), with its GIN index. As ../sqlite/search.ts:
// a page and one more with each post's key `[now, score, createdAt, id]` as JSON, leaving out authors
// hidden from the viewer `$1` and limited members, as explore does (relations.ts).

const page = limits.pageSize + 1;
const hidden = hiddenSql('$1::text');
// Limited members by a join on the users' key, as explore reads them (the planner memoizes it by author). As
// a scalar subquery, its `is null` was guessed to pass 1 post in 200, and for three common words on 1,000,000
// posts the planner read all 64,000 matches through the GIN index (2 s) instead of walking posts_created_idx
// until 200 had passed (16 ms).
const from = `posts p join users u on u.id = p.author_id and u.limited_at is null`;
const shown = `p.author_id <> all (${hidden})`;
const day = 24 * 60 * 60 * 1000;
// Written out where it is used, not in a CTE: as an expression over a parameter, the planner can take it to
// the GIN index (and fold it to a constant in a custom plan).
const query = `websearch_to_tsquery('simple', realm_search_text($3::text))`;

/**
 * With terms: the newest matches, then the best of those. `$3` is the terms, each in double quotes, read by
 * websearch_to_tsquery, which never fails on its input: a quoted term is a phrase of its words (a CJK term, a
 * phrase of its characters), all of them required. ts_rank's relevance is weighed by age, halved at 30 days.
 */
const matchingText = `with c as materialized (
     select p.id, p.created_at, cast(ts_rank(p.search, ${query}) * 1000000 * 30
       / (30 + greatest(0, $2::bigint - p.created_at) / ${day}.0) as bigint) as score
     from ${from}
     where p.search @@ ${query}
       and ($4::text is null or p.author_id = $4)
       and ($5::text is null or exists (select 1 from post_tags t where t.tag = $5 and t.post_id = p.id))
       and ${shown}
     order by p.created_at desc, p.id desc limit ${limits.searchCandidates})
   select id, json_build_array($2::bigint, score, created_at, id)::text from c
   where (score, created_at, id) < ($6::bigint, $7::bigint, $8::text)
   order by score desc, created_at desc, id desc limit ${page}`;
/**
 * Unnamed, so planned with its values every time. As a named statement, after a few runs on 1,000,000 posts a
 * search ran past the 15 s statement timeout: a generic plan cannot tell a common word (walk
 * posts_created_idx and stop at the bound) from a rare one (read the GIN index), and reading every match of a
 * common word through the GIN index means hundreds of thousands of rows.
 */
const matching = async (db: Queryable, values: unknown[]) =>
  (await db.query<KeyRow>({ text: matchingText, values, rowMode: 'array' })).rows;

// Without terms (`from:ana`, `#garden`, or both), newest first, from the same indexes as a profile and a
// tag's feed.
const byAuthor = arrayStatement<KeyRow>(
  'search-posts-by-author',
  `select p.id, json_build_array($2::bigint, 0, p.created_at, p.id)::text from ${from}
   where p.author_id = $3 and (p.created_at, p.id) < ($4::bigint, $5::text) and ${shown}
   order by p.created_at desc, p.id desc limit ${page}`,
);
const byTag = arrayStatement<KeyRow>(
  'search-posts-by-tag',
  `select p.id, json_build_array($2::bigint, 0, t.created_at, t.post_id)::text
   from post_tags t join ${from} on p.id = t.post_id
   where t.tag = $3 and (t.created_at, t.post_id) < ($5::bigint, $6::text)
     and ($4::text is null or p.author_id = $4) and ${shown}
   order by t.created_at desc, t.post_id desc limit ${page}`,
);

/** A key above every post's: the first page. */
const top: SortKey = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ''];

/** Each term quoted for websearch_to_tsquery (which has no escape: a term never holds a double quote). */
const webSearchText = (terms: string[]) => terms.map((term) => `"${term.replaceAll('"', ' ')}"`).join(' ');

export function postSearchReads(db: Queryable): PostSearchReads {
  return {
    posts: async (viewerId, search: PostSearch, key) => {
      const [k0, k1, k2] = key ?? top;
      if (search.terms.length > 0) {
        return matching(db, [
          viewerId,
          search.now,
          webSearchText(search.terms),
          search.authorId,
          search.tag,
          k0,
          k1,
          k2,
        ]);
      }
      if (search.tag) return byTag(db, [viewerId, search.now, search.tag, search.authorId, k1, k2]);
      return byAuthor(db, [viewerId, search.now, search.authorId, k1, k2]);
    },
  };
}
