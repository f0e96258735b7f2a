import { describe, expect, it } from 'vitest';
import { useRealm } from './instance.js';
import { freshName, idsOf, signUp, signUpMany, writePost, type Member } from './members.js';
import { expectAnswer, expectError, expectRef, expectUser, messages, missingId } from './shapes.js';

// Spec sections 4, 5 and 7: bookmarks answer 200 {bookmarks} (post ids), follows 200 {user, followUser}, each
// refused when already done or not done. docs/differences-from-the-mock.md: GET /api/users/bookmark is mine
// (item 9: the fixed route wins over a username), bookmarks are shown to their owner only (item 11), and
// following yourself is refused.

const api = useRealm();
const profile = async (member: Member, token?: string) =>
  (await api.get(`/api/users/${member.username}`, token)).body.user;

describe('bookmarks', () => {
  it('add, list and remove: 200 {bookmarks} in the order added', async () => {
    const me = await signUp(api);
    const ids = [await writePost(api, me), await writePost(api, me), await writePost(api, me)];
    const empty = await api.get('/api/users/bookmark', me.token);
    expectAnswer(empty, 200, ['bookmarks']);
    expect(empty.body.bookmarks).toEqual([]);
    for (const [i, id] of [ids[2]!, ids[0]!, ids[1]!].entries()) {
      const res = await api.post(`/api/users/bookmark/${id}`, me.token);
      expectAnswer(res, 200, ['bookmarks']);
      expect(res.body.bookmarks).toHaveLength(i + 1);
      expect(res.body.bookmarks.at(-1)).toBe(id);
    }
    const order = [ids[2], ids[0], ids[1]];
    expect((await api.get('/api/users/bookmark', me.token)).body.bookmarks).toEqual(order);
    const removed = await api.post(`/api/users/remove-bookmark/${ids[0]}`, me.token);
    expectAnswer(removed, 200, ['bookmarks']);
    expect(removed.body.bookmarks).toEqual([ids[2], ids[1]]);
    expect((await api.get('/api/users/bookmark', me.token)).body.bookmarks).toEqual([ids[2], ids[1]]);
  });

  it('are refused when repeated or absent (400), for unknown posts (404)', async () => {
    const me = await signUp(api);
    const id = await writePost(api, me);
    expectError(await api.post(`/api/users/remove-bookmark/${id}`, me.token), 400, messages.notBookmarked);
    expect((await api.post(`/api/users/bookmark/${id}`, me.token)).status).toBe(200);
    expectError(await api.post(`/api/users/bookmark/${id}`, me.token), 400, messages.bookmarked);
    expect((await api.get('/api/users/bookmark', me.token)).body.bookmarks).toEqual([id]);
    for (const path of ['bookmark', 'remove-bookmark'])
      expectError(await api.post(`/api/users/${path}/${missingId}`, me.token), 404, messages.postNotFound);
  });

  it('show in my user object for me only; anyone else sees []', async () => {
    const [me, other] = (await signUpMany(api, 2)) as [Member, Member];
    const id = await writePost(api, other);
    await api.post(`/api/users/bookmark/${id}`, me.token);
    expect((await profile(me, me.token)).bookmarks).toEqual([id]);
    expect((await profile(me)).bookmarks).toEqual([]);
    expect((await profile(me, other.token)).bookmarks).toEqual([]);
    // Answers differ by token, so a shared cache must tell them apart.
    expect((await api.get(`/api/users/${me.username}`)).headers.vary).toMatch(/authorization/i);
    const listed = (await api.get('/api/users')).body.users.find((u: { _id: string }) => u._id === me.id);
    expect(listed.bookmarks).toEqual([]);
  });
});

describe('follow and unfollow', () => {
  it('follow by _id: 200 {user, followUser}, each side listing the other', async () => {
    const [me, them] = (await signUpMany(api, 2)) as [Member, Member];
    const res = await api.post(`/api/users/follow/${them.id}`, me.token);
    expectAnswer(res, 200, ['followUser', 'user']);
    const { user, followUser } = res.body;
    expectUser(user);
    expectUser(followUser);
    expect([user._id, followUser._id]).toEqual([me.id, them.id]);
    expect(user.following).toHaveLength(1);
    expectRef(user.following[0]);
    expect(user.following[0]).toMatchObject({ _id: them.id, username: them.username, firstName: 'Casey' });
    expect(idsOf(followUser.followers)).toEqual([me.id]);
    expect([user.followers, followUser.following]).toEqual([[], []]);
    expect(idsOf((await profile(me)).following)).toEqual([them.id]);
    expect(idsOf((await profile(them)).followers)).toEqual([me.id]);
  });

  it('unfollow: 200 {user, followUser}, both sides emptied', async () => {
    const [me, them] = (await signUpMany(api, 2)) as [Member, Member];
    await api.post(`/api/users/follow/${them.id}`, me.token);
    const res = await api.post(`/api/users/unfollow/${them.id}`, me.token);
    expectAnswer(res, 200, ['followUser', 'user']);
    expect(res.body.user).toMatchObject({ _id: me.id, following: [], followers: [] });
    expect(res.body.followUser).toMatchObject({ _id: them.id, following: [], followers: [] });
    expect((await profile(them)).followers).toEqual([]);
  });

  it('refuses following twice, unfollowing a stranger and following yourself, with 400', async () => {
    const [me, them] = (await signUpMany(api, 2)) as [Member, Member];
    expectError(await api.post(`/api/users/unfollow/${them.id}`, me.token), 400, messages.notFollowing);
    expect((await api.post(`/api/users/follow/${them.id}`, me.token)).status).toBe(200);
    expectError(await api.post(`/api/users/follow/${them.id}`, me.token), 400, messages.following);
    expectError(await api.post(`/api/users/follow/${me.id}`, me.token), 400, messages.selfFollow);
    expect(idsOf((await profile(them)).followers)).toEqual([me.id]);
  });

  it.each(['follow', 'unfollow'])(
    '%s: 404 for an unknown id, and for a username (ids only)',
    async (kind) => {
      const [me, them] = (await signUpMany(api, 2)) as [Member, Member];
      for (const target of [missingId, them.username, freshName('nobody')])
        expectError(await api.post(`/api/users/${kind}/${target}`, me.token), 404, messages.userNotFound);
    },
  );
});
