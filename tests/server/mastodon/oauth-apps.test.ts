import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { appToken, registerTestApp } from '../../helpers/mastodon-token.js';

// POST /api/v1/apps, GET /api/v1/apps/verify_credentials and the authorization server's metadata
// (mastodon/documentation content/en/methods/apps.md, RFC 8414), through HTTP.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

const register = (payload: string | Record<string, unknown>, contentType?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/apps',
    payload,
    ...(contentType && { headers: { 'content-type': contentType } }),
  });

/** Mastodon's Application entity with its credentials, as registration answers it. */
const applicationShape = {
  id: expect.any(String),
  name: expect.any(String),
  website: null,
  scopes: expect.any(Array),
  redirect_uri: expect.any(String),
  redirect_uris: expect.any(Array),
  client_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  client_secret_expires_at: 0,
  vapid_key: expect.stringMatching(/^[A-Za-z0-9_-]{80,}$/),
};

describe('registering an app', () => {
  it('from JSON answers the Application entity with the credentials, scopes "read" by default', async () => {
    const res = await register({ client_name: 'Ivory', redirect_uris: 'https://ivory.example/cb' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...applicationShape,
      name: 'Ivory',
      scopes: ['read'],
      redirect_uri: 'https://ivory.example/cb',
      redirect_uris: ['https://ivory.example/cb'],
    });
    // The same key the web app's push subscriptions use.
    const { publicKey } = await t.caller((await t.member()).token).push.publicKey();
    expect(res.json().vapid_key).toBe(publicKey);
  });

  it('from a form, with redirect_uris[] and a custom scheme', async () => {
    const form = new URLSearchParams([
      ['client_name', 'Tusky'],
      ['redirect_uris[]', 'tusky://oauth'],
      ['redirect_uris[]', 'urn:ietf:wg:oauth:2.0:oob'],
      ['scopes', 'read write follow push'],
      ['website', 'https://tusky.app'],
    ]);
    const res = await register(form.toString(), 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Tusky',
      website: 'https://tusky.app',
      scopes: ['read', 'write', 'follow', 'push'],
      redirect_uri: 'tusky://oauth\nurn:ietf:wg:oauth:2.0:oob',
      redirect_uris: ['tusky://oauth', 'urn:ietf:wg:oauth:2.0:oob'],
    });
  });

  it('from a multipart body, redirect URIs as one newline-separated field', async () => {
    const form = new FormData();
    form.append('client_name', 'Elk');
    form.append('redirect_uris', 'https://elk.example/a\nhttps://elk.example/b');
    form.append('scopes', 'read:statuses write:statuses');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const res = await register(
      Buffer.from(await request.arrayBuffer()).toString('latin1'),
      request.headers.get('content-type')!,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      redirect_uris: ['https://elk.example/a', 'https://elk.example/b'],
      scopes: ['read:statuses', 'write:statuses'],
    });
  });

  it('refuses what Mastodon refuses, with 422 and its error shape', async () => {
    const cases = [
      { redirect_uris: 'https://a.example/' },
      { client_name: 'x', redirect_uris: '' },
      { client_name: 'x', redirect_uris: 'not a uri' },
      { client_name: 'x', redirect_uris: 'javascript:alert(1)' },
      { client_name: 'x', redirect_uris: 'https://a.example/#frag' },
      { client_name: 'x'.repeat(61), redirect_uris: 'https://a.example/' },
      { client_name: 'x', redirect_uris: 'https://a.example/', scopes: 'admin:read' },
      { client_name: 'x', redirect_uris: 'https://a.example/', scopes: 'read everything' },
      { client_name: 'x', redirect_uris: 'https://a.example/', website: 'ftp://a.example' },
    ];
    for (const payload of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({ error: expect.stringMatching(/^Validation failed: /) });
    }
    expect(await t.sql('select id from oauth_apps')).toEqual([]);
  });

  it('refuses a body that is not JSON, a form or multipart', async () => {
    const res = await register('<app/>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});

describe('GET /api/v1/apps/verify_credentials', () => {
  const verify = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/apps/verify_credentials',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("shows the app of an app's own token, without its credentials", async () => {
    const app = await registerTestApp(t.app, 'read write');
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
      },
    });
    const verified = await verify(res.json().access_token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      id: app.id,
      name: 'Test app',
      website: 'https://app.example',
      scopes: ['read', 'write'],
      redirect_uri: expect.any(String),
      redirect_uris: ['https://app.example/callback', 'urn:ietf:wg:oauth:2.0:oob'],
      vapid_key: expect.any(String),
    });
  });

  it("shows the app of a member's token; 401 without one or with a wrong one; 403 once suspended", async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token);
    expect((await verify(access)).json().name).toBe('Test app');
    expect((await verify()).statusCode).toBe(401);
    expect((await verify('x'.repeat(43))).json()).toEqual({ error: 'The access token is invalid' });
    await t.sql(`update users set status = 'suspended' where id = $1`, [member.id]);
    expect((await verify(access)).statusCode).toBe(403);
  });
});

describe('the authorization server metadata', () => {
  it('answers real JSON metadata with the request origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server',
      headers: { host: 'realm.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({
      issuer: 'http://realm.test/',
      authorization_endpoint: 'http://realm.test/oauth/authorize',
      token_endpoint: 'http://realm.test/oauth/token',
      revocation_endpoint: 'http://realm.test/oauth/revoke',
      app_registration_endpoint: 'http://realm.test/api/v1/apps',
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(body.scopes_supported).toEqual(
      expect.arrayContaining(['read', 'write:statuses', 'follow', 'push']),
    );
    expect(body.scopes_supported.some((scope: string) => scope.startsWith('admin'))).toBe(false);
  });

  it('uses REALM_PUBLIC_URL when it is set', async () => {
    const configured = await makeTestApp({ config: { publicOrigin: 'https://realm.example' } });
    try {
      const res = await configured.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-authorization-server',
      });
      expect(res.json().token_endpoint).toBe('https://realm.example/oauth/token');
    } finally {
      await configured.close();
    }
  });
});
