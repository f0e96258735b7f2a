import { describe, expect, it } from 'vitest';
import { useRealm } from './instance.js';
import { readComment, readPost, signUpMany, writeComment, writePost, type Member } from './members.js';

// Spec section 4: "updatedAt is refreshed on like, dislike, votes, bookmark, follow and profile changes, and on
// comment edit". Times have whole seconds, so the writes happen in a later second than the setup.

const api = useRealm();

type Stamps = { createdAt: string; updatedAt: string };
type Case = {
  name: string;
  /** Prepares the case and returns the write to make and the object(s) whose times it must move. */
  setup(): Promise<{ write: () => Promise<{ status: number }>; read: () => Promise<Stamps[]> }>;
};

const user = async (member: Member) => (await api.get(`/api/users/${member.username}`)).body.user as Stamps;
const twoMembers = async () => (await signUpMany(api, 2)) as [Member, Member];

async function postBy(author: Member) {
  const postId = await writePost(api, author);
  return { postId, read: async () => [await readPost(api, postId)] };
}

async function commentOn(author: Member) {
  const postId = await writePost(api, author);
  const commentId = await writeComment(api, author, postId);
  return { postId, commentId, read: async () => [await readComment(api, postId, commentId)] };
}

const cases: Case[] = [
  ...(['like', 'dislike'] as const).map((kind) => ({
    name: `${kind} refreshes the post`,
    async setup() {
      const [author, fan] = await twoMembers();
      const { postId, read } = await postBy(author);
      if (kind === 'dislike') await api.post(`/api/posts/like/${postId}`, author.token);
      return { write: () => api.post(`/api/posts/${kind}/${postId}`, fan.token), read };
    },
  })),
  ...(['upvote', 'downvote'] as const).map((kind) => ({
    name: `${kind} refreshes the comment`,
    async setup() {
      const [author, fan] = await twoMembers();
      const { postId, commentId, read } = await commentOn(author);
      return { write: () => api.post(`/api/comments/${kind}/${postId}/${commentId}`, fan.token), read };
    },
  })),
  {
    name: 'a comment edit refreshes the comment',
    async setup() {
      const [author] = await twoMembers();
      const { postId, commentId, read } = await commentOn(author);
      const path = `/api/comments/edit/${postId}/${commentId}`;
      return { write: () => api.post(path, author.token, { commentData: 'edited' }), read };
    },
  },
  ...(['bookmark', 'remove-bookmark'] as const).map((kind) => ({
    name: `${kind} refreshes the member`,
    async setup() {
      const [me, author] = await twoMembers();
      const { postId } = await postBy(author);
      if (kind === 'remove-bookmark') await api.post(`/api/users/bookmark/${postId}`, me.token);
      return {
        write: () => api.post(`/api/users/${kind}/${postId}`, me.token),
        read: async () => [await user(me)],
      };
    },
  })),
  ...(['follow', 'unfollow'] as const).map((kind) => ({
    name: `${kind} refreshes both members`,
    async setup() {
      const [me, them] = await twoMembers();
      if (kind === 'unfollow') await api.post(`/api/users/follow/${them.id}`, me.token);
      const read = async () => [await user(me), await user(them)];
      return { write: () => api.post(`/api/users/${kind}/${them.id}`, me.token), read };
    },
  })),
  {
    name: 'a profile edit refreshes the member',
    async setup() {
      const [me] = await twoMembers();
      const write = () => api.post('/api/users/edit', me.token, { userData: { bio: 'later' } });
      return { write, read: async () => [await user(me)] };
    },
  },
];

describe('updatedAt', () => {
  it('moves on each write the spec names, and createdAt stays', async () => {
    const prepared = [];
    for (const c of cases) prepared.push(await c.setup());
    const before = await Promise.all(prepared.map((p) => p.read()));
    // Into the next whole second, so that a refreshed time differs from every time written so far.
    await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
    for (const [i, p] of prepared.entries())
      expect((await p.write()).status, cases[i]!.name).toBeLessThan(300);
    for (const [i, p] of prepared.entries()) {
      const after = await p.read();
      for (const [j, stamps] of after.entries()) {
        const was = before[i]![j]!;
        expect(stamps.createdAt, cases[i]!.name).toBe(was.createdAt);
        expect(
          stamps.updatedAt > was.updatedAt,
          `${cases[i]!.name}: ${was.updatedAt} -> ${stamps.updatedAt}`,
        ).toBe(true);
      }
    }
  });
});
