import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveAppToken } from '../../../src/server/mastodon/oauth/app-tokens.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  appToken,
  approve,
  pkcePair,
  registerTestApp,
  testRedirect,
  type RegisteredApp,
} from '../../helpers/mastodon-token.js';

// The authorization code flow with PKCE S256 (RFC 6749 section 4.1, RFC 7636), through HTTP: the consent
// page's approval (tRPC oauth.approve) and POST /oauth/token.

let t: TestApp;
let memberToken: string;
let memberId: string;
let registered: RegisteredApp;
beforeEach(async () => {
  t = await makeTestApp();
  const member = await t.member();
  memberToken = member.token;
  memberId = member.id;
  registered = await registerTestApp(t.app, 'read write follow');
});
afterEach(() => {
  vi.useRealTimers();
  return t.close();
});

const postToken = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/oauth/token', payload, headers });

/** A code for the member, with a PKCE challenge, and what the exchange then needs. */
async function codeFor(redirect = testRedirect, scope = 'read write') {
  const { verifier, challenge } = pkcePair();
  const code = await approve(t.app, memberToken, {
    client_id: registered.client_id,
    redirect_uri: redirect,
    response_type: 'code',
    scope,
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const exchange = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirect,
    client_id: registered.client_id,
    client_secret: registered.client_secret,
    code_verifier: verifier,
  };
  return { code, verifier, exchange };
}

describe('the authorization code flow with PKCE', () => {
  it('gives a token that resolves to the member and the scopes asked for', async () => {
    const access = await appToken(t.app, memberToken, 'read write');
    expect(access).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resolveAppToken(t.store, access)).toMatchObject({
      memberId,
      scopes: ['read', 'write'],
    });
  });

  it("answers RFC 6749's token shape, never cached, and keeps only hashes", async () => {
    const { exchange } = await codeFor();
    const res = await postToken(exchange);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      scope: 'read write',
      created_at: expect.any(Number),
    });
    expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(60);
    const stored = JSON.stringify(await t.sql('select * from oauth_tokens'));
    expect(stored).not.toContain(body.access_token);
    expect(JSON.stringify(await t.sql('select * from oauth_apps'))).not.toContain(registered.client_secret);
  });

  it('the approval redirects to the registered URI with the code and the state', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/oauth.approve',
      headers: { authorization: memberToken },
      payload: { client_id: registered.client_id, redirect_uri: testRedirect, scope: 'read', state: 'a b&c' },
    });
    const { redirectUrl, code } = res.json().result.data;
    expect(code).toBeNull();
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(testRedirect);
    expect(url.searchParams.get('state')).toBe('a b&c');
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('takes a form-encoded body too', async () => {
    const { exchange } = await codeFor();
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(exchange).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scope).toBe('read write');
  });

  it('authenticates the app by HTTP Basic', async () => {
    const { exchange } = await codeFor();
    const { client_secret: _secret, ...body } = exchange;
    const basic = Buffer.from(`${registered.client_id}:${registered.client_secret}`).toString('base64');
    const res = await postToken(body, { authorization: `Basic ${basic}` });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong secret (401 invalid_client), by Basic with WWW-Authenticate', async () => {
    const { exchange } = await codeFor();
    const wrong = await postToken({ ...exchange, client_secret: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    const { client_secret: _secret, ...body } = exchange;
    const basic = Buffer.from(`${registered.client_id}:nope`).toString('base64');
    const byBasic = await postToken(body, { authorization: `Basic ${basic}` });
    expect(byBasic.statusCode).toBe(401);
    expect(byBasic.headers['www-authenticate']).toMatch(/^Basic /);
    // The code was not touched by an app that could not authenticate: the right secret still works.
    expect((await postToken(exchange)).statusCode).toBe(200);
  });

  it('refuses a wrong verifier, and the code is used up by the attempt', async () => {
    const { exchange } = await codeFor();
    const wrong = await postToken({ ...exchange, code_verifier: pkcePair().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    expect((await postToken(exchange)).json().error).toBe('invalid_grant');
  });

  it('refuses a missing verifier when the code has a challenge', async () => {
    const { exchange } = await codeFor();
    const { code_verifier: _verifier, ...body } = exchange;
    expect((await postToken(body)).json().error).toBe('invalid_grant');
  });

  it('refuses a code used twice', async () => {
    const { exchange } = await codeFor();
    expect((await postToken(exchange)).statusCode).toBe(200);
    const again = await postToken(exchange);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('refuses a code after ten minutes', async () => {
    const { exchange } = await codeFor();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    const res = await postToken(exchange);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The code has expired.' });
  });

  it('refuses a redirect_uri other than the one the code was given for', async () => {
    const { exchange } = await codeFor();
    const res = await postToken({ ...exchange, redirect_uri: 'urn:ietf:wg:oauth:2.0:oob' });
    expect(res.json().error).toBe('invalid_grant');
  });

  it("refuses another app's code", async () => {
    const { exchange } = await codeFor();
    const other = await registerTestApp(t.app, 'read', 'Other app');
    const res = await postToken({
      ...exchange,
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect(res.json().error).toBe('invalid_grant');
  });

  it('the out-of-band redirect answers the code to show', async () => {
    const { exchange, code } = await codeFor('urn:ietf:wg:oauth:2.0:oob');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await postToken(exchange)).statusCode).toBe(200);
  });

  it('refuses unknown grant types and missing parameters in OAuth words', async () => {
    const password = await postToken({ grant_type: 'password', username: 'a', password: 'b' });
    expect(password.json().error).toBe('unsupported_grant_type');
    const none = await postToken({});
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('invalid_request');
    const noCode = await postToken({
      grant_type: 'authorization_code',
      client_id: registered.client_id,
      client_secret: registered.client_secret,
    });
    expect(noCode.json().error).toBe('invalid_request');
  });
});

describe('the approval', () => {
  const ask = (query: Record<string, string>, token = memberToken) =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/oauth.approve',
      headers: token ? { authorization: token } : {},
      payload: { client_id: registered.client_id, redirect_uri: testRedirect, ...query },
    });

  it('needs a signed-in, active member', async () => {
    expect((await ask({}, '')).statusCode).toBe(401);
    const suspended = await t.member({ status: 'suspended' });
    expect((await ask({}, suspended.token)).statusCode).toBe(403);
  });

  it('refuses scopes beyond the app, admin scopes and unknown ones', async () => {
    for (const scope of ['push', 'admin:read', 'read delete:everything']) {
      const res = await ask({ scope });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/scope/);
    }
  });

  it('refuses an unregistered redirect, a plain PKCE method and another response type', async () => {
    expect((await ask({ redirect_uri: 'https://evil.example/' })).statusCode).toBe(400);
    const plain = await ask({ code_challenge: pkcePair().challenge, code_challenge_method: 'plain' });
    expect(plain.statusCode).toBe(400);
    expect((await ask({ response_type: 'token' })).statusCode).toBe(400);
  });
});
