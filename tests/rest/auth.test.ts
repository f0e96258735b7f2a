import { afterEach, describe, expect, it } from 'vitest';
import { demoCredentials, demoHandle, seedMembers } from '../../seed/data.js';
import { factoryPassword } from '../../seed/factories.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { call, get, post } from '../helpers/http.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const invalidToken = 'The token is invalid. Unauthorized access error.';
const unknownUsername = 'The username you entered is not Registered. Not Found error';
const wrongPassword = 'The credentials you entered are invalid. Unauthorized access error.';
const taken = 'Unprocessable Entity. Username Already Exists.';

const newcomer = {
  firstName: 'Nora',
  lastName: 'Quinn',
  username: 'noraquinn',
  password: 'a-good-password',
};

let t: TestApp;
afterEach(() => t?.close());

/** A write that needs a token: the post it creates shows whose token was read. */
const createPostAs = (authorization: string) =>
  call(t.app, 'POST', '/api/posts', { headers: { authorization }, body: { postData: 'hello' } });

describe('POST /api/auth/signup', () => {
  it('answers 201 with the created user (no password) and a token', async () => {
    t = await makeTestApp();
    const res = await post(t.app, '/api/auth/signup', undefined, newcomer);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['createdUser', 'encodedToken']);
    const user = res.body.createdUser;
    expect(user).toMatchObject({
      username: 'noraquinn',
      firstName: 'Nora',
      lastName: 'Quinn',
      followers: [],
      following: [],
      bookmarks: [],
    });
    expect(typeof user._id).toBe('string');
    expect(user.createdAt).toMatch(stamp);
    expect(user.updatedAt).toMatch(stamp);
    expect(user).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toContain('a-good-password');
    expect(typeof res.body.encodedToken).toBe('string');
  });

  it('stores extra fields and returns them, now and later', async () => {
    t = await makeTestApp();
    const res = await post(t.app, '/api/auth/signup', undefined, { ...newcomer, favouriteColour: 'teal' });
    expect(res.status).toBe(201);
    expect(res.body.createdUser.favouriteColour).toBe('teal');
    const later = await get(t.app, '/api/users/noraquinn');
    expect(later.status).toBe(200);
    expect(later.body.user.favouriteColour).toBe('teal');
  });

  it('never lets extra fields overwrite the id, lists or timestamps', async () => {
    t = await makeTestApp();
    const res = await post(t.app, '/api/auth/signup', undefined, {
      ...newcomer,
      _id: 'chosen-id',
      followers: ['someone'],
      following: ['someone'],
      bookmarks: ['a-post'],
      createdAt: '1999-01-01T00:00:00+00:00',
    });
    expect(res.status).toBe(201);
    const user = res.body.createdUser;
    expect(user._id).not.toBe('chosen-id');
    expect(user).toMatchObject({ followers: [], following: [], bookmarks: [] });
    expect(user.createdAt).not.toBe('1999-01-01T00:00:00+00:00');
    expect(user.createdAt).toMatch(stamp);
  });

  it('never echoes the password, even when a client also sends it under another key', async () => {
    t = await makeTestApp();
    const res = await post(t.app, '/api/auth/signup', undefined, {
      ...newcomer,
      confirmPassword: newcomer.password,
    });
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body.createdUser)).not.toContain(newcomer.password);
    expect(JSON.stringify((await get(t.app, '/api/users')).body)).not.toContain(newcomer.password);
  });

  it('gives a token that works for writes', async () => {
    t = await makeTestApp();
    const { encodedToken } = (await post(t.app, '/api/auth/signup', undefined, newcomer)).body;
    const res = await createPostAs(encodedToken);
    expect(res.status).toBe(201);
    expect(res.body.posts).toHaveLength(1);
    expect(res.body.posts[0].username).toBe('noraquinn');
  });

  it('refuses a taken username with 422 and writes nothing', async () => {
    t = await makeTestApp();
    await post(t.app, '/api/auth/signup', undefined, newcomer);
    const before = await snapshot(t);
    const res = await post(t.app, '/api/auth/signup', undefined, { ...newcomer, firstName: 'Other' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: [taken] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a username that differs from a taken one only in case', async () => {
    t = await makeTestApp({ seed: true });
    const before = await snapshot(t);
    const res = await post(t.app, '/api/auth/signup', undefined, { ...newcomer, username: 'JaneCooper' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: [taken] });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('POST /api/auth/login', () => {
  it('answers 200 with the found user (no password) and a token', async () => {
    t = await makeTestApp({ seed: true });
    const res = await post(t.app, '/api/auth/login', undefined, demoCredentials);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['encodedToken', 'foundUser']);
    expect(res.body.foundUser).toMatchObject({ _id: seedMembers[0]!.id, username: demoHandle });
    expect(res.body.foundUser).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toContain(demoCredentials.password);
    expect((await createPostAs(res.body.encodedToken)).status).toBe(201);
  });

  it('matches the username without regard to case', async () => {
    t = await makeTestApp({ seed: true });
    const res = await post(t.app, '/api/auth/login', undefined, {
      username: 'DEMO@Realm.Social',
      password: demoCredentials.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.foundUser.username).toBe(demoHandle);
  });

  it('logs in a member who signed up', async () => {
    t = await makeTestApp();
    await post(t.app, '/api/auth/signup', undefined, newcomer);
    const res = await post(t.app, '/api/auth/login', undefined, {
      username: 'NoraQuinn',
      password: newcomer.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.foundUser.username).toBe('noraquinn');
  });

  it('answers 404 for an unknown username', async () => {
    t = await makeTestApp({ seed: true });
    const res = await post(t.app, '/api/auth/login', undefined, {
      username: 'nobody',
      password: 'whatever1',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [unknownUsername] });
  });

  it('answers 401 for a wrong password', async () => {
    t = await makeTestApp({ seed: true });
    const res = await post(t.app, '/api/auth/login', undefined, {
      username: demoCredentials.username,
      password: 'not-the-password',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [wrongPassword] });
  });
});

describe('tokens on writes', () => {
  it('accepts the token raw and as Bearer <token>', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const raw = await createPostAs(me.token);
    expect(raw.status).toBe(201);
    const bearer = await createPostAs(`Bearer ${me.token}`);
    expect(bearer.status).toBe(201);
    expect(bearer.body.posts.map((p: { username: string }) => p.username)).toEqual([
      me.username,
      me.username,
    ]);
  });

  it('answers 401 for a missing, malformed or wrongly signed token, writing nothing', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const forged = await createTokenKeys('another-secret-that-is-long-enough-000000').sign({
      _id: me.id,
      username: me.username,
    });
    const before = await snapshot(t);
    const missing = await post(t.app, '/api/posts', undefined, { postData: 'hello' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ errors: [invalidToken] });
    for (const authorization of ['not-a-token', 'Bearer ', forged, `Bearer ${forged}`]) {
      const res = await createPostAs(authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ errors: [invalidToken] });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 with the spec message when the token names a member who no longer exists', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await t.sql('delete from users where id = $1', [me.id]);
    const res = await createPostAs(me.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [unknownUsername] });
    expect((await snapshot(t)).posts).toEqual([]);
  });

  it('lets a factory member log in with the factory password', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const res = await post(t.app, '/api/auth/login', undefined, {
      username: me.username,
      password: factoryPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body.foundUser._id).toBe(me.id);
  });
});
