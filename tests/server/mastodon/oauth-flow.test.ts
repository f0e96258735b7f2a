import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveAppToken } from '../../../src/server/mastodon/oauth/app-tokens.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { appToken } from '../../helpers/mastodon-token.js';

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

describe('the authorization code flow with PKCE', () => {
  it('gives a token that resolves to the member and the scopes', async () => {
    const member = await t.member();
    const access = await appToken(t.app, member.token, 'read write');
    expect(access).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const grant = await resolveAppToken(t.store, access);
    expect(grant).toMatchObject({ memberId: member.id, scopes: ['read', 'write'] });
  });
});
