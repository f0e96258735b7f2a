import { describe, expect, it } from 'vitest';
import { demoCredentials, demoHandle, seedMembers } from '../../seed/data.js';
import { useRealm } from './instance.js';
import { freshName, password, signUp } from './members.js';
import { expectAnswer, expectError, expectUser, messages } from './shapes.js';

// Spec section 7's user routes: GET /users, GET /users/{userId} (matched against the username), POST
// users/edit 201 {user}. docs/differences-from-the-mock.md items 5 and 6: only editable fields change, within
// limits.

const api = useRealm();
type User = Record<string, unknown> & { _id: string; username: string; createdAt: string };

describe('GET /api/users', () => {
  it('answers 200 {users}: the seed members as seeded, then new members, with X-Total-Count', async () => {
    const me = await signUp(api);
    const res = await api.get('/api/users');
    expectAnswer(res, 200, ['users']);
    const users = res.body.users as User[];
    users.forEach((user) => expectUser(user));
    expect(users.slice(0, seedMembers.length)).toEqual(
      seedMembers.map((m) =>
        expect.objectContaining({
          ...{ _id: m.id, username: m.username, firstName: m.firstName, lastName: m.lastName },
          ...{ bio: m.bio, link: m.link, followers: [], following: [], bookmarks: [] },
        }),
      ),
    );
    expect(users.at(-1)).toMatchObject({ _id: me.id, username: me.username });
    expect(res.headers['x-total-count']).toBe(String(users.length));
  });
});

describe('GET /api/users/:username', () => {
  it('answers 200 {user} for the username in any case, and not by an email', async () => {
    const me = await signUp(api);
    for (const name of [me.username, me.username.toUpperCase()]) {
      const res = await api.get(`/api/users/${encodeURIComponent(name)}`);
      expectAnswer(res, 200, ['user']);
      expectUser(res.body.user);
      expect(res.body.user).toMatchObject({ _id: me.id, username: me.username });
    }
    const demo = await api.get(`/api/users/${demoHandle}`);
    expect(demo.body.user).toMatchObject({ _id: seedMembers[0]!.id, username: demoHandle });
    // The demo member's email signs in, but finds nobody: an email is private.
    expect((await api.get(`/api/users/${encodeURIComponent(demoCredentials.username)}`)).status).toBe(404);
  });

  it('answers 404 "User not found" for an unknown username, and for an _id', async () => {
    const me = await signUp(api);
    for (const name of [freshName('nobody'), me.id])
      expectError(await api.get(`/api/users/${name}`), 404, messages.userNotFound);
  });
});

describe('POST /api/users/edit', () => {
  const editable = {
    bio: 'Compilers and nanoseconds.',
    firstName: 'Grace',
    lastName: 'Hopper',
    link: 'http://example.org/grace',
    profileBanner: '/pictures/jane-banner.svg',
    profilePic: 'https://example.org/grace.svg',
  };

  it('changes the editable fields: 201 {user}, which GET then answers', async () => {
    const me = await signUp(api);
    const before = (await api.get(`/api/users/${me.username}`)).body.user as User;
    const res = await api.post('/api/users/edit', me.token, { userData: editable });
    expectAnswer(res, 201, ['user']);
    expectUser(res.body.user);
    expect(res.body.user).toMatchObject({ ...editable, _id: me.id, username: me.username });
    expect(res.body.user.createdAt).toBe(before.createdAt);
    expect((await api.get(`/api/users/${me.username}`, me.token)).body.user).toEqual(res.body.user);
  });

  it('changes only the fields sent, and an empty link clears it', async () => {
    const me = await signUp(api, { bio: 'Old bio', link: 'https://example.com/old' });
    const res = await api.post('/api/users/edit', me.token, { userData: { bio: 'New bio' } });
    expect(res.body.user).toMatchObject({
      bio: 'New bio',
      link: 'https://example.com/old',
      firstName: 'Casey',
    });
    const cleared = await api.post('/api/users/edit', me.token, { userData: { link: '' } });
    expect(cleared.body.user).toMatchObject({ bio: 'New bio', link: '' });
  });

  it('ignores every other key: username, _id, password, lists, timestamps', async () => {
    const [me, other] = [await signUp(api), await signUp(api)];
    const res = await api.post('/api/users/edit', me.token, {
      userData: {
        ...{ bio: 'Only this', username: freshName('renamed'), _id: 'x', password: 'new-password-123' },
        ...{ followers: [{ _id: other.id }], following: [other.id], bookmarks: ['p'], createdAt: '1999' },
        isAdmin: true,
      },
    });
    expect(res.status).toBe(201);
    expectUser(res.body.user);
    expect(res.body.user).toMatchObject({ _id: me.id, username: me.username, bio: 'Only this' });
    expect(res.body.user).toMatchObject({ followers: [], following: [], bookmarks: [] });
    expect((await api.get(`/api/users/${other.username}`)).body.user.followers).toEqual([]);
    const login = (secret: string) =>
      api.post('/api/auth/login', undefined, { username: me.username, password: secret });
    expect((await login(password)).status).toBe(200);
    expectError(await login('new-password-123'), 401, messages.wrongPassword);
  });

  const url = (label: string) => `${label} must be an http(s) URL of at most 300 characters.`;
  const longUrl = (length: number) => `https://example.com/${'p'.repeat(length - 20)}`;

  it.each([
    ['no userData', {}, 'userData is required: an object with the fields to change.'],
    ['userData as text', { userData: 'bio' }, 'userData is required: an object with the fields to change.'],
    ['a bio of 161', { userData: { bio: 'b'.repeat(161) } }, 'Bio must be at most 160 characters.'],
    [
      'a first name of 51',
      { userData: { firstName: 'f'.repeat(51) } },
      'First name must be at most 50 characters.',
    ],
    [
      'a last name of 51',
      { userData: { lastName: 'l'.repeat(51) } },
      'Last name must be at most 50 characters.',
    ],
    ['a bio as a number', { userData: { bio: 5 } }, 'Bio must be text.'],
    ['a javascript: link', { userData: { link: 'javascript:alert(1)' } }, url('Link')],
    ['a link of 301 characters', { userData: { link: longUrl(301) } }, url('Link')],
    ['a data: picture', { userData: { profilePic: 'data:image/svg+xml,<svg/>' } }, url('Profile picture')],
    ['an ftp banner', { userData: { profileBanner: 'ftp://example.com/b.png' } }, url('Profile banner')],
    ['one bad field among good ones', { userData: { bio: 'fine', link: 'not a url' } }, url('Link')],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const me = await signUp(api);
    const before = (await api.get(`/api/users/${me.username}`)).body.user;
    expectError(await api.post('/api/users/edit', me.token, body), 400, message);
    expect((await api.get(`/api/users/${me.username}`)).body.user).toEqual(before);
  });

  it('accepts the limits exactly: bio 160, names 50, a URL of 300', async () => {
    const me = await signUp(api);
    const atLimit = { firstName: 50, lastName: 50, bio: 160 };
    const userData = { ...Object.fromEntries(Object.entries(atLimit).map(([k, n]) => [k, 'é'.repeat(n)])) };
    const res = await api.post('/api/users/edit', me.token, {
      userData: { ...userData, link: longUrl(300) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.user).toMatchObject({ ...userData, link: longUrl(300) });
  });
});
