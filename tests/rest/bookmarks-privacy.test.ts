import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedPosts } from '../../seed/data.js';
import { factoryPassword } from '../../seed/factories.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { get, post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// docs/differences-from-the-mock.md items 11 and 12: a REST user object carries `bookmarks` only for its
// owner, `[]` for anyone else; and signup extras are flat values only, so objects or lists stored before that
// rule are never shown.

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['member']>>;
let stranger: Awaited<ReturnType<TestApp['member']>>;
const saved = [seedPosts[2]!.id, seedPosts[0]!.id];

beforeEach(async () => {
  t = await makeTestApp({ seed: true });
  owner = await t.member();
  stranger = await t.member();
  for (const postId of saved) await post(t.app, `/api/users/bookmark/${postId}`, owner.token);
  await post(t.app, `/api/users/bookmark/${seedPosts[1]!.id}`, stranger.token);
});
afterEach(() => t.close());

type User = { _id: string; bookmarks: string[] };

describe('bookmarks in user objects', () => {
  it('GET /api/users/:username shows them to the owner only; a bad token on this public read is anonymous', async () => {
    const forgedToken = await createTokenKeys('another-secret-that-is-long-enough-000000').sign({
      _id: owner.id,
      username: owner.username,
    });
    const as = async (token?: string) => (await get(t.app, `/api/users/${owner.username}`, token)).body.user;
    expect((await as(owner.token)).bookmarks).toEqual(saved);
    for (const token of [undefined, stranger.token, 'not-a-token', forgedToken]) {
      const res = await get(t.app, `/api/users/${owner.username}`, token);
      expect(res.status).toBe(200);
      expect(res.body.user.bookmarks, String(token)).toEqual([]);
    }
  });

  it('GET /api/users shows the caller their own, and nobody anyone else’s', async () => {
    const bookmarksIn = (users: User[]) => Object.fromEntries(users.map((u) => [u._id, u.bookmarks]));
    const anonymous = bookmarksIn((await get(t.app, '/api/users')).body.users);
    expect(Object.values(anonymous).every((list) => list.length === 0)).toBe(true);
    const mine = bookmarksIn((await get(t.app, '/api/users', owner.token)).body.users);
    expect(mine[owner.id]).toEqual(saved);
    expect(mine[stranger.id]).toEqual([]);
    // The anonymous answer is kept for everyone (list-cache.ts); the owner's never reaches another caller,
    // and a member without bookmarks gets the anonymous answer itself.
    expect(bookmarksIn((await get(t.app, '/api/users', 'not-a-token')).body.users)).toEqual(anonymous);
    const plain = await t.member();
    const theirs = await get(t.app, '/api/users', plain.token);
    expect(theirs.headers.etag).toBe((await get(t.app, '/api/users')).headers.etag);
    expect(bookmarksIn(theirs.body.users)[plain.id]).toEqual([]);
  });

  it('writes that answer users: the caller sees their own bookmarks, and only theirs', async () => {
    const followed = await post(t.app, `/api/users/follow/${stranger.id}`, owner.token);
    expect(followed.body.user.bookmarks).toEqual(saved);
    expect(followed.body.followUser.bookmarks).toEqual([]);
    const unfollowed = await post(t.app, `/api/users/unfollow/${stranger.id}`, owner.token);
    expect(unfollowed.body.user.bookmarks).toEqual(saved);
    expect(unfollowed.body.followUser.bookmarks).toEqual([]);
    const edited = await post(t.app, '/api/users/edit', owner.token, { userData: { bio: 'mine' } });
    expect(edited.body.user.bookmarks).toEqual(saved);
    const login = await post(t.app, '/api/auth/login', undefined, {
      username: owner.username,
      password: factoryPassword,
    });
    expect(login.body.foundUser.bookmarks).toEqual(saved);
  });
});

describe('signup extras in user objects', () => {
  it('shows only the flat ones (text, numbers, true/false), even in rows stored before that rule', async () => {
    const extra = {
      hobby: 'chess',
      age: 42,
      ratio: 0.30000000000000004,
      verified: true,
      muted: false,
      form: { password: 'hunter2-secret' },
      list: ['hunter2-secret'],
      nothing: null,
    };
    const old = await t.member({ extra: JSON.stringify(extra) });
    const flat = { hobby: 'chess', age: 42, ratio: 0.30000000000000004, verified: true, muted: false };
    const login = await post(t.app, '/api/auth/login', undefined, {
      username: old.username,
      password: factoryPassword,
    });
    const answers = [
      (await get(t.app, `/api/users/${old.username}`)).body.user,
      (await get(t.app, '/api/users')).body.users.find((u: User) => u._id === old.id),
      login.body.foundUser,
    ];
    for (const user of answers) {
      expect(user).toMatchObject({ ...flat, _id: old.id, username: old.username });
      expect(Object.keys(user).slice(0, 5)).toEqual(Object.keys(flat)); // first, as the mock spread them
      expect(user).not.toHaveProperty('form');
      expect(user).not.toHaveProperty('list');
      expect(user).not.toHaveProperty('nothing');
      expect(JSON.stringify(user)).not.toContain('hunter2');
    }
  });
});
