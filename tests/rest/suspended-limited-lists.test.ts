import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get } from '../helpers/http.js';
import type { Member } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The REST lists apply tRPC's visibility rule (docs/security.md): a suspended member's posts, comments,
// likes, votes and follows are in no answer, for a member or anyone signed out, and their post is not found;
// GET /api/posts, explore's twin, leaves out a limited member's posts, which their profile list still shows.
// The moderators act through tRPC, a write like any other: the kept list answers (list-cache.ts) go with it.

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const as = (member: Member) => t.caller(member.token);

type User = { _id: string; username: string };
type Comment = { _id: string; username: string; votes: { upvotedBy: User[]; downvotedBy: User[] } };
type Post = {
  _id: string;
  username: string;
  likes: { likeCount: number; likedBy: User[]; dislikedBy: User[] };
  comments: Comment[];
};
type Profile = User & { followers: User[]; following: User[] };

/** Sam (to be suspended or limited) and Val, who follow each other; Cat's post has comments of both. */
async function world() {
  const mod = await t.member({ role: 'moderator' });
  const [val, sam, cat] = [await t.member(), await t.member(), await t.member()];
  await as(val).follow.follow({ userId: sam.id });
  await as(sam).follow.follow({ userId: val.id });
  const catPost = (await as(cat).posts.create({ content: 'by cat' })).id;
  const samPost = (await as(sam).posts.create({ content: 'by sam' })).id;
  await as(sam).comments.add({ postId: catPost, text: 'sam on cat' });
  const valComment = (await as(val).comments.add({ postId: catPost, text: 'val on cat' })).latestComments[0]!;
  // The mock's dislike takes a like away, so the like comes first.
  await as(val).posts.like({ postId: catPost });
  await as(sam).posts.dislike({ postId: catPost });
  await as(sam).posts.like({ postId: (await as(val).posts.create({ content: 'by val' })).id });
  await as(sam).comments.upvote({ postId: catPost, commentId: valComment.id });
  return { mod, val, sam, cat, catPost, samPost };
}

type World = Awaited<ReturnType<typeof world>>;

/** Every REST answer a reader (a member's token, or none) gets that could show Sam, reduced to usernames. */
async function seenBy(w: World, token: string | undefined) {
  const body = async (url: string, status = 200) => {
    const answer = await get(t.app, url, token);
    expect(answer.status, url).toBe(status);
    return answer.body;
  };
  const posts = (await body('/api/posts')).posts as Post[];
  const catPost = ((await body(`/api/posts/${w.catPost}`)).post as Post) ?? null;
  const nested = (post: Post) => ({
    comments: post.comments.map((c) => c.username),
    voters: post.comments.flatMap((c) =>
      [...c.votes.upvotedBy, ...c.votes.downvotedBy].map((u) => u.username),
    ),
    likedBy: post.likes.likedBy.map((u) => u.username),
    dislikedBy: post.likes.dislikedBy.map((u) => u.username),
  });
  const users = (await body('/api/users')).users as Profile[];
  const val = users.find((u) => u.username === w.val.username)!;
  return {
    posts: posts.map((p) => p.username),
    nested: posts.map(nested),
    catPost: nested(catPost),
    comments: ((await body(`/api/comments/${w.catPost}`)).comments as Comment[]).map((c) => c.username),
    samProfilePosts: ((await body(`/api/posts/user/${w.sam.username}`)).posts as Post[]).map((p) => p._id),
    users: users.map((u) => u.username),
    valFollows: [...val.followers, ...val.following].map((u) => u.username),
  };
}

describe('a suspended member', () => {
  it('is in no REST list, nested list or answer, for a member and anyone signed out, until unsuspended', async () => {
    const w = await world();
    const { mod, val, sam, cat } = w;
    const before = await seenBy(w, val.token);
    expect(before.posts).toContain(sam.username);
    expect(before.comments).toEqual([sam.username, val.username]);
    expect(before.catPost.likedBy).toEqual([val.username]);
    expect(before.catPost.dislikedBy).toEqual([sam.username]);
    expect(before.nested.flatMap((n) => n.likedBy)).toEqual([val.username, sam.username]);
    expect(before.catPost.voters).toEqual([sam.username]);
    expect(before.valFollows).toEqual([sam.username, sam.username]);
    expect(before.samProfilePosts).toEqual([w.samPost]);
    expect(before.users).toContain(sam.username);

    await as(mod).admin.suspend({ username: sam.username });
    for (const token of [val.token, cat.token, undefined]) {
      const seen = await seenBy(w, token);
      expect(JSON.stringify(seen)).not.toContain(sam.username);
      expect(seen.posts).toEqual([cat.username, val.username]);
      expect(seen.comments).toEqual([val.username]);
      expect(seen.catPost).toEqual({
        comments: [val.username],
        voters: [],
        likedBy: [val.username],
        dislikedBy: [],
      });
      expect(seen.samProfilePosts).toEqual([]);
      // Their post is not found, nor its comments, as on tRPC's post page.
      for (const url of [`/api/posts/${w.samPost}`, `/api/comments/${w.samPost}`]) {
        const answer = await get(t.app, url, token);
        expect([answer.status, answer.body], url).toEqual([404, { errors: ['Post not found'] }]);
      }
    }

    await as(mod).admin.unsuspend({ username: sam.username });
    expect(await seenBy(w, val.token)).toEqual(before);
  });
});

describe('a limited member', () => {
  it('is left out of GET /api/posts (explore) only: their profile list, comments and likes stay', async () => {
    const w = await world();
    const { mod, val, sam, cat } = w;
    const before = await seenBy(w, cat.token);

    await as(mod).admin.limit({ username: sam.username });
    for (const token of [val.token, cat.token, undefined]) {
      const seen = await seenBy(w, token);
      expect(seen.posts).toEqual([cat.username, val.username]);
      expect(seen.samProfilePosts).toEqual([w.samPost]);
      expect(seen.comments).toEqual([sam.username, val.username]);
      expect(seen.catPost).toEqual(before.catPost);
      expect(seen.users).toContain(sam.username);
      expect((await get(t.app, `/api/posts/${w.samPost}`, token)).status).toBe(200);
    }
    expect((await get(t.app, '/api/posts')).headers['x-total-count']).toBe('2');

    await as(mod).admin.unlimit({ username: sam.username });
    expect(await seenBy(w, cat.token)).toEqual(before);
  });
});
