import { describe, expect, it } from 'vitest';
import { demoCredentials, demoHandle, seedMembers } from '../../seed/data.js';
import { useRealm } from './instance.js';
import { freshName, password, signUp } from './members.js';
import { expectAnswer, expectError, expectUser, messages } from './shapes.js';

// Spec section 7 (POST /auth/signup 201 {createdUser, encodedToken}, POST /auth/login 200 {foundUser,
// encodedToken}), section 8's messages, and docs/differences-from-the-mock.md item 6 for the input rules.

const api = useRealm();
const signup = (body: unknown) => api.post('/api/auth/signup', undefined, body);
const login = (username: string, secret: string) =>
  api.post('/api/auth/login', undefined, { username, password: secret });

/** The claims of a JWT, read as any client could (no secret needed). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('POST /api/auth/signup', () => {
  it('answers 201 with the created user, no password, and a token carrying _id and username', async () => {
    const username = freshName().replaceAll('-', '_');
    const res = await signup({ username, password, firstName: 'Nora', lastName: 'Quinn', city: 'Oslo' });
    expectAnswer(res, 201, ['createdUser', 'encodedToken']);
    const user = res.body.createdUser;
    expectUser(user, ['city']);
    expect(user).toMatchObject({ username, firstName: 'Nora', lastName: 'Quinn', city: 'Oslo' });
    expect(user).toMatchObject({ followers: [], following: [], bookmarks: [] });
    expect(JSON.stringify(res.body)).not.toContain(password);
    expect(claimsOf(res.body.encodedToken)).toMatchObject({ _id: user._id, username });
    expect((await api.get(`/api/users/${username}`)).body.user).toEqual(user);
  });

  // docs/differences-from-the-mock.md: `username` in answers is the member's handle (letters, digits, `_`).
  it('makes a handle from a username that is not one, and the name given still finds and signs in', async () => {
    const given = freshName();
    const res = await signup({ username: given, password });
    expect(res.status).toBe(201);
    const user = res.body.createdUser;
    expect(user.username).toBe(given.replaceAll('-', '_'));
    expect(claimsOf(res.body.encodedToken)).toMatchObject({ _id: user._id, username: user.username });
    expect((await api.get(`/api/users/${given}`)).body.user).toEqual(user);
    expect((await login(given, password)).body.foundUser).toMatchObject({ _id: user._id });
    expectError(await signup({ username: given, password }), 422, messages.taken);
  });

  it('keeps an email-like username as the email, private, with a handle made from its local part', async () => {
    const local = freshName('mail').replaceAll('-', '_');
    const email = `${local}@example.com`;
    const res = await signup({ username: email, password });
    expect(res.status).toBe(201);
    expect(res.body.createdUser.username).toBe(local);
    expect(JSON.stringify(res.body)).not.toContain('example.com');
    expect((await login(email.toUpperCase(), password)).body.foundUser).toMatchObject({ username: local });
    expect((await api.get(`/api/users/${encodeURIComponent(email)}`)).status).toBe(404);
    expectError(await signup({ username: email, password }), 422, messages.taken);
    const again = await signup({ username: `${local}@example.org`, password });
    expect(again.body.createdUser.username).toBe(`${local}2`);
  });

  it('never lets extra fields replace the id, lists or timestamps, and keeps no secret-looking extras', async () => {
    const username = freshName();
    const res = await signup({
      ...{ username, password, _id: 'chosen-id', followers: ['x'], following: ['x'], bookmarks: ['x'] },
      ...{ createdAt: '1999-01-01T00:00:00+00:00', confirmPassword: password, apiToken: 't', hint: password },
    });
    expect(res.status).toBe(201);
    const user = res.body.createdUser;
    expectUser(user);
    expect(user._id).not.toBe('chosen-id');
    expect(user).toMatchObject({ followers: [], following: [], bookmarks: [] });
    expect(user.createdAt).not.toContain('1999');
    expect(JSON.stringify(res.body)).not.toContain(password);
  });

  it('refuses a taken username, in any case, with 422', async () => {
    const first = await signUp(api);
    for (const username of [first.username, first.username.toUpperCase()])
      expectError(await signup({ username, password }), 422, messages.taken);
    expectError(await signup({ username: 'JaneCooper', password }), 422, messages.taken);
  });

  const usernameRange = 'Username must be 1 to 64 characters.';
  const noSpaces = 'Username must not contain spaces or slashes.';
  const reserved = 'That username is reserved. Please choose another.';
  const passwordRange = 'Password must be 8 to 128 characters.';
  const extras = 'Signup accepts at most 20 extra fields of 4 KB in all.';
  const manyKeys = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`extra${i}`, i]));

  it.each([
    ['no body', undefined, 'Username is required.'],
    ['no username', { password }, 'Username is required.'],
    ['no password', { username: 'someone' }, 'Password is required.'],
    ['a number as username', { username: 12345, password }, 'Username must be text.'],
    ['a number as password', { username: 'someone', password: 12345678 }, 'Password must be text.'],
    ['an empty username', { username: '', password }, usernameRange],
    ['a 65-character username', { username: 'u'.repeat(65), password }, usernameRange],
    ['a username with a space', { username: 'two words', password }, noSpaces],
    ['a username with a slash', { username: 'a/b', password }, noSpaces],
    ['the route name bookmark', { username: 'bookmark', password }, reserved],
    ['the route name Remove-Bookmark', { username: 'Remove-Bookmark', password }, reserved],
    ['a 7-character password', { username: 'someone', password: 'p'.repeat(7) }, passwordRange],
    ['a 129-character password', { username: 'someone', password: 'p'.repeat(129) }, passwordRange],
    ['21 extra fields', { username: 'someone', password, ...manyKeys }, extras],
    ['extras over 4 KB', { username: 'someone', password, a: 'x'.repeat(2100), b: 'y'.repeat(2100) }, extras],
    [
      'an object as an extra field',
      { username: 'someone', password, form: { a: 1 } },
      'The extra field "form" must be a string, a number or true/false.',
    ],
  ])('refuses %s with 400', async (_label, body, message) => {
    expectError(await signup(body), 400, message);
  });

  it('accepts a 64-character, email-like username and passwords of 8 and 128 characters', async () => {
    for (const [username, secret] of [
      [freshName().padEnd(64, 'x'), 'p'.repeat(8)],
      [`${freshName()}+tag@example.org`, 'q'.repeat(128)],
    ] as const) {
      const res = await signup({ username, password: secret });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect((await login(username, secret)).status).toBe(200);
    }
  });
});

describe('POST /api/auth/login', () => {
  it('logs the demo member in: 200 with the found user, no password, and a token', async () => {
    const res = await login(demoCredentials.username, demoCredentials.password);
    expectAnswer(res, 200, ['encodedToken', 'foundUser']);
    expectUser(res.body.foundUser);
    expect(res.body.foundUser).toMatchObject({ _id: seedMembers[0]!.id, username: demoHandle });
    expect(JSON.stringify(res.body)).not.toContain(demoCredentials.password);
    expect(claimsOf(res.body.encodedToken)).toMatchObject({ _id: seedMembers[0]!.id });
  });

  it('matches the username without regard to case and answers the handle', async () => {
    const given = `Mixed-${freshName()}`;
    const me = await signUp(api, { username: given });
    for (const name of [given.toUpperCase(), me.username.toLowerCase()]) {
      const res = await login(name, password);
      expect(res.status).toBe(200);
      expect(res.body.foundUser).toMatchObject({ _id: me.id, username: me.username });
      expect((await api.post('/api/posts', res.body.encodedToken, { postData: 'logged in' })).status).toBe(
        201,
      );
    }
  });

  it.each([
    ['an unknown username', () => login(freshName('nobody'), password), 404, messages.unknownUsername],
    [
      'a wrong password',
      () => login(seedMembers[1]!.username, 'not-the-password'),
      401,
      messages.wrongPassword,
    ],
    ['no username', () => api.post('/api/auth/login', undefined, { password }), 400, 'Username is required.'],
  ])('answers %s with %i', async (_label, send, status, message) => {
    expectError(await send(), status, message);
  });
});
