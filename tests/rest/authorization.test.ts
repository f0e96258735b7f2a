import { decodeJwt, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { call, get, post } from '../helpers/http.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, testSecret, type TestApp } from '../helpers/test-app.js';

// Spec section 6 and docs/api.md, "REST: /api" (the token column): every write (and the bookmark list) needs
// a token that resolves to an existing member; ownership refusals are the spec's 400s. A refusal writes
// nothing.

const invalidToken = 'The token is invalid. Unauthorized access error.';
const unknownUser = 'The username you entered is not Registered. Not Found error';

let t: TestApp;
afterEach(() => t?.close());

type Member = { id: string; username: string; token: string };
type Fixture = { owner: Member; stranger: Member; postId: string; commentId: string };

/** An owner with a post (10 likes) and their own comment on it, and a stranger who owns nothing. */
async function fixture(): Promise<Fixture> {
  t = await makeTestApp();
  const owner = await t.member();
  const stranger = await t.member();
  expect((await post(t.app, '/api/posts', owner.token, { postData: 'the owner post' })).status).toBe(201);
  const postId = (await t.sql<{ id: string }>('select id from posts'))[0]!.id;
  await t.sql('update posts set like_count = 10 where id = $1', [postId]);
  const added = await post(t.app, `/api/comments/add/${postId}`, owner.token, { commentData: 'own comment' });
  expect(added.status).toBe(201);
  return { owner, stranger, postId, commentId: added.body.comments[0]._id };
}

type Route = {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: (f: Fixture) => string;
  body?: unknown;
  /** The success status for the owner, proving the path and body are right. */
  ok: number;
  /** State the owner's successful call needs (a bookmark to remove, a follow to undo). */
  prepare?: (f: Fixture) => Promise<unknown>;
};

const routes: Route[] = [
  { name: 'create post', method: 'POST', path: () => '/api/posts', body: { postData: 'new' }, ok: 201 },
  {
    name: 'edit post',
    method: 'POST',
    path: (f) => `/api/posts/edit/${f.postId}`,
    body: { postData: { content: 'changed' } },
    ok: 201,
  },
  { name: 'delete post', method: 'DELETE', path: (f) => `/api/posts/${f.postId}`, ok: 201 },
  { name: 'like post', method: 'POST', path: (f) => `/api/posts/like/${f.postId}`, ok: 201 },
  { name: 'dislike post', method: 'POST', path: (f) => `/api/posts/dislike/${f.postId}`, ok: 201 },
  {
    name: 'add comment',
    method: 'POST',
    path: (f) => `/api/comments/add/${f.postId}`,
    body: { commentData: 'hi' },
    ok: 201,
  },
  {
    name: 'edit comment',
    method: 'POST',
    path: (f) => `/api/comments/edit/${f.postId}/${f.commentId}`,
    body: { commentData: { text: 'edited' } },
    ok: 201,
  },
  {
    name: 'delete comment',
    method: 'POST',
    path: (f) => `/api/comments/delete/${f.postId}/${f.commentId}`,
    ok: 201,
  },
  {
    name: 'upvote comment',
    method: 'POST',
    path: (f) => `/api/comments/upvote/${f.postId}/${f.commentId}`,
    ok: 201,
  },
  {
    name: 'downvote comment',
    method: 'POST',
    path: (f) => `/api/comments/downvote/${f.postId}/${f.commentId}`,
    ok: 201,
  },
  {
    name: 'edit profile',
    method: 'POST',
    path: () => '/api/users/edit',
    body: { userData: { bio: 'b' } },
    ok: 201,
  },
  { name: 'add bookmark', method: 'POST', path: (f) => `/api/users/bookmark/${f.postId}`, ok: 200 },
  {
    name: 'remove bookmark',
    method: 'POST',
    path: (f) => `/api/users/remove-bookmark/${f.postId}`,
    ok: 200,
    prepare: (f) => post(t.app, `/api/users/bookmark/${f.postId}`, f.owner.token),
  },
  { name: 'list bookmarks', method: 'GET', path: () => '/api/users/bookmark', ok: 200 },
  { name: 'follow', method: 'POST', path: (f) => `/api/users/follow/${f.stranger.id}`, ok: 200 },
  {
    name: 'unfollow',
    method: 'POST',
    path: (f) => `/api/users/unfollow/${f.stranger.id}`,
    ok: 200,
    prepare: (f) => post(t.app, `/api/users/follow/${f.stranger.id}`, f.owner.token),
  },
];

const key = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);

function sign(claims: JWTPayload, options: { secret?: string; alg?: string; exp?: number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuedAt(now() - 60)
    .setExpirationTime(options.exp ?? now() + 3600)
    .sign(key(options.secret ?? testSecret));
}

/** Tokens that must all get the spec's 401, whichever member they name. */
const claims = (m: Member) => ({ _id: m.id, username: m.username });

const badTokens: Array<[string, (f: Fixture) => Promise<string> | string]> = [
  ['a token that is not a JWT', () => 'not-a-token'],
  ['three dot-separated bits of garbage', () => 'abc.def.ghi'],
  ['a bare "Bearer " prefix', () => 'Bearer '],
  ['a Bearer prefix before garbage', () => 'Bearer not-a-token'],
  [
    'a token signed with another secret',
    (f) => sign(claims(f.owner), { secret: 'another-secret-of-enough-length-1234567' }),
  ],
  ['an expired token', (f) => sign(claims(f.owner), { exp: now() - 60 })],
  ['a token without _id', (f) => sign({ username: f.owner.username })],
  ['a token without username', (f) => sign({ _id: f.owner.id })],
  ['a token whose _id is a number', (f) => sign({ _id: 42, username: f.owner.username })],
  ['an unsigned (alg none) token', (f) => new UnsecuredJWT(claims(f.owner)).setExpirationTime('1h').encode()],
  ['an HS512 token with the right secret', (f) => sign(claims(f.owner), { alg: 'HS512' })],
  [
    'a token whose payload was swapped for another member',
    async (f) => {
      const [header, , signature] = f.stranger.token.split('.');
      const payload = f.owner.token.split('.')[1];
      return `${header}.${payload}.${signature}`;
    },
  ],
];

function send(route: Route, f: Fixture, token?: string) {
  return call(t.app, route.method, route.path(f), { token, body: route.body });
}

describe.each(routes)('$method $name', (route) => {
  it('succeeds for the owner with a valid token (the rows below are not refused by accident)', async () => {
    const f = await fixture();
    await route.prepare?.(f);
    const res = await send(route, f, f.owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(route.ok);
  });

  it('accepts a token signed here with the test secret, as "Bearer <token>"', async () => {
    const f = await fixture();
    await route.prepare?.(f);
    const res = await call(t.app, route.method, route.path(f), {
      body: route.body,
      headers: { authorization: `Bearer ${await sign(claims(f.owner))}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(route.ok);
  });

  it('answers 401 without a token and writes nothing', async () => {
    const f = await fixture();
    const before = await snapshot(t);
    const res = await send(route, f);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [invalidToken] });
    expect(await snapshot(t)).toEqual(before);
  });

  it.each(badTokens)('answers 401 to %s and writes nothing', async (_label, make) => {
    const f = await fixture();
    const token = await make(f);
    const before = await snapshot(t);
    const res = await call(t.app, route.method, route.path(f), {
      body: route.body,
      headers: { authorization: token },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body).toEqual({ errors: [invalidToken] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 to a valid token of a member who no longer exists, and writes nothing', async () => {
    const f = await fixture();
    const ghost = await t.member();
    await t.sql('delete from users where id = $1', [ghost.id]);
    const before = await snapshot(t);
    const res = await send(route, f, ghost.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [unknownUser] });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('ownership rules (spec section 5)', () => {
  const refusals: Array<[string, Route, string]> = [
    ['a stranger editing a post', routes[1]!, "Cannot edit a Post doesn't belong to the logged in User."],
    ['a stranger deleting a post', routes[2]!, "Cannot delete a Post doesn't belong to the logged in User."],
    ['a stranger editing a comment', routes[6]!, "Cannot edit a comment doesn't belong to the User."],
    ['a stranger deleting a comment', routes[7]!, "Cannot delete a comment doesn't belong to the User."],
  ];

  it.each(refusals)('refuses %s with 400 and writes nothing', async (_label, route, message) => {
    const f = await fixture();
    const before = await snapshot(t);
    const res = await send(route, f, f.stranger.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [message] });
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses the post's author editing a stranger's comment on their post", async () => {
    const f = await fixture();
    const added = await post(t.app, `/api/comments/add/${f.postId}`, f.stranger.token, {
      commentData: 'mine',
    });
    const theirs = added.body.comments.find((c: { text: string }) => c.text === 'mine')._id;
    const before = await snapshot(t);
    const res = await post(t.app, `/api/comments/edit/${f.postId}/${theirs}`, f.owner.token, {
      commentData: 'rewritten by the post author',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: ["Cannot edit a comment doesn't belong to the User."] });
    expect(await snapshot(t)).toEqual(before);
  });

  it("lets the post's author delete a stranger's comment on their post", async () => {
    const f = await fixture();
    const added = await post(t.app, `/api/comments/add/${f.postId}`, f.stranger.token, {
      commentData: 'mine',
    });
    const theirs = added.body.comments.find((c: { text: string }) => c.text === 'mine')._id;
    const res = await post(t.app, `/api/comments/delete/${f.postId}/${theirs}`, f.owner.token);
    expect(res.status).toBe(201);
    const left = (await get(t.app, `/api/comments/${f.postId}`)).body.comments;
    expect(left.map((c: { _id: string }) => c._id)).toEqual([f.commentId]);
  });

  it("lets a comment's author delete it on someone else's post", async () => {
    const f = await fixture();
    const added = await post(t.app, `/api/comments/add/${f.postId}`, f.stranger.token, {
      commentData: 'mine',
    });
    const theirs = added.body.comments.find((c: { text: string }) => c.text === 'mine')._id;
    const res = await post(t.app, `/api/comments/delete/${f.postId}/${theirs}`, f.stranger.token);
    expect(res.status).toBe(201);
    expect(res.body.comments.map((c: { _id: string }) => c._id)).toEqual([f.commentId]);
  });
});

describe('token lifetime (docs/security.md: tokens expire after 7 days)', () => {
  it('refuses a correctly signed token that carries no expiry, and writes nothing', async () => {
    const f = await fixture();
    const forever = await new SignJWT(claims(f.owner))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(key(testSecret));
    const before = await snapshot(t);
    const res = await post(t.app, '/api/posts', forever, { postData: 'a post that should not exist' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [invalidToken] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('issues tokens that expire 7 days after they are issued', async () => {
    const f = await fixture();
    const login = await post(t.app, '/api/auth/login', undefined, {
      username: f.owner.username,
      password: factoryPassword,
    });
    expect(login.status).toBe(200);
    const payload = decodeJwt(login.body.encodedToken);
    expect(payload).toMatchObject({ _id: f.owner.id, username: f.owner.username });
    expect(payload.exp! - payload.iat!).toBe(7 * 24 * 3600);
  });
});
