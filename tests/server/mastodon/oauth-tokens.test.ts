import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { factoryPassword } from '../../../seed/factories.js';
import { resolveAppToken } from '../../../src/server/mastodon/oauth/app-tokens.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  appToken,
  approve,
  registerTestApp,
  testRedirect,
  type RegisteredApp,
} from '../../helpers/mastodon-token.js';

// What ends an app's token, the app's own tokens, and the member's list of apps (settings, "Apps").

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => {
  vi.useRealTimers();
  return t.close();
});

const postForm = (url: string, payload: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const clientCredentials = (app: RegisteredApp, scope?: string) =>
  postForm('/oauth/token', {
    grant_type: 'client_credentials',
    client_id: app.client_id,
    client_secret: app.client_secret,
    ...(scope !== undefined && { scope }),
  });

const verify = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/apps/verify_credentials',
    headers: { authorization: `Bearer ${token}` },
  });

describe('client credentials', () => {
  it('give the app a token of its own, for no member, "read" unless it asks', async () => {
    const app = await registerTestApp(t.app, 'read write');
    const res = await clientCredentials(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', scope: 'read' });
    const grant = await resolveAppToken(t.store, res.json().access_token);
    expect(grant).toEqual({ tokenId: expect.any(String), appId: app.id, memberId: null, scopes: ['read'] });
    expect((await clientCredentials(app, 'read:statuses write')).json().scope).toBe('read:statuses write');
  });

  it('refuse scopes beyond the app, admin scopes and unknown ones', async () => {
    const app = await registerTestApp(t.app, 'read');
    for (const scope of ['write', 'admin:read', 'admin:write:accounts', 'read bogus']) {
      const res = await clientCredentials(app, scope);
      expect(res.statusCode, scope).toBe(400);
      expect(res.json().error).toBe('invalid_scope');
    }
    expect(await t.sql('select id from oauth_tokens')).toEqual([]);
  });
});

describe('revoking a token (RFC 7009)', () => {
  it('ends it; the token then resolves to null and answers 401', async () => {
    const member = await t.member();
    const app = await registerTestApp(t.app);
    const access = (await clientCredentials(app)).json().access_token as string;
    const memberAccess = await appToken(t.app, member.token);
    const res = await postForm('/oauth/revoke', {
      token: access,
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await resolveAppToken(t.store, access)).toBeNull();
    expect((await verify(access)).statusCode).toBe(401);
    expect(await resolveAppToken(t.store, memberAccess)).not.toBeNull();
  });

  it("answers {} for an unknown token and leaves another app's token alone", async () => {
    const app = await registerTestApp(t.app);
    const other = await registerTestApp(t.app, 'read', 'Other');
    const access = (await clientCredentials(app)).json().access_token as string;
    const unknown = await postForm('/oauth/revoke', {
      token: 'never-issued',
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([200, {}]);
    const byOther = await postForm('/oauth/revoke', {
      token: access,
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect([byOther.statusCode, byOther.json()]).toEqual([200, {}]);
    expect(await resolveAppToken(t.store, access)).not.toBeNull();
  });

  it('needs the app to authenticate', async () => {
    const app = await registerTestApp(t.app);
    const access = (await clientCredentials(app)).json().access_token as string;
    const res = await postForm('/oauth/revoke', {
      token: access,
      client_id: app.client_id,
      client_secret: 'x',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
    expect(await resolveAppToken(t.store, access)).not.toBeNull();
  });
});

describe("what ends a member's app tokens", () => {
  it('signing out everywhere', async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token);
    await t.caller(member.token).account.signOutEverywhere();
    expect(await resolveAppToken(t.store, access)).toBeNull();
    expect((await verify(access)).statusCode).toBe(401);
  });

  it('a new password', async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token);
    await t
      .caller(member.token)
      .account.changePassword({ currentPassword: factoryPassword, newPassword: 'another-password-2' });
    expect(await resolveAppToken(t.store, access)).toBeNull();
  });

  it('deleting the account removes its tokens and codes', async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token);
    const app = await registerTestApp(t.app);
    await approve(t.app, member.token, { client_id: app.client_id, redirect_uri: testRedirect });
    expect(await t.sql('select code_hash from oauth_codes where member_id = $1', [member.id])).toHaveLength(
      1,
    );
    await t.caller(member.token).account.delete({ password: factoryPassword });
    expect(await resolveAppToken(t.store, access)).toBeNull();
    expect(await t.sql('select id from oauth_tokens where member_id = $1', [member.id])).toEqual([]);
    expect(await t.sql('select code_hash from oauth_codes where member_id = $1', [member.id])).toEqual([]);
    expect(await t.sql('select id from oauth_apps')).toHaveLength(2);
  });

  it('a suspension does not: the token resolves and the caller refuses it (403)', async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token);
    await t.sql(`update users set status = 'suspended' where id = $1`, [member.id]);
    expect(await resolveAppToken(t.store, access)).toMatchObject({ memberId: member.id });
  });
});

describe('the settings list of apps', () => {
  it('shows one row per app the member authorised, and Revoke ends all its tokens', async () => {
    const member = await t.member();
    const someoneElse = await t.member();
    const first = await appToken(t.app, member.token, 'read');
    const second = await appToken(t.app, member.token, 'read write');
    await appToken(t.app, someoneElse.token);
    const apps = await t.caller(member.token).oauth.apps();
    expect(apps).toEqual([
      {
        appId: expect.any(String),
        name: 'Test app',
        website: 'https://app.example',
        scopes: ['read', 'write'],
        createdAt: expect.any(Number),
        lastUsedAt: null,
      },
      expect.objectContaining({ scopes: ['read'], lastUsedAt: null }),
    ]);
    await t.caller(member.token).oauth.revokeApp({ appId: apps[1]!.appId });
    expect((await verify(first)).statusCode).toBe(401);
    expect((await verify(second)).statusCode).toBe(200);
    expect(await t.caller(member.token).oauth.apps()).toHaveLength(1);
  });

  it("cannot revoke another member's authorisation", async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token);
    const [app] = await t.caller(member.token).oauth.apps();
    const intruder = await t.member();
    expect(await t.caller(intruder.token).oauth.revokeApp({ appId: app!.appId })).toEqual({ revoked: 0 });
    expect(await resolveAppToken(t.store, access)).not.toBeNull();
  });

  it('records the last use at most once in five minutes', async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token);
    const lastUsed = async () => (await t.caller(member.token).oauth.apps())[0]!.lastUsedAt;
    await resolveAppToken(t.store, access);
    const first = await lastUsed();
    expect(first).toEqual(expect.any(Number));
    await resolveAppToken(t.store, access);
    expect(await lastUsed()).toBe(first);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1);
    await resolveAppToken(t.store, access);
    expect(await lastUsed()).toBeGreaterThan(first!);
  });
});
