import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type {
  AuthorisedAppRow,
  OAuthAppRow,
  OAuthCodeRow,
  OAuthReads,
  OAuthTokenGrant,
  OAuthTokenRow,
  OAuthWrites,
} from '../store.js';

// Apps, codes and tokens of the Mastodon client API's OAuth (interface/oauth.ts).

type Stored<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
type AppStored = Stored<OAuthAppRow, 'redirectUris' | 'scopes'>;
type CodeStored = Stored<OAuthCodeRow, 'scopes'>;
type GrantStored = Stored<OAuthTokenGrant, 'scopes'>;
type AuthorisedStored = Stored<AuthorisedAppRow, 'scopes'>;

const appColumns = `id, name, website, redirect_uris as redirectUris, scopes, client_id as clientId,
  client_secret_hash as clientSecretHash, created_at as createdAt`;
const codeColumns = `code_hash as codeHash, app_id as appId, member_id as memberId, scopes,
  redirect_uri as redirectUri, code_challenge as codeChallenge, expires_at as expiresAt`;

const statements = preparedOnce((db) => ({
  appByClientId: db.$client.prepare<{ clientId: string }, AppStored>(
    `select ${appColumns} from oauth_apps where client_id = :clientId`,
  ),
  appById: db.$client.prepare<{ id: string }, AppStored>(
    `select ${appColumns} from oauth_apps where id = :id`,
  ),
  tokenByHash: db.$client.prepare<{ tokenHash: string }, GrantStored>(
    `select t.id, t.app_id as appId, t.member_id as memberId, t.member_token_version as memberTokenVersion,
       t.scopes, t.last_used_at as lastUsedAt,
       (select u.token_version from users u where u.id = t.member_id) as currentTokenVersion
     from oauth_tokens t
     where t.token_hash = :tokenHash`,
  ),
  authorisedApps: db.$client.prepare<{ memberId: string }, AuthorisedStored>(
    `select a.id as appId, a.name, a.website, group_concat(t.scopes, ' ') as scopes,
       min(t.created_at) as createdAt, max(t.last_used_at) as lastUsedAt
     from oauth_tokens t join oauth_apps a on a.id = t.app_id
     where t.member_id = :memberId
     group by a.id
     order by min(t.created_at) desc, a.id`,
  ),
  insertApp: db.$client.prepare<AppStored>(
    `insert into oauth_apps (id, name, website, redirect_uris, scopes, client_id, client_secret_hash, created_at)
     values (:id, :name, :website, :redirectUris, :scopes, :clientId, :clientSecretHash, :createdAt)`,
  ),
  sweepCodes: db.$client.prepare<{ at: number }>(`delete from oauth_codes where expires_at < :at`),
  insertCode: db.$client.prepare<CodeStored>(
    `insert into oauth_codes (code_hash, app_id, member_id, scopes, redirect_uri, code_challenge, expires_at)
     values (:codeHash, :appId, :memberId, :scopes, :redirectUri, :codeChallenge, :expiresAt)`,
  ),
  takeCode: db.$client.prepare<{ codeHash: string }, CodeStored>(
    `delete from oauth_codes where code_hash = :codeHash returning ${codeColumns}`,
  ),
  insertToken: db.$client.prepare<Stored<OAuthTokenRow, 'scopes'>>(
    `insert into oauth_tokens (id, token_hash, app_id, member_id, member_token_version, scopes, created_at,
       last_used_at)
     values (:id, :tokenHash, :appId, :memberId, :memberTokenVersion, :scopes, :createdAt, :lastUsedAt)`,
  ),
  revokeToken: db.$client.prepare<{ tokenHash: string; appId: string }>(
    `delete from oauth_tokens where token_hash = :tokenHash and app_id = :appId`,
  ),
  revokeApp: db.$client.prepare<{ memberId: string; appId: string }>(
    `delete from oauth_tokens where member_id = :memberId and app_id = :appId`,
  ),
  markUsed: db.$client.prepare<{ id: string; at: number }>(
    `update oauth_tokens set last_used_at = :at where id = :id`,
  ),
  markAuthorized: db.$client.prepare<{ appId: string; at: number }>(
    `update oauth_apps set authorized_at = :at where id = :appId and authorized_at is null`,
  ),
  deleteNeverAuthorized: db.$client.prepare<{ before: number; limit: number }>(
    `delete from oauth_apps where id in (
       select id from oauth_apps where authorized_at is null and created_at < :before
       order by created_at limit :limit)`,
  ),
}));

export const words = (text: string) => text.split(/\s+/).filter(Boolean);
export const distinctWords = (text: string) => [...new Set(words(text))];

const app = (row: AppStored): OAuthAppRow => ({
  ...row,
  redirectUris: row.redirectUris.split('\n').filter(Boolean),
  scopes: words(row.scopes),
});
const code = (row: CodeStored): OAuthCodeRow => ({ ...row, scopes: words(row.scopes) });

export function oauthReads(db: Db): OAuthReads {
  return {
    appByClientId: async (clientId) => {
      const row = statements(db).appByClientId.get({ clientId });
      return row && app(row);
    },
    appById: async (id) => {
      const row = statements(db).appById.get({ id });
      return row && app(row);
    },
    tokenByHash: async (tokenHash) => {
      const row = statements(db).tokenByHash.get({ tokenHash });
      return row && { ...row, scopes: words(row.scopes) };
    },
    authorisedApps: async (memberId) =>
      statements(db)
        .authorisedApps.all({ memberId })
        .map((row) => ({ ...row, scopes: distinctWords(row.scopes) })),
  };
}

export function oauthWrites(db: Db): OAuthWrites {
  return {
    insertApp: async (row) =>
      void statements(db).insertApp.run({
        ...row,
        redirectUris: row.redirectUris.join('\n'),
        scopes: row.scopes.join(' '),
      }),
    insertCode: async (row, at) => {
      statements(db).sweepCodes.run({ at });
      statements(db).markAuthorized.run({ appId: row.appId, at });
      statements(db).insertCode.run({ ...row, scopes: row.scopes.join(' ') });
    },
    takeCode: async (codeHash) => {
      const row = statements(db).takeCode.get({ codeHash });
      return row && code(row);
    },
    insertToken: async (row) => {
      statements(db).markAuthorized.run({ appId: row.appId, at: row.createdAt });
      statements(db).insertToken.run({ ...row, scopes: row.scopes.join(' ') });
    },
    revokeToken: async (tokenHash, appId) => statements(db).revokeToken.run({ tokenHash, appId }).changes > 0,
    revokeAppForMember: async (memberId, appId) => statements(db).revokeApp.run({ memberId, appId }).changes,
    markUsed: async (id, at) => void statements(db).markUsed.run({ id, at }),
    deleteNeverAuthorized: async (before, limit) =>
      statements(db).deleteNeverAuthorized.run({ before, limit }).changes,
  };
}
