import { afterEach, describe, expect, it } from 'vitest';
import { removeUnauthorizedApps } from '../../../src/server/domain/app-registrations.js';
import { resolveAppToken } from '../../../src/server/mastodon/oauth/app-tokens.js';
import { statementsPreparedBy, sqlitePlan } from '../../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../../helpers/test-app.js';
import { appToken } from '../../helpers/mastodon-token.js';

// OAuth's statements read by index on SQLite (`explain query plan`): a token by its hash, a member's apps
// and their revocation by oauth_tokens_member_app_idx, codes by their hash and the sweep by expiry, apps
// never authorized by oauth_apps_unauthorized_idx.
// Twin: tests/pg/oauth-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

const scans = /^SCAN (oauth_tokens|oauth_codes|oauth_apps|t|a|u)\b/;

describe.runIf(testEngine === 'sqlite')('OAuth on SQLite', () => {
  it('reads tokens, codes and apps by index, never scanning their tables', async () => {
    t = await makeTestApp();
    // Other members' tokens and codes, so a scan would have rows to read.
    t.db.$client.exec(`
      insert into users (id, username, username_key, password_hash, created_at, updated_at)
        values ('other', 'other', 'other', 'x', 1, 1);
      insert into oauth_apps (id, name, redirect_uris, scopes, client_id, client_secret_hash, created_at)
        values ('app', 'App', 'urn:ietf:wg:oauth:2.0:oob', 'read', 'client', 'x', 1);
      insert into oauth_tokens (id, token_hash, app_id, member_id, member_token_version, scopes, created_at)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        select 't' || i, 'h' || i, 'app', 'other', 0, 'read', i from n;
      insert into oauth_apps (id, name, redirect_uris, scopes, client_id, client_secret_hash, created_at,
          authorized_at)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        select 'a' || i, 'App', 'urn:ietf:wg:oauth:2.0:oob', 'read', 'client' || i, 'x', i, i from n;
      insert into oauth_codes (code_hash, app_id, member_id, scopes, redirect_uri, expires_at)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
        select 'c' || i, 'app', 'other', 'read', 'urn:ietf:wg:oauth:2.0:oob', i from n;
      analyze;`);
    const me = await t.member();
    const statements = await statementsPreparedBy(t.db, async () => {
      const token = await appToken(t.app, me.token);
      await resolveAppToken(t.store, token);
      const [app] = await t.caller(me.token).oauth.apps();
      await t.caller(me.token).oauth.revokeApp({ appId: app!.appId });
      await removeUnauthorizedApps(t.store);
    });
    const ours = statements.filter((sql) => /\boauth_/.test(sql));
    expect(ours.length).toBeGreaterThanOrEqual(12);
    for (const sql of ours) {
      const bad = sqlitePlan(t.db, sql).filter((step) => scans.test(step));
      expect({ sql, bad }).toEqual({ sql, bad: [] });
    }
  });
});
