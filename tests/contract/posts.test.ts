import { describe, expect, it } from 'vitest';
import { seedMembers, seedPosts } from '../../seed/data.js';
import { useRealm } from './instance.js';
import { freshName, idsOf, readPost, signUp, writeComment, writePost } from './members.js';
import { expectAnswer, expectError, expectPost, messages, missingId, type Post } from './shapes.js';

// Spec section 7's post routes, the authorship rules of section 5, and docs/differences-from-the-mock.md
// items 1, 5, 6, 7.

const api = useRealm();
const seedPost = seedPosts[0]!;
const byId = (posts: Post[], id: string) => posts.find((p) => p._id === id);

describe('reading posts', () => {
  it('GET /api/posts answers 200 {posts}: the seed and new posts, oldest first, with X-Total-Count', async () => {
    const me = await signUp(api);
    const mine = await writePost(api, me);
    const res = await api.get('/api/posts');
    expectAnswer(res, 200, ['posts']);
    const posts = res.body.posts as Post[];
    posts.forEach(expectPost);
    expect(idsOf(posts)).toEqual(expect.arrayContaining(seedPosts.map((p) => p.id)));
    expect(idsOf(posts).at(-1)).toBe(mine);
    expect(res.headers['x-total-count']).toBe(String(posts.length));
    expect(res.headers.link).toBeUndefined();
    const times = posts.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('GET /api/posts/:postId answers 200 {post} with its comments; 404 for an unknown id', async () => {
    const res = await api.get(`/api/posts/${seedPost.id}`);
    expectAnswer(res, 200, ['post']);
    expectPost(res.body.post);
    expect(res.body.post).toMatchObject({
      _id: seedPost.id,
      content: seedPost.content,
      username: seedMembers[seedPost.author]!.username,
    });
    expect(idsOf(res.body.post.comments)).toEqual(seedPost.comments.map((c) => c.id));
    expectError(await api.get(`/api/posts/${missingId}`), 404, messages.postNotFound);
  });

  it('GET /api/posts/user/:username answers that member’s posts, in any case; 404 for nobody', async () => {
    const me = await signUp(api);
    const ids = [await writePost(api, me), await writePost(api, me)];
    await writePost(api, await signUp(api));
    for (const name of [me.username, me.username.toUpperCase()]) {
      const res = await api.get(`/api/posts/user/${name}`);
      expectAnswer(res, 200, ['posts']);
      expect(idsOf(res.body.posts)).toEqual(ids);
    }
    expectError(await api.get(`/api/posts/user/${freshName('nobody')}`), 404, messages.userNotFound);
  });
});

describe('POST /api/posts', () => {
  it('writes a post from the text or from {content}: 201 {posts} ending with it, nobody liking it', async () => {
    const me = await signUp(api);
    for (const [postData, content] of [
      ['Plain words', 'Plain words'],
      [{ content: 'Object words' }, 'Object words'],
      ['  Trimmed words \n', 'Trimmed words'],
    ] as const) {
      const res = await api.post('/api/posts', me.token, { postData });
      expectAnswer(res, 201, ['posts']);
      const newest = res.body.posts.at(-1) as Post;
      expectPost(newest);
      expect(newest).toMatchObject({ username: me.username, content, comments: [] });
      expect(newest.likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] });
      expect(newest.updatedAt).toBe(newest.createdAt);
    }
  });

  it.each([
    ['no postData', {}, 'Post content is required.'],
    ['a number', { postData: 42 }, 'Post content must be text.'],
    ['blank text', { postData: ' \n\t ' }, 'Post content must be 1 to 500 characters.'],
    ['501 characters', { postData: 'x'.repeat(501) }, 'Post content must be 1 to 500 characters.'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const me = await signUp(api);
    expectError(await api.post('/api/posts', me.token, body), 400, message);
    expect((await api.get(`/api/posts/user/${me.username}`)).body.posts).toEqual([]);
  });

  it('accepts 500 characters, and refuses a body over 64 KB with 413', async () => {
    const me = await signUp(api);
    expect((await api.post('/api/posts', me.token, { postData: 'y'.repeat(500) })).status).toBe(201);
    const big = await api.post('/api/posts', me.token, { postData: 'z'.repeat(65 * 1024) });
    expectError(big, 413, 'The request body is larger than the 64 KB limit.');
  });
});

describe('editing and deleting posts', () => {
  it('lets the author change the content only: 201 {posts}', async () => {
    const me = await signUp(api);
    const id = await writePost(api, me);
    const before = await readPost(api, id);
    const res = await api.post(`/api/posts/edit/${id}`, me.token, {
      postData: { content: 'Edited', username: 'someone', _id: 'x', likes: { likeCount: 99 } },
    });
    expectAnswer(res, 201, ['posts']);
    const edited = byId(res.body.posts, id)!;
    expectPost(edited);
    expect(edited).toMatchObject({ content: 'Edited', username: me.username, createdAt: before.createdAt });
    expect(edited.likes).toEqual(before.likes);
    expect(await readPost(api, id)).toEqual(edited);
    const plain = await api.post(`/api/posts/edit/${id}`, me.token, { postData: 'Edited as text' });
    expect(byId(plain.body.posts, id)?.content).toBe('Edited as text');
  });

  it('refuses another member’s edit and delete with 400; unknown posts with 404', async () => {
    const [owner, other] = [await signUp(api), await signUp(api)];
    const id = await writePost(api, owner);
    const before = await readPost(api, id);
    const body = { postData: { content: 'Hijacked' } };
    expectError(await api.post(`/api/posts/edit/${id}`, other.token, body), 400, messages.editPost);
    expectError(await api.del(`/api/posts/${id}`, other.token), 400, messages.deletePost);
    expect(await readPost(api, id)).toEqual(before);
    expectError(
      await api.post(`/api/posts/edit/${missingId}`, other.token, body),
      404,
      messages.postNotFound,
    );
    expectError(await api.del(`/api/posts/${missingId}`, other.token), 404, messages.postNotFound);
  });

  it('lets the author delete: 201 {posts} without it, its comments and bookmarks gone too', async () => {
    const [owner, fan] = [await signUp(api), await signUp(api)];
    const [id, kept] = [await writePost(api, owner), await writePost(api, owner)];
    await writeComment(api, fan, id);
    for (const postId of [id, kept]) await api.post(`/api/users/bookmark/${postId}`, fan.token);
    const res = await api.del(`/api/posts/${id}`, owner.token);
    expectAnswer(res, 201, ['posts']);
    expect(byId(res.body.posts, id)).toBeUndefined();
    expect(byId(res.body.posts, kept)).toBeDefined();
    expectError(await api.get(`/api/posts/${id}`), 404, messages.postNotFound);
    expectError(await api.get(`/api/comments/${id}`), 404, messages.postNotFound);
    expect((await api.get('/api/users/bookmark', fan.token)).body).toEqual({ bookmarks: [kept] });
    expectError(await api.del(`/api/posts/${id}`, owner.token), 404, messages.postNotFound);
  });
});
