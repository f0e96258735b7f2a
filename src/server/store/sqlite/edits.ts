import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { Reads, TextVersion } from '../store.js';
import { hiddenSql } from './relations.js';

// The history of edits: a post's or comment's earlier texts (post_versions, comment_versions), kept by the
// same write that replaces them (posts.ts), and read newest first by each table's primary key.

const hidden = hiddenSql(':viewer');

type Current = { text: string; createdAt: number; editedAt: number | null };
type Earlier = { version: number; text: string; writtenAt: number; replacedAt: number };

/**
 * Copies the current text into its table of versions when `:text` differs from it (numbered one past the
 * last kept; the post's row lock, or SQLite's one writer, keeps two edits from taking one number), then
 * writes `:text`, moving edited_at only when it changed.
 */
const keepAndWrite = (table: 'posts' | 'comments') => {
  const [versions, owner, column] =
    table === 'posts' ? ['post_versions', 'post_id', 'content'] : ['comment_versions', 'comment_id', 'text'];
  return {
    keep: `insert into ${versions} (${owner}, version, ${column}, written_at, replaced_at)
      select t.id, coalesce((select max(v.version) from ${versions} v where v.${owner} = t.id), 0) + 1,
        t.${column}, coalesce(t.edited_at, t.created_at), :at
      from ${table} t where t.id = :id and t.${column} <> :text`,
    write: `update ${table} set ${column} = :text, updated_at = :at,
      edited_at = iif(${column} <> :text, :at, edited_at) where id = :id`,
  };
};

const statements = preparedOnce((db: Db) => {
  const perTable = (table: 'posts' | 'comments') => {
    const { keep, write } = keepAndWrite(table);
    return {
      keep: db.$client.prepare<{ id: string; text: string; at: number }>(keep),
      write: db.$client.prepare<{ id: string; text: string; at: number }>(write),
    };
  };
  return {
    posts: perTable('posts'),
    comments: perTable('comments'),
    currentPost: db.$client.prepare<{ viewer: string | null; postId: string }, Current>(
      `select p.content as text, p.created_at as createdAt, p.edited_at as editedAt from posts p
       where p.id = :postId and p.author_id not in (${hidden})`,
    ),
    currentComment: db.$client.prepare<{ viewer: string | null; postId: string; commentId: string }, Current>(
      `select c.text, c.created_at as createdAt, c.edited_at as editedAt from comments c
       where c.id = :commentId and c.post_id = :postId and c.author_id not in (${hidden})
         and (select author_id from posts where id = :postId) not in (${hidden})`,
    ),
    earlierPost: db.$client.prepare<{ postId: string; limit: number }, Earlier>(
      `select version, content as text, written_at as writtenAt, replaced_at as replacedAt
       from post_versions where post_id = :postId order by version desc limit :limit`,
    ),
    earlierComment: db.$client.prepare<{ commentId: string; limit: number }, Earlier>(
      `select version, text, written_at as writtenAt, replaced_at as replacedAt
       from comment_versions where comment_id = :commentId order by version desc limit :limit`,
    ),
  };
});

/** Writes the text of a post or comment, keeping the one it replaces; true when the text changed. */
export function writeText(db: Db, table: 'posts' | 'comments', id: string, text: string, at: number) {
  const { keep, write } = statements(db)[table];
  const changed = keep.run({ id, text, at }).changes > 0;
  write.run({ id, text, at });
  return changed;
}

/** The current text first, then the earlier ones, at most `limit` in all. */
function versionsOf(current: Current | undefined, earlier: Earlier[]): TextVersion[] | undefined {
  if (!current) return undefined;
  const version = (earlier[0]?.version ?? 0) + 1;
  const writtenAt = current.editedAt ?? current.createdAt;
  return [{ version, text: current.text, writtenAt, replacedAt: null }, ...earlier];
}

export function editReads(db: Db): Reads['edits'] {
  return {
    async postVersions(viewer, postId, limit) {
      const current = statements(db).currentPost.get({ viewer, postId });
      const earlier = current ? statements(db).earlierPost.all({ postId, limit: limit - 1 }) : [];
      return versionsOf(current, earlier);
    },
    async commentVersions(viewer, postId, commentId, limit) {
      const current = statements(db).currentComment.get({ viewer, postId, commentId });
      const earlier = current ? statements(db).earlierComment.all({ commentId, limit: limit - 1 }) : [];
      return versionsOf(current, earlier);
    },
  };
}
