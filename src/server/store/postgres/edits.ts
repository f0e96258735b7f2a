import type { Reads, TextVersion } from '../store.js';
import type { Queryable } from './queryable.js';
import { hiddenSql } from './relations.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

// As ../sqlite/edits.ts: the history of edits, kept by the write that replaces a text (posts.ts) and read
// newest first by each table's primary key. A history is one statement, so an edit committing meanwhile
// cannot show half of itself (the current text and the earlier ones come from one snapshot).

const hidden = hiddenSql('$1::text');

/**
 * Copies the current text into its table of versions when `$2` differs from it, numbered one past the last
 * kept (the rule holds the post's row lock, so two edits cannot take one number), then writes `$2`, moving
 * edited_at only when it changed.
 */
function perTable(table: 'posts' | 'comments') {
  const [versions, owner, column] =
    table === 'posts' ? ['post_versions', 'post_id', 'content'] : ['comment_versions', 'comment_id', 'text'];
  return {
    keep: writeStatement(
      `${table}-keep-version`,
      `insert into ${versions} (${owner}, version, ${column}, written_at, replaced_at)
       select t.id, coalesce((select max(v.version) from ${versions} v where v.${owner} = t.id), 0) + 1,
         t.${column}, coalesce(t.edited_at, t.created_at), $3
       from ${table} t where t.id = $1 and t.${column} <> $2`,
    ),
    write: writeStatement(
      `${table}-write-text`,
      `update ${table} set ${column} = $2, updated_at = $3,
         edited_at = case when ${column} <> $2 then $3 else edited_at end where id = $1`,
    ),
  };
}
const writes = { posts: perTable('posts'), comments: perTable('comments') };

/** Writes the text of a post or comment, keeping the one it replaces; true when the text changed. */
export async function writeText(
  db: Queryable,
  table: 'posts' | 'comments',
  id: string,
  text: string,
  at: number,
): Promise<boolean> {
  const changed = (await writes[table].keep(db, [id, text, at])) > 0;
  await writes[table].write(db, [id, text, at]);
  return changed;
}

type Row = TextTimes<TextVersion, 'writtenAt' | 'replacedAt'> & { version: number | null };

/**
 * The current text (version null: one past the newest kept) when `visible` finds it, then up to `$3 - 1`
 * earlier ones, newest first.
 */
const history = (name: string, current: string, earlier: string) =>
  statement<Row>(
    name,
    `with cur as (${current})
     select null::int as version, text, written_at::text as "writtenAt", null::text as "replacedAt" from cur
     union all (select version, text, written_at::text, replaced_at::text from (${earlier}) e
                where exists (select 1 from cur) order by version desc limit $3 - 1)`,
  );

const postHistory = history(
  'post-history',
  `select p.content as text, coalesce(p.edited_at, p.created_at) as written_at from posts p
   where p.id = $2 and p.author_id <> all (${hidden})`,
  'select version, content as text, written_at, replaced_at from post_versions where post_id = $2',
);
const commentHistory = history(
  'comment-history',
  `select c.text, coalesce(c.edited_at, c.created_at) as written_at from comments c
   where c.id = $4 and c.post_id = $2 and c.author_id <> all (${hidden})
     and (select author_id from posts where id = $2) <> all (${hidden})`,
  'select version, text, written_at, replaced_at from comment_versions where comment_id = $4',
);

function versionsOf(rows: Row[]): TextVersion[] | undefined {
  const [current, ...earlier] = rows;
  if (!current) return undefined;
  const times = (row: Row) => ({
    text: row.text,
    writtenAt: Number(row.writtenAt),
    replacedAt: row.replacedAt === null ? null : Number(row.replacedAt),
  });
  const version = (earlier[0]?.version ?? 0) + 1;
  return [
    { version, ...times(current) },
    ...earlier.map((row) => ({ version: row.version ?? 0, ...times(row) })),
  ];
}

export function editReads(db: Queryable): Reads['edits'] {
  return {
    postVersions: async (viewer, postId, limit) => versionsOf(await postHistory(db, [viewer, postId, limit])),
    commentVersions: async (viewer, postId, commentId, limit) =>
      versionsOf(await commentHistory(db, [viewer, postId, limit, commentId])),
  };
}
