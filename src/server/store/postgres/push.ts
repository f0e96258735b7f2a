import type pg from 'pg';
import type {
  AppPushRow,
  NotificationKind,
  PushIntent,
  PushReads,
  PushSender,
  PushSubscriptionRow,
  PushWrites,
} from '../store.js';
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
const sender = statement<PushSender>(
  'push-sender',
  `select username, first_name as "firstName", last_name as "lastName", profile_pic as "profilePic"
   from users where id = $1`,
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

type AppStored = TextTimes<Omit<AppPushRow, 'alerts'> & { alerts: string }, 'createdAt'>;
const appColumns = `s.token_id as "tokenId", s.member_id as "memberId", s.endpoint, s.p256dh, s.auth, s.standard,
  s.alerts, s.policy, s.sealed_token as "sealedToken", s.created_at as "createdAt"`;

const appSubscription = statement<AppStored>(
  'app-push-subscription',
  `select ${appColumns} from app_push_subscriptions s where s.token_id = $1`,
);
// A token stands while its member's token version is the one it was issued under (domain/oauth-tokens.ts).
const appTargets = statement<AppStored>(
  'app-push-targets',
  `select ${appColumns} from app_push_subscriptions s
   join oauth_tokens t on t.id = s.token_id
   where s.member_id = $1 and t.member_token_version =
     (select u.token_version from users u where u.id = $1 and u.status = 'active')
   order by s.created_at, s.token_id`,
);
const saveApp = writeStatement(
  'app-push-save',
  `insert into app_push_subscriptions (token_id, member_id, endpoint, p256dh, auth, standard, alerts, policy,
     sealed_token, created_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
   on conflict (token_id) do update set endpoint = excluded.endpoint, p256dh = excluded.p256dh,
     auth = excluded.auth, standard = excluded.standard, alerts = excluded.alerts, policy = excluded.policy,
     sealed_token = excluded.sealed_token, created_at = excluded.created_at`,
);
const removeApp = writeStatement('app-push-remove', `delete from app_push_subscriptions where token_id = $1`);
const removeAppEndpoint = writeStatement(
  'app-push-remove-endpoint',
  `delete from app_push_subscriptions where endpoint = $1`,
);

const appParsed = (row: AppStored): AppPushRow => ({
  ...row,
  createdAt: Number(row.createdAt),
  alerts: row.alerts.split(',').filter(Boolean),
});

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
    appSubscription: async (tokenId) => {
      const [row] = await appSubscription(db, [tokenId]);
      return row && appParsed(row);
    },
    appTargets: async (memberId) => (await appTargets(db, [memberId])).map(appParsed),
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
    saveApp: async (row) =>
      void (await saveApp(db, [
        row.tokenId,
        row.memberId,
        row.endpoint,
        row.p256dh,
        row.auth,
        row.standard,
        row.alerts.join(','),
        row.policy,
        row.sealedToken,
        row.createdAt,
      ])),
    removeApp: async (tokenId) => (await removeApp(db, [tokenId])) > 0,
    removeAppEndpoint: async (endpoint) => void (await removeAppEndpoint(db, [endpoint])),
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
