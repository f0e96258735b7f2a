import { afterEach, describe, expect, it } from 'vitest';
import { call, expectCallerChecks, memberWithToken, suspend } from '../../helpers/mastodon-calls.js';
import { z } from 'zod';
import { account, credentialAccount, expectEntity } from '../../mastodon/entities/index.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { jpeg, stored } from '../../trpc/media-helpers.js';

// The member's own account (verify_credentials, update_credentials) and others' (lookup, by id, search,
// suggestions) through Mastodon's client API (docs/mastodon-api.md, "Accounts"). Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const accountFields = [
  'id',
  'username',
  'acct',
  'url',
  'display_name',
  'note',
  'avatar',
  'avatar_static',
  'header',
  'header_static',
  'locked',
  'bot',
  'group',
  'discoverable',
  'created_at',
  'last_status_at',
  'statuses_count',
  'followers_count',
  'following_count',
  'fields',
  'emojis',
];

function expectAccount(body: Record<string, unknown>) {
  expectEntity(account, body);
  for (const field of accountFields) expect(body, field).toHaveProperty(field);
  expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
}

async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'picture.jpg');
  }
  const request = new Request('http://realm.example', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

describe('verify_credentials', () => {
  it("answers the caller's CredentialAccount with source and role", async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Hi @nobody',
      link: 'https://ada.example',
    });
    const { status, body } = await call(t, 'GET', '/api/v1/accounts/verify_credentials', me.app);
    expect(status).toBe(200);
    expectEntity(credentialAccount, body);
    expectAccount(body);
    expect(body).toMatchObject({
      id: me.id,
      username: me.username,
      acct: me.username,
      display_name: 'Ada Lovelace',
      url: `http://realm.example/profile/${me.username}`,
      source: {
        note: 'Hi @nobody',
        fields: [{ name: 'Website', value: 'https://ada.example', verified_at: null }],
        privacy: 'public',
        sensitive: false,
        language: '',
        follow_requests_count: 0,
      },
      role: { name: '', permissions: '0' },
    });
    expect(body.fields[0]).toMatchObject({ name: 'Website' });
  });

  it('the profile scope grants it alone; admins carry their role name', async () => {
    t = await makeTestApp();
    const admin = await memberWithToken(t, 'profile', { role: 'admin' });
    const { body } = await call(t, 'GET', '/api/v1/accounts/verify_credentials', admin.app);
    expect(body.role).toMatchObject({ name: 'Admin', permissions: '0' });
    expect((await call(t, 'GET', '/api/v1/blocks', admin.app)).status).toBe(403);
  });

  it('refuses no token, a token without read:accounts or profile, and a suspended member', async () => {
    t = await makeTestApp();
    await expectCallerChecks(t, 'GET', '/api/v1/accounts/verify_credentials', 'write');
  });
});

describe('update_credentials', () => {
  it('sets the name, bio and link from JSON, through the profile rules', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read write');
    const { status, body } = await call(t, 'PATCH', '/api/v1/accounts/update_credentials', me.app, {
      display_name: 'Mary Ann Smith',
      note: 'Gardener',
      fields_attributes: { 0: { name: 'Site', value: 'https://mary.example' } },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      display_name: 'Mary Ann Smith',
      source: { note: 'Gardener', fields: [{ value: 'https://mary.example' }] },
    });
    const profile = await t.caller(me.token).users.me();
    expect(profile).toMatchObject({
      firstName: 'Mary',
      lastName: 'Ann Smith',
      bio: 'Gardener',
      link: 'https://mary.example',
    });
  });

  it('takes a form, and leaves out what is not sent', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'write:accounts read', { bio: 'kept' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { authorization: `Bearer ${me.app}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'display_name=Solo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ display_name: 'Solo', source: { note: 'kept' } });
  });

  it('stores an avatar and a header sent as files, as the web app uploads them', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read write');
    const picture = new Blob([new Uint8Array(await jpeg(600, 600))], { type: 'image/jpeg' });
    const { body, type } = await multipart({ avatar: picture, header: picture, note: 'with pictures' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { authorization: `Bearer ${me.app}`, 'content-type': type, host: 'realm.example' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const account = response.json();
    expect(account.avatar).toMatch(/^http:\/\/realm\.example\/media\/.+\.webp$/);
    expect(account.header).toMatch(/^http:\/\/realm\.example\/media\/.+\.webp$/);
    expect(stored(t, new URL(account.avatar).pathname)).toBe(true);
    const profile = await t.caller(me.token).users.me();
    expect(profile.profilePic).toBe(new URL(account.avatar).pathname);
    expect(profile.bio).toBe('with pictures');
  });

  it('refuses with 422 what the profile rules refuse, and changes nothing', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read write', { bio: 'before' });
    const tooLong = await call(t, 'PATCH', '/api/v1/accounts/update_credentials', me.app, {
      note: 'x'.repeat(161),
      display_name: 'Changed',
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error).toMatch(/^Validation failed: Bio/);
    const badLink = await call(t, 'PATCH', '/api/v1/accounts/update_credentials', me.app, {
      fields_attributes: [{ name: 'x', value: 'javascript:alert(1)' }],
    });
    expect(badLink.status).toBe(422);
    expect(await t.caller(me.token).users.me()).toMatchObject({ bio: 'before', firstName: 'Test' });
    await expectCallerChecks(t, 'PATCH', '/api/v1/accounts/update_credentials', 'read', { note: 'x' });
  });
});

describe('other accounts', () => {
  it('by id and by lookup, to anyone; 404 for what names nobody', async () => {
    t = await makeTestApp();
    const ada = await t.member({ username: 'ada', firstName: 'Ada', lastName: 'L' });
    await t.caller(ada.token).posts.create({ content: 'first' });
    const byId = await call(t, 'GET', `/api/v1/accounts/${ada.id}`);
    expect(byId.status).toBe(200);
    expectAccount(byId.body);
    expect(byId.body).toMatchObject({ id: ada.id, acct: 'ada', statuses_count: 1, display_name: 'Ada L' });
    for (const acct of ['ada', '@ada', 'ADA', 'ada@realm.example', 'ada@Realm.Example']) {
      expect((await call(t, 'GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(acct)}`)).body.id).toBe(
        ada.id,
      );
    }
    for (const url of [
      '/api/v1/accounts/lookup?acct=nobody',
      '/api/v1/accounts/lookup?acct=ada@elsewhere.example',
      '/api/v1/accounts/lookup?acct=ada@realm.example:8443',
      '/api/v1/accounts/lookup',
      '/api/v1/accounts/00000000-0000-4000-8000-000000000000',
      '/api/v1/accounts/not-an-id',
    ]) {
      expect(await call(t, 'GET', url)).toMatchObject({ status: 404, body: { error: 'Record not found' } });
    }
  });

  it('a token sent must be valid and grant read:accounts; a suspended caller is refused', async () => {
    t = await makeTestApp();
    const ada = await t.member();
    expect((await call(t, 'GET', `/api/v1/accounts/${ada.id}`, 'nonsense')).status).toBe(401);
    const narrow = await memberWithToken(t, 'write');
    expect((await call(t, 'GET', `/api/v1/accounts/${ada.id}`, narrow.app)).status).toBe(403);
    await suspend(t, narrow.id);
    const gone = await memberWithToken(t, 'read');
    await suspend(t, gone.id);
    expect((await call(t, 'GET', `/api/v1/accounts/${ada.id}`, gone.app)).status).toBe(403);
  });

  it("search finds members by name as Realm's people search does, leaving out whom I blocked", async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read write follow');
    const ada = await t.member({ username: 'adalove' });
    const blocked = await t.member({ username: 'adablocked' });
    await call(t, 'POST', `/api/v1/accounts/${blocked.id}/block`, me.app);
    const { status, body } = await call(t, 'GET', '/api/v1/accounts/search?q=ada', me.app);
    expect(status).toBe(200);
    expectEntity(z.array(account), body);
    expect(body.map((found: { id: string }) => found.id)).toEqual([ada.id]);
    expect((await call(t, 'GET', '/api/v1/accounts/search?q=ada&offset=1', me.app)).body).toEqual([]);
    await expectCallerChecks(t, 'GET', '/api/v1/accounts/search?q=ada', 'write');
  });

  it("suggestions are Realm's who to follow, v1 as accounts and v2 with their source", async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read');
    const ada = await t.member();
    const v1 = await call(t, 'GET', '/api/v1/suggestions', me.app);
    expect(v1.body.map((account: { id: string }) => account.id)).toContain(ada.id);
    const v2 = await call(t, 'GET', '/api/v2/suggestions', me.app);
    expect(v2.body).toContainEqual(
      expect.objectContaining({ source: 'global', account: expect.objectContaining({ id: ada.id }) }),
    );
    await expectCallerChecks(t, 'GET', '/api/v2/suggestions', 'write');
  });
});
