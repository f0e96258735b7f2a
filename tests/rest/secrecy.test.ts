import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoCredentials, demoHandle } from '../../seed/data.js';
import { buildApp } from '../../src/server/app.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import { makeTestApp, testConfig, testEngine, type TestApp } from '../helpers/test-app.js';

// docs/security.md, "What Realm protects", and docs/differences-from-the-mock.md item 2: no response carries
// a password or its hash, through either API, on success or failure; and the database file holds only the
// hash.

let t: TestApp;
afterEach(() => t?.close());

type Method = 'GET' | 'POST' | 'DELETE';
type Seen = { label: string; status: number; text: string };

/** Calls the app and keeps the raw response text (body and headers) for scanning. */
function recorder(seen: Seen[]) {
  return async (method: Method, url: string, expected: number, token?: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const label = `${method} ${url}`;
    seen.push({ label, status: res.statusCode, text: res.body + JSON.stringify(res.headers) });
    expect(res.statusCode, `${label}: ${res.body}`).toBe(expected);
    return res.body ? (JSON.parse(res.body) as Record<string, any>) : {}; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

const query = (path: string, input: unknown) =>
  `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

describe('responses never carry a password or a hash', () => {
  it('on every /api route and the main tRPC procedures, success and error paths alike', async () => {
    t = await makeTestApp({ seed: true });
    const seen: Seen[] = [];
    const hit = recorder(seen);
    const secret = 'Distinctive-Secret-4417';

    // Accounts.
    const created = await hit('POST', '/api/auth/signup', 201, undefined, {
      username: 'secretive',
      password: secret,
      firstName: 'Sec',
      lastName: 'Ret',
      hobby: 'chess',
    });
    const me = created.encodedToken as string;
    const myId = created.createdUser._id as string;
    await hit('POST', '/api/auth/signup', 422, undefined, { username: 'SECRETIVE', password: secret });
    await hit('POST', '/api/auth/signup', 400, undefined, { username: 'short', password: 'x' });
    await hit('POST', '/api/auth/login', 200, undefined, { username: 'secretive', password: secret });
    await hit('POST', '/api/auth/login', 200, undefined, demoCredentials);
    await hit('POST', '/api/auth/login', 401, undefined, { username: 'secretive', password: 'wrong-one-1' });
    await hit('POST', '/api/auth/login', 404, undefined, { username: 'nobody', password: secret });
    const demoLogin = await hit('POST', '/api/auth/login', 200, undefined, demoCredentials);
    const demo = demoLogin.foundUser;

    // Writes that put users inside other objects (likedBy, votes, followers), then every read.
    const posts = (await hit('POST', '/api/posts', 201, me, { postData: 'my post' })).posts;
    const mine = posts.find((p: { username: string }) => p.username === 'secretive')._id as string;
    const seeded = posts.find((p: { likes: { likeCount: number } }) => p.likes.likeCount === 10)
      ._id as string;
    await hit('POST', `/api/posts/edit/${mine}`, 201, me, { postData: { content: 'edited' } });
    await hit('POST', `/api/posts/like/${mine}`, 201, me);
    await hit('POST', `/api/posts/like/${mine}`, 400, me);
    await hit('POST', `/api/posts/dislike/${seeded}`, 201, me);
    const comments = (await hit('POST', `/api/comments/add/${mine}`, 201, me, { commentData: 'hi' }))
      .comments;
    const commentId = comments[0]._id as string;
    await hit('POST', `/api/comments/edit/${mine}/${commentId}`, 201, me, { commentData: { text: 'hey' } });
    await hit('POST', `/api/comments/upvote/${mine}/${commentId}`, 201, me);
    await hit('POST', `/api/comments/downvote/${mine}/${commentId}`, 201, me);
    await hit('POST', `/api/comments/downvote/${mine}/${commentId}`, 400, me);
    await hit('POST', `/api/users/edit`, 201, me, { userData: { bio: 'new bio', password: 'ignored-1234' } });
    await hit('POST', `/api/users/bookmark/${mine}`, 200, me);
    await hit('GET', '/api/users/bookmark', 200, me);
    await hit('POST', `/api/users/follow/${demo._id}`, 200, me);
    await hit('POST', `/api/users/follow/${demo._id}`, 400, me);
    await hit('POST', `/api/users/follow/${myId}`, 200, demoLogin.encodedToken);
    for (const [method, url, status] of [
      ['GET', '/api/posts', 200],
      ['GET', `/api/posts/${mine}`, 200],
      ['GET', `/api/posts/${seeded}`, 200],
      ['GET', '/api/posts/user/secretive', 200],
      ['GET', `/api/comments/${mine}`, 200],
      ['GET', '/api/users', 200],
      ['GET', '/api/users/secretive', 200],
      ['GET', `/api/users/${demoHandle}`, 200],
      ['GET', '/api/users/nobody', 404],
      ['GET', '/api/posts/nope', 404],
    ] as const) {
      await hit(method, url, status);
    }
    const reads = seen
      .filter((s) => s.label === 'GET /api/users')
      .map((s) => s.text)
      .join('');
    expect(reads).toContain('"followers":[{'); // nested user objects really were in the scanned text
    await hit('POST', `/api/users/remove-bookmark/${mine}`, 200, me);
    await hit('POST', `/api/users/remove-bookmark/${mine}`, 400, me);
    await hit('POST', `/api/users/unfollow/${demo._id}`, 200, me);
    await hit('POST', `/api/comments/delete/${mine}/${commentId}`, 201, me);
    await hit('DELETE', `/api/posts/${mine}`, 201, me);
    await hit('POST', '/api/posts', 401, undefined, { postData: 'no token' });

    // tRPC, as httpLink sends it without a transformer.
    const signedUp = await hit('POST', '/trpc/auth.signup', 200, undefined, {
      username: 'rpcuser',
      email: 'rpcuser@example.com',
      password: secret,
    });
    const rpcToken = signedUp.result.data.token as string;
    await hit('POST', '/trpc/auth.signup', 409, undefined, {
      ...{ username: 'RPCUSER', email: 'other@example.com', password: secret },
    });
    await hit('POST', '/trpc/auth.login', 200, undefined, { username: 'rpcuser', password: secret });
    await hit('POST', '/trpc/auth.login', 401, undefined, { username: 'rpcuser', password: 'wrong-one-1' });
    await hit('POST', '/trpc/auth.login', 404, undefined, { username: 'nobody', password: secret });
    await hit('GET', '/trpc/users.me', 200, rpcToken);
    await hit('GET', '/trpc/users.me', 401);
    await hit('GET', query('users.byUsername', { username: 'secretive' }), 200, rpcToken);
    await hit('GET', query('users.byUsername', { username: demoHandle }), 200);
    await hit('GET', query('users.byUsername', { username: 'nobody' }), 404);
    await hit('GET', query('posts.feed', { mode: 'latest' }), 200, me);
    await hit('GET', query('posts.feed', { mode: 'trending' }), 200, me);
    await hit('GET', query('posts.feed', { mode: 'latest' }), 401);

    const hashes = (await t.sql<{ password_hash: string }>('select password_hash from users')).map(
      (user) => user.password_hash,
    );
    expect(hashes.length).toBeGreaterThan(7);
    const hashParts = hashes.flatMap((hash) => hash.split('$').slice(4));
    expect(seen.length).toBeGreaterThan(50);
    for (const { label, text } of seen) {
      expect(text, label).not.toContain('password');
      expect(text, label).not.toContain('scrypt$');
      expect(text, label).not.toContain(secret);
      expect(text, label).not.toContain(demoCredentials.password);
      for (const part of hashParts) expect(text.includes(part), `${label} holds a hash part`).toBe(false);
    }
  });
});

// SQLite's file itself, read byte for byte: PostgreSQL keeps no file of the instance to read.
describe.skipIf(testEngine === 'postgres')('the SQLite database file', () => {
  it('holds the username but never the plain password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'realm-secrecy-'));
    try {
      const file = join(dir, 'realm.db');
      const store = openSqliteStore(file);
      const app = await buildApp({
        config: { ...testConfig, dbPath: file },
        store,
        logger: false,
        serveBuiltClient: false,
      });
      const password = 'Plain-Text-Canary-90713';
      const username = 'filecanary_user';
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username, password },
      });
      expect(res.statusCode).toBe(201);
      await app.close();
      await store.close();

      const files = readdirSync(dir).map((name) => join(dir, name));
      expect(files).toContain(file);
      const bytes = Buffer.concat(files.map((path) => readFileSync(path)));
      expect(bytes.includes(username)).toBe(true);
      expect(bytes.includes('scrypt$')).toBe(true);
      expect(bytes.includes(password)).toBe(false);
      expect(bytes.includes(Buffer.from(password, 'utf16le'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
