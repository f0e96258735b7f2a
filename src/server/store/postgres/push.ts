import type pg from 'pg';
import type { NotificationKind, PushIntent, PushReads, PushSubscriptionRow, PushWrites } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

// As ../sqlite/push.ts: Web Push subscriptions and the instance's kept secrets.

type StoredRow = TextTimes<Omit<PushSubscriptionRow, 'kinds'> & { kinds: string }, 'createdAt'>;

const columns = `endpoint, member_id as "memberId", p256dh, auth, kinds, created_at as "createdAt"`;

const ofMember = statement<StoredRow>(
  'push-of-member',
  `select ${columns} from push_subscriptions where member_id = $1 order by created_at, endpoint`,
);
const byEndpoint = statement<StoredRow>(
  'push-by-endpoint',
  `select ${columns} from push_subscriptions where endpoint = $1`,
);
// Active members only: a pending or suspended account is told nothing, here as in the app.
const targets = statement<StoredRow>(
  'push-targets',
  `select ${columns} from push_subscriptions s
   where s.member_id = $1
     and exists (select 1 from users u where u.id = s.member_id and u.status = 'active')
   order by created_at, endpoint`,
);
const sender = statement<{ username: string; firstName: string; lastName: string }>(
  'push-sender',
  `select username, first_name as "firstName", last_name as "lastName" from users where id = $1`,
);
const save = writeStatement(
  'push-save',
  `insert into push_subscriptions (endpoint, member_id, p256dh, auth, kinds, created_at)
   values ($1, $2, $3, $4, $5, $6)
   on conflict (endpoint) do update set member_id = excluded.member_id, p256dh = excluded.p256dh,
     auth = excluded.auth, kinds = excluded.kinds, created_at = excluded.created_at`,
);
const remove = writeStatement(
  'push-remove',
  `delete from push_subscriptions where endpoint = $1 and ($2::text is null or member_id = $2::text)`,
);

const parsed = (row: StoredRow): PushSubscriptionRow => ({
  ...row,
  createdAt: Number(row.createdAt),
  kinds: row.kinds.split(',').filter(Boolean) as NotificationKind[],
});

export function pushReads(db: Queryable): PushReads {
  return {
    subscriptions: async (memberId) => (await ofMember(db, [memberId])).map(parsed),
    byEndpoint: async (endpoint) => {
      const [row] = await byEndpoint(db, [endpoint]);
      return row && parsed(row);
    },
    targets: async (memberId, kind) =>
      (await targets(db, [memberId])).map(parsed).filter((row) => row.kinds.includes(kind)),
    sender: async (id) => (await sender(db, [id]))[0],
  };
}

export function pushWrites(db: Queryable, queued: PushIntent[]): PushWrites {
  return {
    save: async (row) =>
      void (await save(db, [
        row.endpoint,
        row.memberId,
        row.p256dh,
        row.auth,
        row.kinds.join(','),
        row.createdAt,
      ])),
    remove: async (endpoint, memberId) => (await remove(db, [endpoint, memberId])) > 0,
    queue: (intent) => void queued.push(intent),
  };
}

/** The secret by this name; nodes asking at once each try to make it, and all read the first kept. */
export async function keptSecret(db: pg.Pool, name: string, make: () => string): Promise<string> {
  const read = async () =>
    (await db.query<{ value: string }>('select value from instance_secrets where name = $1', [name])).rows[0]
      ?.value;
  const kept = await read();
  if (kept !== undefined) return kept;
  await db.query('insert into instance_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    make(),
  ]);
  return (await read())!;
}
