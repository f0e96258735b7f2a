import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import { rankCandidates, type Candidate } from './search-rank.js';
import type { KeyRow, PostSearch, PostSearchReads, SortKey } from '../store.js';

// Search of posts (docs/search.md) over posts_fts, the FTS5 index that migrations/0014_posts_search.sql keeps
// in step with posts by triggers. Each statement answers a page and one more with each post's key
// `[now, score, createdAt, id]` as JSON, leaving out authors hidden from the viewer and limited members, as
// explore does (relations.ts).

const page = limits.pageSize + 1;
const shown = `p.author_id not in (${hiddenSql(':viewerId')})
  and (select limited_at from users where id = p.author_id) is null`;

/**
 * With terms: the newest matches that the viewer may see (FTS5 walks its index by rowid, newest first, and
 * stops at the bound), ranked by search-rank.ts.
 */
const matching = preparedOnce((db: Db) =>
  db.$client.prepare(`select p.id, p.created_at, p.content
    from posts_fts join posts p on p.rowid = posts_fts.rowid
    where posts_fts match :match
      and (:authorId is null or p.author_id = :authorId)
      and (:tag is null or exists (select 1 from post_tags t where t.tag = :tag and t.post_id = p.id))
      and ${shown}
    order by posts_fts.rowid desc limit ${limits.searchCandidates}`),
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

export function postSearchReads(db: Db): PostSearchReads {
  return {
    posts: async (viewerId, search: PostSearch, key) => {
      const [k0, k1, k2] = key ?? top;
      const narrowing = { viewerId, authorId: search.authorId, tag: search.tag };
      if (search.terms.length > 0) {
        const match = matchExpression(search.terms);
        const candidates = matching(db)
          .raw()
          .all({ ...narrowing, match }) as Candidate[];
        return rankCandidates(candidates, search.terms, search.now, [k0!, k1!, k2!], page);
      }
      const values = { ...narrowing, now: search.now, k1, k2 };
      if (search.tag) return byTag(db).raw().all(values) as KeyRow[];
      const { tag: _, ...authorValues } = values;
      return byAuthor(db).raw().all(authorValues) as KeyRow[];
    },
  };
}
