import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import type { KeyRow, PostSearch, Reads, SortKey } from '../store.js';

// Search of posts (docs/search.md) over posts_fts, the FTS5 index that migrations/0012_posts_search.sql keeps
// in step with posts by triggers. Each statement answers a page and one more with each post's key
// `[now, score, createdAt, id]` as JSON, leaving out authors hidden from the viewer and limited members, as
// explore does (relations.ts).

const page = limits.pageSize + 1;
const shown = `p.author_id not in (${hiddenSql(':viewerId')})
  and (select limited_at from users where id = p.author_id) is null`;
const day = 24 * 60 * 60 * 1000;

/**
 * With terms: the newest matches (FTS5 walks its index by rowid, newest first, and stops at the bound), then
 * the best of those. bm25() is negative, lower better; its relevance is weighed by age, halved at 30 days.
 */
const matching = preparedOnce((db: Db) =>
  db.$client.prepare(`select id, json_array(:now, score, created_at, id) as key from (
    select p.id, p.created_at,
      cast(-bm25(posts_fts) * 1000000 * 30 / (30 + max(0, :now - p.created_at) / ${day}.0) as integer) as score
    from posts_fts join posts p on p.rowid = posts_fts.rowid
    where posts_fts match :match
      and (:authorId is null or p.author_id = :authorId)
      and (:tag is null or exists (select 1 from post_tags t where t.tag = :tag and t.post_id = p.id))
      and ${shown}
    order by posts_fts.rowid desc limit ${limits.searchCandidates})
  where (score, created_at, id) < (:k0, :k1, :k2)
  order by score desc, created_at desc, id desc limit ${page}`),
);

// Without terms (`from:ana`, `#garden`, or both), newest first, from the same indexes as a profile and a
// tag's feed.
const byAuthor = preparedOnce((db: Db) =>
  db.$client.prepare(`select p.id, json_array(:now, 0, p.created_at, p.id) as key from posts p
    where p.author_id = :authorId and (p.created_at, p.id) < (:k1, :k2) and ${shown}
    order by p.created_at desc, p.id desc limit ${page}`),
);
const byTag = preparedOnce((db: Db) =>
  db.$client.prepare(`select p.id, json_array(:now, 0, t.created_at, t.post_id) as key
    from post_tags t join posts p on p.id = t.post_id
    where t.tag = :tag and (t.created_at, t.post_id) < (:k1, :k2)
      and (:authorId is null or p.author_id = :authorId) and ${shown}
    order by t.created_at desc, t.post_id desc limit ${page}`),
);

/** A key above every post's: the first page. */
const top: SortKey = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ''];

/**
 * Each term as an FTS5 string (double quotes doubled), so no text is read as an operator. unicode61 keeps a
 * run of Chinese or Japanese as one token, so a term in those scripts matches the start of a run.
 */
export const matchExpression = (terms: string[]) =>
  terms
    .map(
      (term) =>
        `"${term.replaceAll('"', '""')}"${/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(term) ? '*' : ''}`,
    )
    .join(' ');

export function searchReads(db: Db): Reads['search'] {
  return {
    posts: async (viewerId, search: PostSearch, key) => {
      const [k0, k1, k2] = key ?? top;
      const values = { viewerId, now: search.now, authorId: search.authorId, tag: search.tag, k0, k1, k2 };
      if (search.terms.length > 0) {
        return matching(db)
          .raw()
          .all({ ...values, match: matchExpression(search.terms) }) as KeyRow[];
      }
      const { k0: _, ...rest } = values;
      if (search.tag) return byTag(db).raw().all(rest) as KeyRow[];
      const { tag: __, ...authorValues } = rest;
      return byAuthor(db).raw().all(authorValues) as KeyRow[];
    },
  };
}
