import { afterEach, describe, expect, it } from 'vitest';
import { seedMembers } from '../../seed/data.js';
import { factoryPassword } from '../../seed/factories.js';
import { get, post, restLogin } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectRefused } from '../helpers/expect.js';

const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const userKeys = [
  '_id',
  'bio',
  'bookmarks',
  'createdAt',
  'firstName',
  'followers',
  'following',
  'lastName',
  'link',
  'profileBanner',
  'profilePic',
  'updatedAt',
  'username',
];
const longAgo = Date.UTC(2024, 0, 1);

type User = Record<string, unknown> & { _id: string; username: string; createdAt: string; updatedAt: string };

let t: TestApp;
afterEach(() => t?.close());

function expectUserShape(user: User) {
  expect(Object.keys(user).sort()).toEqual(userKeys);
  expect(user.createdAt).toMatch(stamp);
  expect(user.updatedAt).toMatch(stamp);
  expect(JSON.stringify(user)).not.toMatch(/password/i);
}

describe('GET /api/users', () => {
  it('answers 200 with every member in the spec shape, without passwords', async () => {
    t = await makeTestApp({ seed: true });
    const res = await get(t.app, '/api/users');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['users']);
    const users = res.body.users as User[];
    expect(users.map((u) => u._id).sort()).toEqual(seedMembers.map((m) => m.id).sort());
    for (const user of users) {
      expectUserShape(user);
      const seeded = seedMembers.find((m) => m.id === user._id)!;
      expect(user).toMatchObject({
        username: seeded.username,
        firstName: seeded.firstName,
        lastName: seeded.lastName,
        bio: seeded.bio,
        link: seeded.link,
        followers: [],
        following: [],
        bookmarks: [],
      });
    }
  });
});

describe('GET /api/users/:username', () => {
  it('answers 200 with {user}, matching the username in any case', async () => {
    t = await makeTestApp({ seed: true });
    const jane = seedMembers[1]!;
    for (const name of ['janecooper', 'JaneCooper', 'JANECOOPER']) {
      const res = await get(t.app, `/api/users/${name}`);
      expect(res.status, name).toBe(200);
      expect(Object.keys(res.body)).toEqual(['user']);
      expectUserShape(res.body.user);
      expect(res.body.user).toMatchObject({ _id: jane.id, username: 'janecooper', firstName: 'Jane' });
    }
    const demo = await get(t.app, `/api/users/${encodeURIComponent(seedMembers[0]!.username)}`);
    expect(demo.status).toBe(200);
    expect(demo.body.user._id).toBe(seedMembers[0]!.id);
  });

  it('answers 404 "User not found" for an unknown username, and does not match by _id', async () => {
    t = await makeTestApp({ seed: true });
    for (const name of ['nobody-here', seedMembers[1]!.id]) {
      const res = await get(t.app, `/api/users/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body).toEqual({ errors: ['User not found'] });
    }
  });
});

describe('POST /api/users/edit', () => {
  it('changes the editable fields, answering 201 with {user} and a fresh updatedAt', async () => {
    t = await makeTestApp();
    const me = await t.member({ createdAt: longAgo, updatedAt: longAgo });
    const before = (await get(t.app, `/api/users/${me.username}`)).body.user as User;
    const userData = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Counting engines.',
      link: 'https://example.com/ada',
      profilePic: 'https://example.com/ada.png',
      profileBanner: 'https://example.com/banner.png',
    };
    const res = await post(t.app, '/api/users/edit', me.token, { userData });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['user']);
    expectUserShape(res.body.user);
    expect(res.body.user).toMatchObject({ ...userData, _id: me.id, username: me.username });
    expect(res.body.user.createdAt).toBe(before.createdAt);
    expect(res.body.user.updatedAt).not.toBe(before.updatedAt);
    expect((await get(t.app, `/api/users/${me.username}`)).body.user).toEqual(res.body.user);
  });

  it('changes only the fields sent', async () => {
    t = await makeTestApp();
    const me = await t.member({ bio: 'Old bio', link: 'https://example.com/old' });
    const res = await post(t.app, '/api/users/edit', me.token, { userData: { bio: 'New bio' } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      bio: 'New bio',
      link: 'https://example.com/old',
      firstName: 'Test',
    });
  });

  it('ignores username, _id, password, followers and other keys', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    const other = seedMembers[1]!;
    const res = await post(t.app, '/api/users/edit', me.token, {
      userData: {
        bio: 'Only this changes',
        username: 'renamed',
        _id: 'another-id',
        password: 'new-password-123',
        followers: [{ _id: other.id, username: other.username }],
        following: [{ _id: other.id }],
        bookmarks: ['some-post'],
        createdAt: '1999-01-01T00:00:00+00:00',
        isAdmin: true,
      },
    });
    expect(res.status).toBe(201);
    const user = res.body.user as User;
    expectUserShape(user);
    expect(user).toMatchObject({
      _id: me.id,
      username: me.username,
      bio: 'Only this changes',
      followers: [],
      following: [],
      bookmarks: [],
    });
    expect(user.createdAt).not.toBe('1999-01-01T00:00:00+00:00');
    expect((await get(t.app, '/api/users/renamed')).status).toBe(404);
    expect((await get(t.app, `/api/users/${other.username}`)).body.user.followers).toEqual([]);
    // The password did not change.
    const oldLogin = await restLogin(t.app, me.username, factoryPassword);
    expect(oldLogin.status).toBe(200);
    const newLogin = await restLogin(t.app, me.username, 'new-password-123');
    expect(newLogin.status).toBe(401);
  });

  it('refuses a missing token, and values over the limits, writing nothing', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await expectRefused(
      t,
      () => post(t.app, '/api/users/edit', undefined, { userData: { bio: 'Hi' } }),
      401,
      'The token is invalid. Unauthorized access error.',
    );
    await expectRefused(
      t,
      () => post(t.app, '/api/users/edit', me.token, { userData: { bio: 'x'.repeat(161) } }),
      400,
      'Bio must be at most 160 characters.',
    );
    await expectRefused(
      t,
      () => post(t.app, '/api/users/edit', me.token, { userData: { link: 'javascript:alert(1)' } }),
      400,
      'Link must be an http(s) URL of at most 300 characters.',
    );
  });
});
