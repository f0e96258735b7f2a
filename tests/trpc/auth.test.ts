import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectInvalid } from '../helpers/expect.js';
import { session } from '../helpers/session.js';

const handleRule = 'A handle is 1 to 30 letters, digits or underscores (_).';

let t: TestApp;
afterEach(() => t?.close());

const password = 'correct-horse-9';
const signupInput = {
  username: 'ada',
  email: 'ada@example.com',
  password,
  firstName: 'Ada',
  lastName: 'Lovelace',
};
/** The same newcomer under another handle, with an email of that handle's own. */
const as = (username: string) => ({ ...signupInput, username, email: `${username}@example.com` });

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
    await expect(t.caller().auth.signup(as('ADA'))).rejects.toMatchObject({ code: 'CONFLICT', message });
  });

  it('refuses an email a member has, without regard to case, with CONFLICT and a message that says so', async () => {
    t = await makeTestApp();
    await t.caller().auth.signup(signupInput);
    await expect(
      t.caller().auth.signup({ ...as('ada_two'), email: 'ADA@Example.com' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'That email is already registered. Log in with it, or use another email.',
    });
    expect(await t.sql('select username from users')).toEqual([{ username: 'ada' }]);
  });

  it.each([
    [{ ...signupInput, password: 'short' }, 'Password must be 8 to 128 characters.'],
    [{ ...signupInput, password: 'x'.repeat(129) }, 'Password must be 8 to 128 characters.'],
    [{ ...signupInput, username: '' }, handleRule],
    [{ ...signupInput, username: 'u'.repeat(31) }, handleRule],
    [{ ...signupInput, username: 'two words' }, handleRule],
    [{ ...signupInput, username: 'ada@example.com' }, handleRule],
    [{ ...signupInput, username: 'ada-lovelace' }, handleRule],
    [{ ...signupInput, username: 'Bookmark' }, 'That username is reserved. Please choose another.'],
    [{ ...signupInput, email: '' }, 'Email is required.'],
    [{ ...signupInput, email: 'ada' }, 'Enter an email address like name@example.com.'],
    [{ ...signupInput, email: 'ada@example' }, 'Enter an email address like name@example.com.'],
    [{ ...signupInput, email: `${'a'.repeat(250)}@example.com` }, 'An email is at most 254 characters.'],
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

  it('keeps the email apart from the handle: the handle is the name, and either signs in', async () => {
    t = await makeTestApp();
    const { user } = await t
      .caller()
      .auth.signup({ ...signupInput, username: 'Ada_L', email: ' Ada@Example.com ' });
    expect(user.username).toBe('Ada_L');
    expect(JSON.stringify(user)).not.toContain('xample');
    for (const username of ['ada@example.com', 'ADA_L']) {
      expect(session(await t.caller().auth.login({ username, password })).user.id).toBe(user.id);
    }
    expect(await t.sql('select email from users')).toEqual([{ email: 'Ada@Example.com' }]);
  });
});

describe('auth.handleAvailable', () => {
  it('says whether a handle may be signed up with, and if not why', async () => {
    t = await makeTestApp();
    await t.caller().auth.signup(signupInput);
    const available = (handle: string) => t.caller().auth.handleAvailable({ handle });
    expect(await available('grace')).toEqual({ available: true });
    expect(await available('ADA')).toEqual({
      available: false,
      reason: 'That handle is taken. Please choose another.',
    });
    expect(await available('edit')).toEqual({
      available: false,
      reason: 'That username is reserved. Please choose another.',
    });
    expect(await available('ada lovelace')).toEqual({ available: false, reason: handleRule });
    expect(await available('bob')).toEqual({ available: true });
    await t.caller().auth.signup(as('adrnin'));
    expect(await available('admin')).toEqual({
      available: false,
      reason: 'That handle looks like one a member has. Please choose another.',
    });
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
    expect(user.username).toBe('demo');
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
    await expectInvalid(t.caller().auth.signup({ ...signupInput, username: 'ada\u202egpj' }), handleRule);
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

  it('refuses adrnin once admin exists with CONFLICT, ADMIN as taken, and keeps adminton', async () => {
    t = await makeTestApp();
    await t.caller().auth.signup(as('admin'));
    await expect(t.caller().auth.signup(as('adrnin'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Unprocessable Entity. This username looks like an existing one. Please choose another.',
    });
    await expect(t.caller().auth.signup(as('ADMIN'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Unprocessable Entity. Username Already Exists.',
    });
    expect((await t.caller().auth.signup(as('adminton'))).user.username).toBe('adminton');
    expect(await t.sql('select username from users order by username')).toEqual([
      { username: 'admin' },
      { username: 'adminton' },
    ]);
  });
});
