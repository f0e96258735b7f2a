import { describe, expect, it } from 'vitest';
import { seedPosts } from '../../seed/data.js';
import type { Client } from './client.js';
import { useRealm } from './instance.js';
import { idsOf, readPost, signUp, writePost, type Member } from './members.js';
import {
  expectAnswer,
  expectError,
  expectPost,
  expectRef,
  messages,
  missingId,
  type Post,
} from './shapes.js';

// Spec section 4 "Backend state rules" and section 5: like adds me to likedBy, out of dislikedBy, count +1,
// refused when already liked; dislike count -1, me out of likedBy and into dislikedBy, refused at a count of
// 0 or when already disliked. docs/differences-from-the-mock.md: any member may dislike a post whose count is
// above zero.

const api = useRealm();
/** Seed posts start at 10 likes with nobody in likedBy: only the seed has such a post. */
const tenLikes = seedPosts.find((p) => p.likeCount === 10)!.id;

async function react(
  client: Client,
  kind: 'like' | 'dislike',
  postId: string,
  member: Member,
): Promise<Post> {
  const res = await client.post(`/api/posts/${kind}/${postId}`, member.token);
  expectAnswer(res, 201, ['posts']);
  const post = (res.body.posts as Post[]).find((p) => p._id === postId)!;
  expectPost(post);
  expect(await readPost(client, postId)).toEqual(post);
  return post;
}

const state = (post: Post) => ({
  likeCount: post.likes.likeCount,
  likedBy: idsOf(post.likes.likedBy),
  dislikedBy: idsOf(post.likes.dislikedBy),
});

describe('POST /api/posts/like/:postId and /dislike/:postId', () => {
  it('follow the spec’s rules step by step', async () => {
    const [author, ann, bob] = [await signUp(api), await signUp(api), await signUp(api)];
    const id = await writePost(api, author);
    type Step =
      [Member, 'like' | 'dislike', number, string[], string[]] | [Member, 'like' | 'dislike', string];
    const steps: Step[] = [
      [ann, 'dislike', messages.belowZero],
      [ann, 'like', 1, [ann.id], []],
      [ann, 'like', messages.liked],
      [bob, 'like', 2, [ann.id, bob.id], []],
      [ann, 'dislike', 1, [bob.id], [ann.id]],
      [ann, 'dislike', messages.disliked],
      [bob, 'dislike', 0, [], [ann.id, bob.id]],
      [ann, 'like', 1, [ann.id], [bob.id]],
      [author, 'dislike', 0, [ann.id], [bob.id, author.id]],
      [ann, 'dislike', messages.belowZero],
    ];
    for (const [i, [member, kind, ...expected]] of steps.entries()) {
      if (typeof expected[0] === 'string') {
        const before = await readPost(api, id);
        expectError(await api.post(`/api/posts/${kind}/${id}`, member.token), 400, expected[0]);
        expect(await readPost(api, id), `step ${i}`).toEqual(before);
        continue;
      }
      const [likeCount, likedBy, dislikedBy] = expected as [number, string[], string[]];
      expect(state(await react(api, kind, id, member)), `step ${i}`).toEqual({
        likeCount,
        likedBy,
        dislikedBy,
      });
    }
  });

  it('list each member as a user reference without a password', async () => {
    const [author, fan] = [await signUp(api), await signUp(api, { firstName: 'Fan', lastName: 'Page' })];
    const liked = await react(api, 'like', await writePost(api, author), fan);
    expect(liked.likes.likedBy).toHaveLength(1);
    expectRef(liked.likes.likedBy[0]!);
    expect(liked.likes.likedBy[0]).toMatchObject({ _id: fan.id, username: fan.username, firstName: 'Fan' });
  });

  it('let a member dislike a seed post of 10 likes that nobody is listed as liking', async () => {
    const me = await signUp(api);
    const before = await readPost(api, tenLikes);
    const after = await react(api, 'dislike', tenLikes, me);
    expect(after.likes.likeCount).toBe(before.likes.likeCount - 1);
    expect(idsOf(after.likes.dislikedBy)).toContain(me.id);
    expect(idsOf(after.likes.likedBy)).not.toContain(me.id);
    const again = await react(api, 'like', tenLikes, me);
    expect(again.likes.likeCount).toBe(before.likes.likeCount);
    expect(idsOf(again.likes.likedBy)).toContain(me.id);
    expect(idsOf(again.likes.dislikedBy)).not.toContain(me.id);
  });

  it('take an empty JSON body (the header and nothing after it) as no body', async () => {
    const [author, fan] = [await signUp(api), await signUp(api)];
    const id = await writePost(api, author);
    const headers = { 'content-type': 'application/json' };
    const res = await api.call('POST', `/api/posts/like/${id}`, { token: fan.token, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(idsOf((await readPost(api, id)).likes.likedBy)).toEqual([fan.id]);
  });

  it.each(['like', 'dislike'])('%s answers 404 for an unknown post', async (kind) => {
    const me = await signUp(api);
    expectError(await api.post(`/api/posts/${kind}/${missingId}`, me.token), 404, messages.postNotFound);
  });
});
