import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectAccessible, logIn, signUp, type E2ePage } from './harness.js';
import { useE2e } from './page-helpers.js';
import { section } from './community-helpers.js';

// In a real browser: an app sends a signed-out member to /oauth/authorize; they sign in, see the app and
// what it asks for, and Allow (back to the app with a code) or Deny (back with access_denied); the
// out-of-band redirect shows the code; settings, "Apps", lists the app and Revoke ends its token.

const e2e = useE2e();
const oob = 'urn:ietf:wg:oauth:2.0:oob';

async function registerApp(p: E2ePage, redirect: string) {
  const res = await fetch(p.url('/api/v1/apps'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Pocket Reader',
      redirect_uris: [redirect, oob],
      scopes: 'read write follow',
      website: 'https://pocket.example',
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { client_id: string; client_secret: string };
}

function authorizeUrl(p: E2ePage, clientId: string, redirect: string, challenge: string, state = 'st-1') {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirect,
    response_type: 'code',
    scope: 'read write',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return p.url(`/oauth/authorize?${query}`);
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function exchange(
  p: E2ePage,
  app: { client_id: string; client_secret: string },
  code: string,
  redirect: string,
  verifier: string,
) {
  const res = await fetch(p.url('/oauth/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: app.client_id,
      client_secret: app.client_secret,
      code_verifier: verifier,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const verify = (p: E2ePage, token: string) =>
  fetch(p.url('/api/v1/apps/verify_credentials'), { headers: { authorization: `Bearer ${token}` } });

describe('the consent page', () => {
  it('signs the member in first, then Allow returns a code, Deny access_denied, and Revoke ends the token', async () => {
    const member = await e2e.open();
    const credentials = await signUp(member);
    const redirect = member.url('/pocket-callback');
    const app = await registerApp(member, redirect);

    // An app opens a new tab: no session there yet.
    const tab = await e2e.open();
    const first = pkce();
    await tab.page.goto(authorizeUrl(tab, app.client_id, redirect, first.challenge));
    await tab.page.waitForURL(tab.url('/auth'));
    await tab.page.getByLabel('Email').fill(credentials.username);
    await tab.page.getByLabel('Password').fill(credentials.password);
    await tab.page.getByRole('button', { name: 'Login to your account' }).click();

    // Back on the consent page with the same request.
    await tab.page.getByRole('heading', { name: 'Allow Pocket Reader?' }).waitFor();
    expect(new URL(tab.page.url()).searchParams.get('client_id')).toBe(app.client_id);
    await tab.page.getByRole('link', { name: 'https://pocket.example' }).waitFor();
    await tab.page.getByText('Read everything your account can see', { exact: false }).waitFor();
    await tab.page.getByText('Post, comment, like, boost, bookmark, follow', { exact: false }).waitFor();
    await expectAccessible(tab.page, 'the consent page');

    await tab.page.getByRole('button', { name: 'Allow' }).click();
    await tab.page.waitForURL((url) => url.pathname === '/pocket-callback');
    const back = new URL(tab.page.url()).searchParams;
    expect(back.get('state')).toBe('st-1');
    const token = await exchange(tab, app, back.get('code')!, redirect, first.verifier);
    expect((await verify(tab, token)).status).toBe(200);

    // Deny: back to the app with access_denied and the state; no code.
    await tab.page.goto(authorizeUrl(tab, app.client_id, redirect, pkce().challenge, 'st-2'));
    await tab.page.getByRole('button', { name: 'Deny' }).click();
    await tab.page.waitForURL((url) => url.pathname === '/pocket-callback');
    const denied = new URL(tab.page.url()).searchParams;
    expect([denied.get('error'), denied.get('state'), denied.get('code')]).toEqual([
      'access_denied',
      'st-2',
      null,
    ]);

    // Settings, "Apps": the app, its scopes, and Revoke (after a confirmation).
    await tab.page.goto(tab.url('/settings'));
    const apps = section(tab.page, 'Apps');
    await apps.getByText('Pocket Reader', { exact: true }).waitFor();
    await apps.getByRole('button', { name: 'Revoke Pocket Reader' }).click();
    await tab.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await apps.getByText('You have not allowed any app.').waitFor();
    expect((await verify(tab, token)).status).toBe(401);
  });

  it('shows the code for the out-of-band redirect', async () => {
    const p = await e2e.open();
    await logIn(p);
    const app = await registerApp(p, p.url('/pocket-callback'));
    const { verifier, challenge } = pkce();
    await p.page.goto(authorizeUrl(p, app.client_id, oob, challenge));
    await p.page.getByRole('button', { name: 'Allow' }).click();
    const code = await p.page.getByLabel('Authorization code').inputValue();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.page.url()).toContain('/oauth/authorize');
    const token = await exchange(p, app, code, oob, verifier);
    expect((await verify(p, token)).status).toBe(200);
  });

  it('shows an error, and never redirects, for an unknown app or an unregistered address', async () => {
    const p = await e2e.open();
    await logIn(p);
    const app = await registerApp(p, p.url('/pocket-callback'));
    await p.page.goto(authorizeUrl(p, 'no-such-client', p.url('/pocket-callback'), pkce().challenge));
    await p.page
      .getByRole('alert')
      .filter({ hasText: 'This app is not registered on this instance.' })
      .waitFor();
    await p.page.goto(authorizeUrl(p, app.client_id, 'https://evil.example/cb', pkce().challenge));
    await p.page.getByRole('alert').filter({ hasText: 'did not register the address' }).waitFor();
    expect(new URL(p.page.url()).pathname).toBe('/oauth/authorize');
  });
});
