import { afterEach, describe, expect, it } from 'vitest';
import { get, post } from '../helpers/http.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// docs/differences-from-the-mock.md item 6: usernames 1 to 64 characters without whitespace or `/`, reserved
// route names refused, unique without regard to case; passwords 8 to 128; extra signup fields at most 20 keys
// and 4 KB, never overwriting the real fields. A refused signup writes nothing.

let t: TestApp;
afterEach(() => t?.close());

const password = 'a-good-password';
const signup = (body: unknown) => post(t.app, '/api/auth/signup', undefined, body);

async function refused(body: unknown, status: number, message: string) {
  const before = await snapshot(t);
  const res = await signup(body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ errors: [message] });
  expect(await snapshot(t)).toEqual(before);
}

const usernameRange = 'Username must be 1 to 64 characters.';
const noSpaces = 'Username must not contain spaces or slashes.';
const reserved = 'That username is reserved. Please choose another.';
const passwordRange = 'Password must be 8 to 128 characters.';
const extrasMessage = 'Signup accepts at most 20 extra fields of 4 KB in all.';

describe('POST /api/auth/signup refuses', () => {
  it.each([
    ['no body', undefined, 'Username is required.'],
    ['a missing username', { password }, 'Username is required.'],
    ['a missing password', { username: 'alice' }, 'Password is required.'],
    ['a numeric username', { username: 12345, password }, 'Username must be text.'],
    ['an array username', { username: ['alice'], password }, 'Username must be text.'],
    ['an object username', { username: { name: 'alice' }, password }, 'Username must be text.'],
    ['a null username', { username: null, password }, 'Username must be text.'],
    ['a numeric password', { username: 'alice', password: 12345678 }, 'Password must be text.'],
    ['an empty username', { username: '', password }, usernameRange],
    ['a 65-character username', { username: 'u'.repeat(65), password }, usernameRange],
    ['a username with a space', { username: 'alice smith', password }, noSpaces],
    ['a username of spaces only', { username: '   ', password }, noSpaces],
    ['a username with a tab', { username: 'alice\tsmith', password }, noSpaces],
    ['a username with a newline', { username: 'alice\n', password }, noSpaces],
    ['a username with a slash', { username: 'alice/smith', password }, noSpaces],
    ['a username that is a path', { username: '../etc', password }, noSpaces],
    ['the reserved name bookmark', { username: 'bookmark', password }, reserved],
    ['the reserved name edit', { username: 'edit', password }, reserved],
    ['the reserved name follow', { username: 'follow', password }, reserved],
    ['the reserved name unfollow', { username: 'unfollow', password }, reserved],
    ['the reserved name remove-bookmark', { username: 'remove-bookmark', password }, reserved],
    ['a reserved name in capitals', { username: 'BookMark', password }, reserved],
    ['a 7-character password', { username: 'alice', password: 'p'.repeat(7) }, passwordRange],
    ['a 129-character password', { username: 'alice', password: 'p'.repeat(129) }, passwordRange],
    ['an empty password', { username: 'alice', password: '' }, passwordRange],
    ['a javascript: link', { username: 'alice', password, link: 'javascript:alert(1)' }, /Link/],
    ['a 51-character first name', { username: 'alice', password, firstName: 'f'.repeat(51) }, /First name/],
    [
      'a username with a NUL character',
      { username: 'ali\u0000ce', password },
      'Username must not contain the NUL character (U+0000).',
    ],
    [
      'an extra field holding a NUL character',
      { username: 'alice', password, note: 'a\u0000b' },
      'The extra field "note" must not contain the NUL character (U+0000).',
    ],
    [
      'an extra field holding half a surrogate pair',
      { username: 'alice', password, note: 'a\ud800b' },
      'The extra field "note" must be valid Unicode text.',
    ],
  ])('%s with 400', async (_label, body, message) => {
    t = await makeTestApp();
    if (typeof message === 'string') return refused(body, 400, message);
    const before = await snapshot(t);
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it('a username taken in another case with 422', async () => {
    t = await makeTestApp();
    await t.member({ username: 'CaseTaker' });
    await refused({ username: 'casetaker', password }, 422, 'Unprocessable Entity. Username Already Exists.');
    await refused({ username: 'CASETAKER', password }, 422, 'Unprocessable Entity. Username Already Exists.');
  });

  it('21 extra keys', async () => {
    t = await makeTestApp();
    const extras = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`extra${i}`, i]));
    await refused({ username: 'alice', password, ...extras }, 400, extrasMessage);
  });

  it('extras over 4 KB in all', async () => {
    t = await makeTestApp();
    await refused(
      { username: 'alice', password, a: 'x'.repeat(2100), b: 'y'.repeat(2100) },
      400,
      extrasMessage,
    );
  });
});

describe('POST /api/auth/signup accepts', () => {
  it.each([
    ['a 64-character username', 'u'.repeat(64), password],
    ['a 1-character username', 'q', password],
    ['an email-like username', 'someone+tag@example.co', password],
    ['an 8-character password', 'eight', 'p'.repeat(8)],
    ['a 128-character password', 'long', 'p'.repeat(128)],
  ])('%s', async (_label, username, pass) => {
    t = await makeTestApp();
    const res = await signup({ username, password: pass });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.createdUser.username).toBe(username);
    const login = await post(t.app, '/api/auth/login', undefined, {
      username: username.toUpperCase(),
      password: pass,
    });
    expect(login.status).toBe(200);
  });

  it('20 extra keys and 4 KB of extras, and stores them', async () => {
    t = await makeTestApp();
    const extras = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`extra${i}`, 'v'.repeat(150)]));
    const res = await signup({ username: 'alice', password, ...extras });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.createdUser).toMatchObject(extras);
    expect((await get(t.app, '/api/users/alice')).body.user).toMatchObject(extras);
  });
});

describe('extra signup fields never overwrite real ones', () => {
  it('ignores _id, followers, following, bookmarks and the timestamps given as extras', async () => {
    t = await makeTestApp();
    const other = await t.member();
    const started = Date.now();
    const res = await signup({
      username: 'sneaky',
      password,
      _id: 'chosen-id',
      id: 'chosen-id',
      followers: [other.id],
      following: [other.id],
      bookmarks: ['some-post'],
      createdAt: '1999-01-01T00:00:00+00:00',
      updatedAt: '1999-01-01T00:00:00+00:00',
      favouriteColour: 'teal',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const user of [res.body.createdUser, (await get(t.app, '/api/users/sneaky')).body.user]) {
      expect(user._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(user._id).not.toBe('chosen-id');
      expect(user.followers).toEqual([]);
      expect(user.following).toEqual([]);
      expect(user.bookmarks).toEqual([]);
      expect(user.createdAt).not.toContain('1999');
      expect(user.updatedAt).not.toContain('1999');
      expect(Date.parse(user.createdAt)).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
      expect(user.favouriteColour).toBe('teal');
    }
    const rows = await snapshot(t);
    expect(rows.follows).toEqual([]);
    expect(rows.bookmarks).toEqual([]);
    const [stored] = await t.sql<{ id: string; created_at: number }>(
      'select id, created_at from users where username = $1',
      ['sneaky'],
    );
    expect(stored).toMatchObject({ id: res.body.createdUser._id });
    expect(stored!.created_at).toBeGreaterThanOrEqual(started);
    const other_ = (await get(t.app, `/api/users/${other.username}`)).body.user;
    expect(other_.followers).toEqual([]);
  });

  it('ignores a second password or username hidden in the extras', async () => {
    t = await makeTestApp();
    const res = await signup({
      username: 'plain',
      password,
      Username: 'admin',
      passwordHash: 'scrypt$1$1$1$x$y',
    });
    expect(res.status).toBe(201);
    expect(res.body.createdUser.username).toBe('plain');
    const login = await post(t.app, '/api/auth/login', undefined, { username: 'plain', password });
    expect(login.status).toBe(200);
    const [user] = await t.sql<{ password_hash: string }>('select password_hash from users');
    expect(user!.password_hash).not.toBe('scrypt$1$1$1$x$y');
  });
});

describe('usernames are unique without regard to case, beyond ASCII too', () => {
  it('refuses ÄRGER once ärger exists, with 422, and logs ärger in as ÄRGER', async () => {
    t = await makeTestApp();
    expect((await signup({ username: 'ärger', password })).status).toBe(201);
    await refused({ username: 'ÄRGER', password }, 422, 'Unprocessable Entity. Username Already Exists.');
    const login = await post(t.app, '/api/auth/login', undefined, { username: 'ÄRGER', password });
    expect(login.status).toBe(200);
    expect(login.body.foundUser.username).toBe('ärger');
  });
});

describe('POST /api/auth/login refuses oversized fields with a message naming the limit', () => {
  it.each([
    ['username', { username: 'u'.repeat(201), password }],
    ['password', { username: 'alice', password: 'p'.repeat(1001) }],
  ])('an oversized %s', async (field, body) => {
    t = await makeTestApp();
    await t.member({ username: 'alice' });
    const before = await snapshot(t);
    const res = await post(t.app, '/api/auth/login', undefined, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).not.toMatch(/must be text/);
    expect(res.body.errors[0]).toMatch(field === 'username' ? /200/ : /1000/);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('extra signup fields are flat values', () => {
  it.each([
    ['form', { form: { password: 'hunter2-secret' } }],
    ['credentials', { credentials: { pw: 'hunter2-secret' } }],
    ['answers', { answers: ['hunter2-secret', 'blue'] }],
    ['nothing', { nothing: null }],
  ])(
    'refuses an object, a list or null in "%s" with 400 naming the field, and stores nothing',
    async (key, extra) => {
      t = await makeTestApp();
      await refused(
        { username: 'nested', password, ...extra },
        400,
        `The extra field "${key}" must be a string, a number or true/false.`,
      );
      expect((await get(t.app, '/api/users')).body.users).toEqual([]);
    },
  );

  it('keeps strings, numbers and booleans', async () => {
    t = await makeTestApp();
    const res = await signup({ username: 'flat', password, city: 'Oslo', age: 41, newsletter: false });
    expect(res.status).toBe(201);
    expect((await get(t.app, '/api/users/flat')).body.user).toMatchObject({
      city: 'Oslo',
      age: 41,
      newsletter: false,
    });
  });
});
