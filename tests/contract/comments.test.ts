import { describe, expect, it } from 'vitest';
import { seedMembers, seedPosts } from '../../seed/data.js';
import { useRealm } from './instance.js';
import { idsOf, readComment, signUp, signUpMany, writeComment, writePost, type Member } from './members.js';
import { expectAnswer, expectComment, expectError, messages, missingId, type Comment } from './shapes.js';

// Spec section 7's comment routes and section 5: only a comment's author edits it; its author or the post's
// author deletes it; upvote puts me in upvotedBy and out of downvotedBy, downvote the reverse, each refused
// when already done. docs/differences-from-the-mock.md: commentData is the text or {text} (item 4); unknown
// ids are 404 (item 1).

const api = useRealm();

/** A post by `author` with a comment by `commenter`. */
async function thread() {
  const [author, commenter, third] = (await signUpMany(api, 3)) as [Member, Member, Member];
  const postId = await writePost(api, author);
  return { author, commenter, third, postId, commentId: await writeComment(api, commenter, postId) };
}

describe('GET /api/comments/:postId', () => {
  it('answers 200 {comments} of a seed post, oldest first; 404 for an unknown post', async () => {
    const seeded = seedPosts[1]!;
    const res = await api.get(`/api/comments/${seeded.id}`);
    expectAnswer(res, 200, ['comments']);
    (res.body.comments as Comment[]).forEach(expectComment);
    const seen = (res.body.comments as Comment[]).slice(0, 2).map((c) => [c._id, c.username, c.text]);
    expect(seen).toEqual(seeded.comments.map((c) => [c.id, seedMembers[c.author]!.username, c.text]));
    expectError(await api.get(`/api/comments/${missingId}`), 404, messages.postNotFound);
  });
});

describe('POST /api/comments/add/:postId', () => {
  it('adds the text or {text}: 201 with the post’s comments, which the post then carries', async () => {
    const { commenter, postId, commentId } = await thread();
    for (const commentData of ['Plain words', { text: 'Object words' }]) {
      const res = await api.post(`/api/comments/add/${postId}`, commenter.token, { commentData });
      expectAnswer(res, 201, ['comments']);
      (res.body.comments as Comment[]).forEach(expectComment);
      const newest = res.body.comments.at(-1) as Comment;
      expect(newest).toMatchObject({
        username: commenter.username,
        votes: { upvotedBy: [], downvotedBy: [] },
      });
      expect(newest.text).toBe(typeof commentData === 'string' ? commentData : commentData.text);
    }
    const { post } = (await api.get(`/api/posts/${postId}`)).body;
    expect(post.comments.map((c: Comment) => c.text)).toEqual([
      expect.any(String),
      'Plain words',
      'Object words',
    ]);
    expect(post.comments[0]._id).toBe(commentId);
  });

  it.each([
    ['no commentData', {}, 'Comment text is required.'],
    ['blank text', { commentData: { text: '   ' } }, 'Comment text must be 1 to 500 characters.'],
    ['501 characters', { commentData: 'c'.repeat(501) }, 'Comment text must be 1 to 500 characters.'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const { commenter, postId } = await thread();
    expectError(await api.post(`/api/comments/add/${postId}`, commenter.token, body), 400, message);
    expect((await api.get(`/api/comments/${postId}`)).body.comments).toHaveLength(1);
  });
});

describe('POST /api/comments/edit/:postId/:commentId', () => {
  it('lets the comment’s author change the text only: 201 {comments}', async () => {
    const { commenter, postId, commentId } = await thread();
    const before = await readComment(api, postId, commentId);
    const res = await api.post(`/api/comments/edit/${postId}/${commentId}`, commenter.token, {
      commentData: { text: 'Edited', username: 'someone', _id: 'x', votes: { upvotedBy: ['y'] } },
    });
    expectAnswer(res, 201, ['comments']);
    const edited = (res.body.comments as Comment[]).find((c) => c._id === commentId)!;
    expectComment(edited);
    expect(edited).toMatchObject({
      text: 'Edited',
      username: commenter.username,
      createdAt: before.createdAt,
    });
    expect(edited.votes).toEqual({ upvotedBy: [], downvotedBy: [] });
    expect(await readComment(api, postId, commentId)).toEqual(edited);
  });

  it('refuses anyone else, the post’s author too, with 400', async () => {
    const { author, third, postId, commentId } = await thread();
    const before = await readComment(api, postId, commentId);
    for (const member of [author, third]) {
      const res = await api.post(`/api/comments/edit/${postId}/${commentId}`, member.token, {
        commentData: 'No',
      });
      expectError(res, 400, messages.editComment);
    }
    expect(await readComment(api, postId, commentId)).toEqual(before);
  });
});

describe('POST /api/comments/delete/:postId/:commentId', () => {
  it.each([
    ['the comment’s author', 'commenter'],
    ['the post’s author', 'author'],
  ] as const)('lets %s delete it: 201 with the remaining comments', async (_label, who) => {
    const t = await thread();
    const other = await writeComment(api, t.third, t.postId);
    const res = await api.post(`/api/comments/delete/${t.postId}/${t.commentId}`, t[who].token);
    expectAnswer(res, 201, ['comments']);
    expect(idsOf(res.body.comments)).toEqual([other]);
    expect(idsOf((await api.get(`/api/comments/${t.postId}`)).body.comments)).toEqual([other]);
  });

  it('refuses a third member with 400', async () => {
    const { third, postId, commentId } = await thread();
    const res = await api.post(`/api/comments/delete/${postId}/${commentId}`, third.token);
    expectError(res, 400, messages.deleteComment);
    expect(idsOf((await api.get(`/api/comments/${postId}`)).body.comments)).toEqual([commentId]);
  });
});

describe('comment votes', () => {
  const vote = (kind: 'upvote' | 'downvote', member: Member, postId: string, commentId: string) =>
    api.post(`/api/comments/${kind}/${postId}/${commentId}`, member.token);

  it('upvote and downvote move me between the lists, 201 {comments}; each refused when repeated', async () => {
    const { third: me, postId, commentId } = await thread();
    const steps = [
      ['upvote', { upvotedBy: [me.id], downvotedBy: [] }],
      ['upvote', messages.upvoted],
      ['downvote', { upvotedBy: [], downvotedBy: [me.id] }],
      ['downvote', messages.downvoted],
      ['upvote', { upvotedBy: [me.id], downvotedBy: [] }],
    ] as const;
    for (const [kind, expected] of steps) {
      const res = await vote(kind, me, postId, commentId);
      if (typeof expected === 'string') {
        expectError(res, 400, expected);
        continue;
      }
      expectAnswer(res, 201, ['comments']);
      const voted = (res.body.comments as Comment[]).find((c) => c._id === commentId)!;
      expectComment(voted);
      expect({
        upvotedBy: idsOf(voted.votes.upvotedBy),
        downvotedBy: idsOf(voted.votes.downvotedBy),
      }).toEqual(expected);
    }
  });
});

describe('unknown ids', () => {
  it.each(['edit', 'delete', 'upvote', 'downvote'])(
    '%s: 404 for an unknown or mismatched comment or post',
    async (kind) => {
      const t = await thread();
      const elsewhere = await writePost(api, t.author);
      const cases = [
        [`${t.postId}/${missingId}`, messages.commentNotFound],
        [`${elsewhere}/${t.commentId}`, messages.commentNotFound],
        [`${missingId}/${t.commentId}`, messages.postNotFound],
      ] as const;
      for (const [ids, message] of cases) {
        const res = await api.post(`/api/comments/${kind}/${ids}`, t.commenter.token, { commentData: 'x' });
        expectError(res, 404, message);
      }
    },
  );

  it('add: 404 for an unknown post', async () => {
    const me = await signUp(api);
    expectError(
      await api.post(`/api/comments/add/${missingId}`, me.token, { commentData: 'x' }),
      404,
      messages.postNotFound,
    );
  });
});
