import type {
  AuthorisedAppRow,
  OAuthAppRow,
  OAuthCodeRow,
  OAuthReads,
  OAuthTokenGrant,
  OAuthWrites,
} from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

// As ../sqlite/oauth.ts: apps, codes and tokens of the Mastodon client API's OAuth.

type Stored<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
type AppStored = TextTimes<Stored<OAuthAppRow, 'redirectUris' | 'scopes'>, 'createdAt'>;
type CodeStored = TextTimes<Stored<OAuthCodeRow, 'scopes'>, 'expiresAt'>;
type GrantStored = TextTimes<Stored<OAuthTokenGrant, 'scopes'>, 'lastUsedAt'>;
type AuthorisedStored = TextTimes<Stored<AuthorisedAppRow, 'scopes'>, 'createdAt' | 'lastUsedAt'>;

const appColumns = `id, name, website, redirect_uris as "redirectUris", scopes, client_id as "clientId",
  client_secret_hash as "clientSecretHash", created_at as "createdAt"`;
const codeColumns = `code_hash as "codeHash", app_id as "appId", member_id as "memberId", scopes,
  redirect_uri as "redirectUri", code_challenge as "codeChallenge", expires_at as "expiresAt"`;

const appByClientId = statement<AppStored>(
  'oauth-app-by-client-id',
  `select ${appColumns} from oauth_apps where client_id = $1`,
);
const appById = statement<AppStored>('oauth-app-by-id', `select ${appColumns} from oauth_apps where id = $1`);
const tokenByHash = statement<GrantStored>(
  'oauth-token-by-hash',
  `select t.id, t.app_id as "appId", t.member_id as "memberId", t.member_token_version as "memberTokenVersion",
     t.scopes, t.last_used_at as "lastUsedAt",
     (select u.token_version from users u where u.id = t.member_id) as "currentTokenVersion"
   from oauth_tokens t
   where t.token_hash = $1`,
);
const authorisedApps = statement<AuthorisedStored>(
  'oauth-authorised-apps',
  `select a.id as "appId", a.name, a.website, string_agg(t.scopes, ' ') as scopes,
     min(t.created_at) as "createdAt", max(t.last_used_at) as "lastUsedAt"
   from oauth_tokens t join oauth_apps a on a.id = t.app_id
   where t.member_id = $1
   group by a.id
   order by min(t.created_at) desc, a.id`,
);
const insertApp = writeStatement(
  'oauth-insert-app',
  `insert into oauth_apps (id, name, website, redirect_uris, scopes, client_id, client_secret_hash, created_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8)`,
);
const sweepCodes = writeStatement('oauth-sweep-codes', `delete from oauth_codes where expires_at < $1`);
const insertCode = writeStatement(
  'oauth-insert-code',
  `insert into oauth_codes (code_hash, app_id, member_id, scopes, redirect_uri, code_challenge, expires_at)
   values ($1, $2, $3, $4, $5, $6, $7)`,
);
const takeCode = statement<CodeStored>(
  'oauth-take-code',
  `delete from oauth_codes where code_hash = $1 returning ${codeColumns}`,
);
const insertToken = writeStatement(
  'oauth-insert-token',
  `insert into oauth_tokens (id, token_hash, app_id, member_id, member_token_version, scopes, created_at,
     last_used_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8)`,
);
const revokeToken = writeStatement(
  'oauth-revoke-token',
  `delete from oauth_tokens where token_hash = $1 and app_id = $2`,
);
const revokeApp = writeStatement(
  'oauth-revoke-app',
  `delete from oauth_tokens where member_id = $1 and app_id = $2`,
);
const markUsed = writeStatement('oauth-mark-used', `update oauth_tokens set last_used_at = $2 where id = $1`);
const markAuthorized = writeStatement(
  'oauth-mark-authorized',
  `update oauth_apps set authorized_at = $2 where id = $1 and authorized_at is null`,
);
// The outer conditions again: an app authorized while this runs is checked anew once its row is locked.
const deleteNeverAuthorized = writeStatement(
  'oauth-delete-never-authorized',
  `delete from oauth_apps
   where authorized_at is null and created_at < $1
     and id in (select id from oauth_apps where authorized_at is null and created_at < $1
                order by created_at limit $2)`,
);

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const orNull = (time: string | null) => (time === null ? null : Number(time));

const app = (row: AppStored): OAuthAppRow => ({
  ...row,
  redirectUris: row.redirectUris.split('\n').filter(Boolean),
  scopes: words(row.scopes),
  createdAt: Number(row.createdAt),
});

export function oauthReads(db: Queryable): OAuthReads {
  return {
    appByClientId: async (clientId) => {
      const [row] = await appByClientId(db, [clientId]);
      return row && app(row);
    },
    appById: async (id) => {
      const [row] = await appById(db, [id]);
      return row && app(row);
    },
    tokenByHash: async (tokenHash) => {
      const [row] = await tokenByHash(db, [tokenHash]);
      return row && { ...row, scopes: words(row.scopes), lastUsedAt: orNull(row.lastUsedAt) };
    },
    authorisedApps: async (memberId) =>
      (await authorisedApps(db, [memberId])).map((row) => ({
        ...row,
        scopes: [...new Set(words(row.scopes))],
        createdAt: Number(row.createdAt),
        lastUsedAt: orNull(row.lastUsedAt),
      })),
  };
}

export function oauthWrites(db: Queryable): OAuthWrites {
  return {
    insertApp: async (row) =>
      void (await insertApp(db, [
        row.id,
        row.name,
        row.website,
        row.redirectUris.join('\n'),
        row.scopes.join(' '),
        row.clientId,
        row.clientSecretHash,
        row.createdAt,
      ])),
    insertCode: async (row, at) => {
      await sweepCodes(db, [at]);
      await markAuthorized(db, [row.appId, at]);
      await insertCode(db, [
        row.codeHash,
        row.appId,
        row.memberId,
        row.scopes.join(' '),
        row.redirectUri,
        row.codeChallenge,
        row.expiresAt,
      ]);
    },
    takeCode: async (codeHash) => {
      const [row] = await takeCode(db, [codeHash]);
      return row && { ...row, scopes: words(row.scopes), expiresAt: Number(row.expiresAt) };
    },
    insertToken: async (row) => {
      await markAuthorized(db, [row.appId, row.createdAt]);
      await insertToken(db, [
        row.id,
        row.tokenHash,
        row.appId,
        row.memberId,
        row.memberTokenVersion,
        row.scopes.join(' '),
        row.createdAt,
        row.lastUsedAt,
      ]);
    },
    revokeToken: async (tokenHash, appId) => (await revokeToken(db, [tokenHash, appId])) > 0,
    revokeAppForMember: async (memberId, appId) => revokeApp(db, [memberId, appId]),
    markUsed: async (id, at) => void (await markUsed(db, [id, at])),
    deleteNeverAuthorized: async (before, limit) => deleteNeverAuthorized(db, [before, limit]),
  };
}
