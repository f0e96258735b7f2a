import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { adminOf, fullSnapshot, setRegistration } from '../helpers/accounts.js';
import { call, get, post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The registration mode (open, approval, invite, closed): REST signup obeys it with clear messages,
// in the spec's `{ errors: [message] }`.

let t: TestApp;
afterEach(() => t?.close());

const password = 'a-good-password';
const body = (username = 'nora') => ({ username, password, firstName: 'Nora', lastName: 'Quinn' });
const signup = (payload: object) => post(t.app, '/api/auth/signup', undefined, payload);

/** A refused REST signup: 403 (unless told) with the message, and no row changed anywhere. */
async function expectRefusedSignup(payload: object, message: string, status = 403) {
  const before = await fullSnapshot(t);
  const res = await signup(payload);
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ errors: [message] });
  expect(await fullSnapshot(t)).toEqual(before);
}

describe('POST /api/auth/signup under registration', () => {
  it('open: 201 with the spec’s two keys, as before', async () => {
    t = await makeTestApp();
    const res = await signup(body());
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['createdUser', 'encodedToken']);
  });

  it('closed: 403 registrationClosed, from REALM_REGISTRATION or from an admin', async () => {
    t = await makeTestApp({ config: { registration: 'closed' } });
    await expectRefusedSignup(body(), messages.registrationClosed);
    await setRegistration(t, 'open');
    expect((await signup(body())).status).toBe(201);
    await setRegistration(t, 'closed');
    await expectRefusedSignup(body('other'), messages.registrationClosed);
  });

  it('approval: 201, and the pending account is refused with 403 wherever a token is read', async () => {
    t = await makeTestApp({ config: { registration: 'approval' } });
    const author = await t.member();
    const created = await post(t.app, '/api/posts', author.token, { postData: 'hello' });
    const postId = created.body.posts.at(-1)._id as string;
    const res = await signup(body());
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['createdUser', 'encodedToken']);
    expect(await t.sql('select status from users where username = $1', ['nora'])).toEqual([
      { status: 'pending' },
    ]);
    const token = res.body.encodedToken as string;
    const login = await post(t.app, '/api/auth/login', undefined, { username: 'nora', password });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['encodedToken', 'foundUser']);

    const before = await fullSnapshot(t);
    for (const [method, url, payload] of [
      ['GET', '/api/users'],
      ['GET', '/api/users/bookmark'],
      ['GET', `/api/users/${author.username}`],
      ['POST', '/api/posts', { postData: 'let me in' }],
      ['POST', '/api/users/edit', { userData: { bio: 'waiting' } }],
      ['POST', `/api/comments/add/${postId}`, { commentData: 'hi' }],
      ['POST', `/api/posts/like/${postId}`],
      ['POST', `/api/users/bookmark/${postId}`],
      ['POST', `/api/users/follow/${author.id}`],
    ] as const) {
      const answer = await call(t.app, method, url, { token, body: payload });
      expect({ url, status: answer.status, body: answer.body }).toEqual({
        url,
        status: 403,
        body: { errors: [messages.pending] },
      });
    }
    // The public reads too refuse the token; without one they are answered as to anyone.
    const read = await get(t.app, '/api/posts', token);
    expect({ status: read.status, body: read.body }).toEqual({
      status: 403,
      body: { errors: [messages.pending] },
    });
    expect(await fullSnapshot(t)).toEqual(before);
    expect((await get(t.app, '/api/posts')).status).toBe(200);
  });

  it('invite: 403 inviteRequired without a code, inviteInvalid for a bad one; a good one is used once', async () => {
    t = await makeTestApp({ config: { registration: 'invite' } });
    const { api } = await adminOf(t);
    const { code } = await api.invites.create({ expiresInDays: 7, maxUses: 1 });
    await expectRefusedSignup(body(), messages.inviteRequired);
    await expectRefusedSignup({ ...body(), inviteCode: '' }, messages.inviteRequired);
    await expectRefusedSignup({ ...body(), inviteCode: 'wrong-code-123' }, messages.inviteInvalid);
    await expectRefusedSignup({ ...body(), inviteCode: 42 }, 'An invite code must be text.', 400);

    const res = await signup({ ...body(), inviteCode: code, city: 'Oslo' });
    expect(res.status).toBe(201);
    // The code is redeemed, never kept with the extra fields.
    expect(res.body.createdUser).toMatchObject({ city: 'Oslo' });
    expect(res.body.createdUser).not.toHaveProperty('inviteCode');
    expect(JSON.stringify(res.body)).not.toContain(code);
    const [row] = await t.sql<{ extra: string }>('select extra from users where username = $1', ['nora']);
    expect(JSON.parse(row!.extra)).toEqual({ city: 'Oslo' });
    expect((await api.invites.list())[0]).toMatchObject({ uses: 1, usable: false });

    await expectRefusedSignup({ ...body('late'), inviteCode: code }, messages.inviteInvalid);
  });
});
