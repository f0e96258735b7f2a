import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type {
  AppPushRow,
  NotificationKind,
  PushIntent,
  PushReads,
  PushSender,
  PushSubscriptionRow,
  PushWrites,
} from '../store.js';

// Web Push subscriptions (interface/push.ts) and the instance's kept secrets.

type StoredRow = Omit<PushSubscriptionRow, 'kinds'> & { kinds: string };

const columns = 'endpoint, member_id as memberId, p256dh, auth, kinds, created_at as createdAt';

type AppStored = Omit<AppPushRow, 'alerts' | 'standard'> & { alerts: string; standard: number };
const appColumns = `s.token_id as tokenId, s.member_id as memberId, s.endpoint, s.p256dh, s.auth, s.standard,
  s.alerts, s.policy, s.sealed_token as sealedToken, s.created_at as createdAt`;

const statements = preparedOnce((db) => ({
  ofMember: db.$client.prepare<{ memberId: string }, StoredRow>(
    `select ${columns} from push_subscriptions where member_id = :memberId order by created_at, endpoint`,
  ),
  byEndpoint: db.$client.prepare<{ endpoint: string }, StoredRow>(
    `select ${columns} from push_subscriptions where endpoint = :endpoint`,
  ),
  // Active members only: a pending or suspended account is told nothing, here as in the app.
  targets: db.$client.prepare<{ memberId: string }, StoredRow>(
    `select ${columns} from push_subscriptions s
     where s.member_id = :memberId
       and exists (select 1 from users u where u.id = s.member_id and u.status = 'active')
     order by created_at, endpoint`,
  ),
  sender: db.$client.prepare<{ id: string }, PushSender>(
    `select username, first_name as firstName, last_name as lastName, profile_pic as profilePic
     from users where id = :id`,
  ),
  save: db.$client.prepare<StoredRow>(
    `insert into push_subscriptions (endpoint, member_id, p256dh, auth, kinds, created_at)
     values (:endpoint, :memberId, :p256dh, :auth, :kinds, :createdAt)
     on conflict (endpoint) do update set member_id = excluded.member_id, p256dh = excluded.p256dh,
       auth = excluded.auth, kinds = excluded.kinds, created_at = excluded.created_at`,
  ),
  remove: db.$client.prepare<{ endpoint: string; memberId: string | null }>(
    `delete from push_subscriptions where endpoint = :endpoint and (:memberId is null or member_id = :memberId)`,
  ),
  appSubscription: db.$client.prepare<{ tokenId: string }, AppStored>(
    `select ${appColumns} from app_push_subscriptions s where s.token_id = :tokenId`,
  ),
  // A token stands while its member's token version is the one it was issued under (domain/oauth-tokens.ts).
  // The member is read by primary key once: joined, SQLite may scan a small users table instead.
  appTargets: db.$client.prepare<{ memberId: string }, AppStored>(
    `select ${appColumns} from app_push_subscriptions s
     join oauth_tokens t on t.id = s.token_id
     where s.member_id = :memberId and t.member_token_version =
       (select u.token_version from users u where u.id = :memberId and u.status = 'active')
     order by s.created_at, s.token_id`,
  ),
  saveApp: db.$client.prepare<AppStored>(
    `insert into app_push_subscriptions (token_id, member_id, endpoint, p256dh, auth, standard, alerts, policy,
       sealed_token, created_at)
     values (:tokenId, :memberId, :endpoint, :p256dh, :auth, :standard, :alerts, :policy, :sealedToken, :createdAt)
     on conflict (token_id) do update set endpoint = excluded.endpoint, p256dh = excluded.p256dh,
       auth = excluded.auth, standard = excluded.standard, alerts = excluded.alerts, policy = excluded.policy,
       sealed_token = excluded.sealed_token, created_at = excluded.created_at`,
  ),
  removeApp: db.$client.prepare<{ tokenId: string }>(
    `delete from app_push_subscriptions where token_id = :tokenId`,
  ),
  removeAppEndpoint: db.$client.prepare<{ endpoint: string }>(
    `delete from app_push_subscriptions where endpoint = :endpoint`,
  ),
  secret: db.$client
    .prepare<{ name: string }, string>(`select value from instance_secrets where name = :name`)
    .pluck(),
  keepSecret: db.$client.prepare<{ name: string; value: string }>(
    `insert into instance_secrets (name, value) values (:name, :value) on conflict (name) do nothing`,
  ),
}));

export const kindsOf = (text: string) => text.split(',').filter(Boolean) as NotificationKind[];
const parsed = (row: StoredRow): PushSubscriptionRow => ({ ...row, kinds: kindsOf(row.kinds) });
const appParsed = (row: AppStored): AppPushRow => ({
  ...row,
  standard: row.standard === 1,
  alerts: row.alerts.split(',').filter(Boolean),
});

export function pushReads(db: Db): PushReads {
  return {
    subscriptions: async (memberId) => statements(db).ofMember.all({ memberId }).map(parsed),
    byEndpoint: async (endpoint) => {
      const row = statements(db).byEndpoint.get({ endpoint });
      return row && parsed(row);
    },
    targets: async (memberId, kind) =>
      statements(db)
        .targets.all({ memberId })
        .map(parsed)
        .filter((row) => row.kinds.includes(kind)),
    sender: async (id) => statements(db).sender.get({ id }),
    appSubscription: async (tokenId) => {
      const row = statements(db).appSubscription.get({ tokenId });
      return row && appParsed(row);
    },
    appTargets: async (memberId) => statements(db).appTargets.all({ memberId }).map(appParsed),
  };
}

/** `queued` is the open transaction's list (the gate runs one at a time: index.ts). */
export function pushWrites(db: Db, queued: () => PushIntent[]): PushWrites {
  return {
    save: async (row) => void statements(db).save.run({ ...row, kinds: row.kinds.join(',') }),
    remove: async (endpoint, memberId) => statements(db).remove.run({ endpoint, memberId }).changes > 0,
    queue: (intent) => void queued().push(intent),
    saveApp: async (row) =>
      void statements(db).saveApp.run({
        ...row,
        standard: row.standard ? 1 : 0,
        alerts: row.alerts.join(','),
      }),
    removeApp: async (tokenId) => statements(db).removeApp.run({ tokenId }).changes > 0,
    removeAppEndpoint: async (endpoint) => void statements(db).removeAppEndpoint.run({ endpoint }),
  };
}

/** The secret by this name, made and kept on first use. */
export function keptSecret(db: Db, name: string, make: () => string): string {
  const kept = statements(db).secret.get({ name });
  if (kept !== undefined) return kept;
  statements(db).keepSecret.run({ name, value: make() });
  return statements(db).secret.get({ name })!;
}
