import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectInvalid } from '../helpers/expect.js';
import { session } from '../helpers/session.js';

let t: TestApp;
afterEach(() => t?.close());

const password = 'correct-horse-9';
const signupInput = { username: 'ada', password, firstName: 'Ada', lastName: 'Lovelace' };

/** No key named like a password anywhere in a response, and neither the password nor its hash in its text. */
function expectNoSecrets(value: unknown, hash?: string) {
  const text = JSON.stringify(value);
  expect(text).not.toMatch(/"password/i);
  expect(text).not.toContain(password);
  if (hash) expect(text).not.toContain(hash);
}

describe('auth.signup', () => {
  it('answers a token and the created user, without any password field', async () => {
    t = await makeTestApp();
    const result = await t.caller().auth.signup(signupInput);
    expect(typeof result.token).toBe('string');
    expect(result.token.split('.')).toHaveLength(3);
    expect(result.user).toMatchObject({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      postCount: 0,
      followerCount: 0,
      followingCount: 0,
      followedByMe: false,
      isMe: true,
    });
    expect(result.user).not.toHaveProperty('password');
    expect(result.user).not.toHaveProperty('passwordHash');
    const [row] = await t.sql<{ password_hash: string }>('select password_hash from users where id = $1', [
      result.user.id,
    ]);
    const hash = row?.password_hash;
    expect(hash).toBeTruthy();
    expect(hash).not.toBe(password);
    expectNoSecrets(result, hash);
  });

  it('gives a token that works on a protected procedure', async () => {
    t = await makeTestApp();
    const { token, user } = await t.caller().auth.signup(signupInput);
    const me = await t.caller(token).users.me();
    expect(me).toMatchObject({ id: user.id, username: 'ada', isMe: true });
    // The same token with the Bearer scheme works too.
    expect((await t.caller(`Bearer ${token}`).users.me()).id).toBe(user.id);
    const card = await t.caller(token).posts.create({ content: 'first post' });
    expect(card.author.id).toBe(user.id);
  });

  it('refuses a taken username, without regard to case, with CONFLICT', async () => {
    t = await makeTestApp();
    await t.caller().auth.signup(signupInput);
    const message = 'Unprocessable Entity. Username Already Exists.';
    await expect(t.caller().auth.signup(signupInput)).rejects.toMatchObject({ code: 'CONFLICT', message });
    await expect(t.caller().auth.signup({ ...signupInput, username: 'ADA' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message,
    });
  });

  it.each([
    [{ ...signupInput, password: 'short' }, 'Password must be 8 to 128 characters.'],
    [{ ...signupInput, password: 'x'.repeat(129) }, 'Password must be 8 to 128 characters.'],
    [{ ...signupInput, username: '' }, 'Username must be 1 to 64 characters.'],
    [{ ...signupInput, username: 'u'.repeat(65) }, 'Username must be 1 to 64 characters.'],
    [{ ...signupInput, username: 'two words' }, 'Username must not contain spaces or slashes.'],
    [{ ...signupInput, username: 'a/b' }, 'Username must not contain spaces or slashes.'],
    [{ ...signupInput, username: 'Bookmark' }, 'That username is reserved. Please choose another.'],
    [{ ...signupInput, firstName: 'f'.repeat(51) }, 'First name must be at most 50 characters.'],
    [
      { ...signupInput, link: 'javascript:alert(1)' },
      'Link must be an http(s) URL of at most 300 characters.',
    ],
  ])('refuses invalid input with BAD_REQUEST and the schema message (%#)', async (input, message) => {
    t = await makeTestApp();
    await expectInvalid(t.caller().auth.signup(input), message);
    expect(await t.sql('select * from users')).toEqual([]);
  });

  it('answers an HTTP client BAD_REQUEST with the schema message itself', async () => {
    t = await makeTestApp();
    const res = await call(t.app, 'POST', '/trpc/auth.signup', {
      body: { ...signupInput, password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      message: 'Password must be 8 to 128 characters.',
      data: {
        code: 'BAD_REQUEST',
        issues: [{ path: 'password', message: 'Password must be 8 to 128 characters.' }],
      },
    });
  });

  it('accepts an email-like username', async () => {
    t = await makeTestApp();
    const { user } = await t.caller().auth.signup({ ...signupInput, username: 'ada@example.com' });
    expect(user.username).toBe('ada@example.com');
  });
});

describe('auth.login', () => {
  it('answers a token and the user, matching the username without regard to case', async () => {
    t = await makeTestApp();
    const created = await t.caller().auth.signup(signupInput);
    const result = session(await t.caller().auth.login({ username: 'ADA', password }));
    expect(result.user).toMatchObject({ id: created.user.id, username: 'ada', isMe: true });
    expect(result.user).not.toHaveProperty('password');
    expectNoSecrets(result);
    expect((await t.caller(result.token).users.me()).id).toBe(created.user.id);
  });

  it('logs in a seed member with the demo credentials', async () => {
    t = await makeTestApp({ seed: true });
    const { user } = session(
      await t.caller().auth.login({ username: 'demo@realm.social', password: 'realm-demo-2026' }),
    );
    expect(user.username).toBe('demo@realm.social');
  });

  it('refuses an unknown username with NOT_FOUND', async () => {
    t = await makeTestApp();
    await expect(t.caller().auth.login({ username: 'nobody', password })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'The username you entered is not Registered. Not Found error',
    });
  });

  it('refuses a wrong password with UNAUTHORIZED', async () => {
    t = await makeTestApp();
    await t.caller().auth.signup(signupInput);
    await expect(
      t.caller().auth.login({ username: 'ada', password: 'wrong-password' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The credentials you entered are invalid. Unauthorized access error.',
    });
  });

  it('refuses empty fields with BAD_REQUEST', async () => {
    t = await makeTestApp();
    await expectInvalid(t.caller().auth.login({ username: '', password }), 'Username is required.');
    await expectInvalid(t.caller().auth.login({ username: 'ada', password: '' }), 'Password is required.');
  });
});

describe('tokens on protected procedures', () => {
  const invalid = { code: 'UNAUTHORIZED', message: 'The token is invalid. Unauthorized access error.' };

  it('refuses a missing, malformed or wrongly signed token with UNAUTHORIZED', async () => {
    t = await makeTestApp();
    const { token } = await t.caller().auth.signup(signupInput);
    await expect(t.caller().users.me()).rejects.toMatchObject(invalid);
    await expect(t.caller('not-a-token').users.me()).rejects.toMatchObject(invalid);
    const [head, body] = token.split('.');
    await expect(t.caller(`${head}.${body}.forged-signature`).users.me()).rejects.toMatchObject(invalid);
  });

  it('refuses a valid token whose member no longer exists', async () => {
    t = await makeTestApp();
    const { token, user } = await t.caller().auth.signup(signupInput);
    await t.sql('delete from users where id = $1', [user.id]);
    await expect(t.caller(token).users.me()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The username you entered is not Registered. Not Found error',
    });
  });
});

// docs/security.md: no name may hide or reorder characters, and a username may not look like a member's.
describe('auth.signup and users.editProfile refuse look-alike names', () => {
  it('refuses a right-to-left override in a username or a first name with BAD_REQUEST', async () => {
    t = await makeTestApp();
    await expectInvalid(
      t.caller().auth.signup({ ...signupInput, username: 'ada\u202egpj.exe' }),
      'Usernames cannot contain invisible or direction-changing characters.',
    );
    await expectInvalid(
      t.caller().auth.signup({ ...signupInput, firstName: 'Ada\u202e' }),
      'First name cannot contain invisible or direction-changing characters.',
    );
    expect(await t.sql('select * from users')).toEqual([]);
    const { token } = await t.caller().auth.signup(signupInput);
    await expectInvalid(
      t.caller(token).users.editProfile({ lastName: 'Love\u200dlace' }),
      'Last name cannot contain invisible or direction-changing characters.',
    );
  });

  it('refuses аdmin (Cyrillic а) once admin exists with CONFLICT, ADMIN as taken, and keeps adminton', async () => {
    t = await makeTestApp();
    await t.caller().auth.signup({ ...signupInput, username: 'admin' });
    await expect(t.caller().auth.signup({ ...signupInput, username: '\u0430dmin' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Unprocessable Entity. This username looks like an existing one. Please choose another.',
    });
    await expect(t.caller().auth.signup({ ...signupInput, username: 'ADMIN' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Unprocessable Entity. Username Already Exists.',
    });
    expect((await t.caller().auth.signup({ ...signupInput, username: 'adminton' })).user.username).toBe(
      'adminton',
    );
    expect(await t.sql('select username from users order by username')).toEqual([
      { username: 'admin' },
      { username: 'adminton' },
    ]);
  });
});
