import type { TestApp } from './test-app.js';

type Sql = Pick<TestApp, 'sql'>;

// A busy inbox written straight into the tables with engine-neutral SQL (many rows per statement), for the
// tests of statement counts, query plans and speed of the notifications page and unread count.

/** Inserts `rows` into `table` (these columns), a few hundred rows a statement. */
async function insertRows(t: Sql, table: string, columns: string[], rows: unknown[][]) {
  const perStatement = Math.floor(2000 / columns.length);
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    const tuples = chunk.map(
      (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
    );
    await t.sql(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, chunk.flat());
  }
}

/** `n` members written directly (no password anyone knows), named `${prefix}${i}`. */
export async function bulkMembers(t: Sql, prefix: string, n: number, at: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const columns = [
    'id',
    'username',
    'username_key',
    'first_name',
    'password_hash',
    'created_at',
    'updated_at',
  ];
  await insertRows(
    t,
    'users',
    columns,
    ids.map((id) => [id, id, id, 'Bulk', 'x', at, at]),
  );
  return ids;
}

export type Inbox = { groups: number; actorsInNewest: number; prefix?: string };

/**
 * `groups` notification groups for `recipientId`: likes of one of their posts and follows, with comments on
 * it and mentions among them, each with one actor, the newest with `actorsInNewest` actors (a post that went viral); ids `${prefix}0`...
 * oldest first (prefix `g` unless given).
 * Answers the newest group's id.
 */
export async function fillInbox(
  t: Sql,
  recipientId: string,
  postId: string,
  { groups, actorsInNewest, prefix = 'g' }: Inbox,
): Promise<string> {
  const at = Date.now() - groups - 10_000;
  const actors = await bulkMembers(t, `${prefix}-actor-`, Math.max(actorsInNewest, 50), at);
  // Likes and follows; every sixth group comments on the post and every tenth mentions the member, so that
  // the comment excerpt and the Mentions filter are read at scale too.
  const kindOf = (i: number) =>
    i % 10 === 9 ? 'mention' : i % 6 === 5 ? 'comment' : i % 2 ? 'follow' : 'like';
  const rows = Array.from({ length: groups }, (_, i) => {
    const kind = kindOf(i);
    return [`${prefix}${i}`, recipientId, kind, `${kind}:${i}`, kind === 'follow' ? null : postId, at + i];
  });
  await insertRows(
    t,
    'notifications',
    ['id', 'recipient_id', 'kind', 'group_key', 'post_id', 'latest_at'],
    rows,
  );
  const newest = `${prefix}${groups - 1}`;
  const actorRows = [
    ...rows.slice(0, -1).map(([id], i) => [id, actors[i % 50], at + i]),
    ...actors.slice(0, actorsInNewest).map((actor, i) => [newest, actor, at + i]),
  ];
  await insertRows(t, 'notification_actors', ['notification_id', 'actor_id', 'created_at'], actorRows);
  return newest;
}
