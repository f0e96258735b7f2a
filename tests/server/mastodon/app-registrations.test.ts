import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appRegistrationsPerAddress,
  removeUnauthorizedApps,
  unauthorizedAppLifetimeMs,
} from '../../../src/server/domain/app-registrations.js';
import { approve, appToken, pkcePair, registerTestApp, testRedirect } from '../../helpers/mastodon-token.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// POST /api/v1/apps is limited per address, counted in the database so that every worker agrees, and an
// app never authorized (no code or token ever issued for it) is removed after a day; a bounded app's size
// (docs/mastodon-api.md, "Signing in from an app"). Runs on both engines.

let t: TestApp;
const others: TestApp[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((other) => other.close()));
  await t?.close();
});

const app = { client_name: 'Busy app', redirect_uris: 'https://app.example/callback' };
const register = (on: TestApp, remoteAddress: string, payload: Record<string, unknown> = app) =>
  on.app.inject({ method: 'POST', url: '/api/v1/apps', remoteAddress, payload });
const appCount = async (on: TestApp) =>
  (await on.sql<{ n: number }>('select count(*) as n from oauth_apps'))[0]!.n;

describe('app registration', () => {
  it('refuses the registration past the limit from one address, counted across workers, storing nothing', async () => {
    // Two apps on one database stand for two workers (or two nodes).
    const file = join(mkdtempSync(join(tmpdir(), 'realm-app-limit-')), 'realm.db');
    t = await makeTestApp({ file, config: { rateLimit: true } });
    const second = await makeTestApp({ file, config: { rateLimit: true } });
    others.push(second);
    const { max } = appRegistrationsPerAddress;
    for (let i = 0; i < max; i++) {
      const res = await register(i % 2 ? second : t, '10.0.0.1');
      expect(res.statusCode, `registration ${i + 1}`).toBe(200);
    }
    const refused = await register(t, '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: `Too many apps registered from this address (at most ${max} an hour). Try again in 60 minutes.`,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await register(second, '10.0.0.1')).statusCode).toBe(429);
    expect(await appCount(t)).toBe(max);
    // Another address has its own count.
    expect((await register(second, '10.0.0.2')).statusCode).toBe(200);
  });

  it('refuses redirect URIs over 2,000 characters in all, storing nothing', async () => {
    t = await makeTestApp();
    const long = Array.from({ length: 3 }, (_, i) => `https://app.example/${i}/${'a'.repeat(700)}`);
    const res = await register(t, '10.0.0.1', { ...app, redirect_uris: long });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Validation failed: The redirect URIs must be at most 2000 characters in all.',
    });
    expect(await appCount(t)).toBe(0);
  });
});

describe('the cleanup of apps never authorized', () => {
  it('removes them a day after their registration, and keeps apps given a code or a token', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const unused = await registerTestApp(t.app, 'read', 'Never authorized');
    const signedIn = await appToken(t.app, member.token, 'read');
    const ownToken = await registerTestApp(t.app, 'read', 'Own token');
    const client = { client_id: ownToken.client_id, client_secret: ownToken.client_secret };
    const clientToken = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', ...client },
    });
    expect(clientToken.statusCode).toBe(200);
    const codeOnly = await registerTestApp(t.app, 'read', 'Code never exchanged');
    const consent = (clientId: string) => ({
      client_id: clientId,
      redirect_uri: testRedirect,
      response_type: 'code',
      scope: 'read',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    await approve(t.app, member.token, consent(codeOnly.client_id));
    const describeOf = (clientId: string) => t.caller(member.token).oauth.describe(consent(clientId));

    // A day minus a minute later every app is still young enough.
    expect(await removeUnauthorizedApps(t.store, Date.now() + unauthorizedAppLifetimeMs - 60_000)).toBe(0);
    expect((await describeOf(unused.client_id)).app.name).toBe('Never authorized');

    // A day and a minute later only the app nobody authorized is gone.
    expect(await removeUnauthorizedApps(t.store, Date.now() + unauthorizedAppLifetimeMs + 60_000)).toBe(1);
    await expect(describeOf(unused.client_id)).rejects.toThrow(
      'This app is not registered on this instance.',
    );
    expect((await describeOf(codeOnly.client_id)).app.name).toBe('Code never exchanged');
    expect((await describeOf(ownToken.client_id)).app.name).toBe('Own token');
    const verified = await t.app.inject({
      method: 'GET',
      url: '/api/v1/apps/verify_credentials',
      headers: { authorization: `Bearer ${signedIn}` },
    });
    expect(verified.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', ...client },
    });
    expect(again.statusCode).toBe(200);
  });
});
