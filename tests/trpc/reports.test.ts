import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { badRequest, community, expectRefusedCall, forbidden, notFound } from '../helpers/moderation.js';
import { expectInvalid } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Reports: any active member reports a post, a comment or a member with a reason
// and a note; never themselves or their own content. The moderators' queue shows what was reported, as it
// was reported.

let t: TestApp;
afterEach(() => t?.close());

const publicUser = (m: { id: string; username: string }) => ({
  id: m.id,
  username: m.username,
  firstName: 'Test',
  lastName: expect.any(String),
  profilePic: '',
});

describe('reports.create', () => {
  it('reports a post, a comment and a member; the queue shows each with its excerpt and subject', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const reports = t.caller(c.bob.token).reports;
    const onPost = await reports.create({
      target: { kind: 'post', postId: c.postId },
      reason: 'spam',
      note: '  sells watches  ',
    });
    const onComment = await t.caller(c.alice.token).reports.create({
      target: { kind: 'comment', postId: c.postId, commentId: c.commentId },
      reason: 'harassment',
    });
    const onMember = await reports.create({ target: { kind: 'member', username: 'ALICE' }, reason: 'other' });

    const queue = await t.caller(c.moderator.token).admin.reports({ state: 'open' });
    expect(queue.nextCursor).toBeNull();
    expect(queue.items.map((r) => r.id)).toEqual([onPost.id, onComment.id, onMember.id]);
    const [post, comment, member] = queue.items;
    expect(post).toEqual({
      id: onPost.id,
      target: { kind: 'post', postId: c.postId },
      contentGone: false,
      excerpt: 'Buy cheap watches at example.com',
      subject: {
        ...publicUser(c.alice),
        role: 'member',
        status: 'active',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        postCount: 1,
        openReports: 2,
      },
      reporter: publicUser(c.bob),
      reason: 'spam',
      note: 'sells watches',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    });
    expect(comment).toMatchObject({
      target: { kind: 'comment', postId: c.postId, commentId: c.commentId },
      excerpt: 'You are all wrong, @alice',
      subject: { username: 'bob', openReports: 1 },
      reporter: { username: 'alice' },
      reason: 'harassment',
      note: '',
    });
    expect(member).toMatchObject({ target: { kind: 'member' }, excerpt: '', subject: { username: 'alice' } });
  });

  it('keeps the text as reported after the author edits it', async () => {
    t = await makeTestApp();
    const c = await community(t);
    await t
      .caller(c.bob.token)
      .reports.create({ target: { kind: 'post', postId: c.postId }, reason: 'spam' });
    await t.caller(c.alice.token).posts.edit({ postId: c.postId, content: 'Nothing to see here' });
    const queue = await t.caller(c.moderator.token).admin.reports({});
    expect(queue.items[0]).toMatchObject({ excerpt: 'Buy cheap watches at example.com', contentGone: false });
  });

  it('answers the open report again for a second report of the same target, without a duplicate', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const reports = t.caller(c.bob.token).reports;
    const target = { kind: 'post', postId: c.postId } as const;
    const first = await reports.create({ target, reason: 'spam' });
    const [again, concurrent] = await Promise.all([
      reports.create({ target, reason: 'other', note: 'still there' }),
      reports.create({ target, reason: 'spam' }),
    ]);
    expect(again).toEqual(first);
    expect(concurrent).toEqual(first);
    // Another reporter, or another target, is another report.
    const byAdmin = await t.caller(c.admin.token).reports.create({ target, reason: 'spam' });
    const ofMember = await reports.create({ target: { kind: 'member', username: 'alice' }, reason: 'spam' });
    expect(new Set([first.id, byAdmin.id, ofMember.id]).size).toBe(3);
    expect(await t.sql('select count(*) as n from reports')).toEqual([{ n: 3 }]);

    // Once resolved, the same target may be reported anew.
    await t.caller(c.moderator.token).admin.resolveReport({ reportId: first.id, action: 'dismiss' });
    expect((await reports.create({ target, reason: 'spam' })).id).not.toBe(first.id);
  });

  it('refuses reports of oneself or one’s own content, and unknown targets, changing nothing', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const alice = t.caller(c.alice.token).reports;
    const cases: [Parameters<typeof alice.create>[0]['target'], { code: string; message: string }][] = [
      [{ kind: 'post', postId: c.postId }, badRequest('You cannot report your own post.')],
      [
        { kind: 'comment', postId: c.postId, commentId: c.aliceCommentId },
        badRequest('You cannot report your own comment.'),
      ],
      [{ kind: 'member', username: 'Alice' }, badRequest('You cannot report yourself.')],
      [{ kind: 'post', postId: 'no-such-post' }, notFound(messages.postNotFound)],
      [{ kind: 'comment', postId: 'no-such-post', commentId: c.commentId }, notFound(messages.postNotFound)],
      [{ kind: 'comment', postId: c.postId, commentId: 'nope' }, notFound(messages.commentNotFound)],
      [{ kind: 'member', username: 'nobody' }, notFound(messages.userNotFound)],
    ];
    for (const [target, error] of cases) {
      await expectRefusedCall(t, () => alice.create({ target, reason: 'spam' }), error);
    }
  });

  it('answers a report of content hidden from the reporter as a report of content that does not exist', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const carol = await t.member({ username: 'carol' });
    const carolCard = await t.caller(carol.token).comments.add({ postId: c.postId, text: 'Me too' });
    const carolCommentId = carolCard.latestComments.find((comment) => comment.text === 'Me too')!.id;
    const bob = t.caller(c.bob.token).reports;
    const onPost = { kind: 'post', postId: c.postId } as const;
    const onComment = { kind: 'comment', postId: c.postId, commentId: c.aliceCommentId } as const;
    const onCarolsComment = { kind: 'comment', postId: c.postId, commentId: carolCommentId } as const;
    const unknownPost = { kind: 'post', postId: 'no-such-post' } as const;
    const unknownComment = { kind: 'comment', postId: c.postId, commentId: 'nope' } as const;
    const queue = async () => (await t.caller(c.moderator.token).admin.reports({ state: 'open' })).items;

    // Alice blocks Bob: her post, and her comment on it, are "not found" to Bob's reads and to his reports.
    await t.caller(c.alice.token).relations.block({ username: 'bob' });
    await expect(t.caller(c.bob.token).posts.byId({ postId: c.postId })).rejects.toMatchObject(
      notFound(messages.postNotFound),
    );
    const unknown = await bob
      .create({ target: unknownPost, reason: 'spam' })
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject(notFound(messages.postNotFound));
    for (const target of [onPost, onComment, onCarolsComment]) {
      const hidden = await bob.create({ target, reason: 'spam' }).catch((error: unknown) => error);
      expect(hidden).toMatchObject({
        code: (unknown as { code: string }).code,
        message: (unknown as Error).message,
      });
      await expectRefusedCall(
        t,
        () => bob.create({ target, reason: 'spam' }),
        notFound(messages.postNotFound),
      );
    }
    expect(await queue()).toEqual([]);

    // Bob blocks Carol (Alice unblocked): Alice's post shows, Carol's comment on it is "not found", as an
    // unknown comment is.
    await t.caller(c.alice.token).relations.unblock({ username: 'bob' });
    await t.caller(c.bob.token).relations.block({ username: 'carol' });
    const unknownOne = await bob.create({ target: unknownComment, reason: 'spam' }).catch((e: unknown) => e);
    expect(unknownOne).toMatchObject(notFound(messages.commentNotFound));
    await expectRefusedCall(
      t,
      () => bob.create({ target: onCarolsComment, reason: 'spam' }),
      notFound(messages.commentNotFound),
    );
    expect(await queue()).toEqual([]);

    // Without a block, the reports are accepted.
    const post = await bob.create({ target: onPost, reason: 'spam' });
    const comment = await bob.create({ target: onComment, reason: 'spam' });
    await t.caller(c.bob.token).relations.unblock({ username: 'carol' });
    const carols = await bob.create({ target: onCarolsComment, reason: 'spam' });
    expect((await queue()).map((report) => report.id)).toEqual([post.id, comment.id, carols.id]);
  });

  it('answers a report of a suspended member’s post as not found, as posts.byId does', async () => {
    t = await makeTestApp();
    const c = await community(t);
    await t.sql(`update users set status = 'suspended' where id = '${c.alice.id}'`);
    await expect(t.caller(c.bob.token).posts.byId({ postId: c.postId })).rejects.toMatchObject(
      notFound(messages.postNotFound),
    );
    await expectRefusedCall(
      t,
      () =>
        t.caller(c.bob.token).reports.create({ target: { kind: 'post', postId: c.postId }, reason: 'spam' }),
      notFound(messages.postNotFound),
    );
  });

  it('refuses a bad reason or target with a clear message, and signed-out, pending and suspended callers', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const bob = t.caller(c.bob.token).reports;
    const target = { kind: 'post', postId: c.postId } as const;
    await expectInvalid(
      // @ts-expect-error -- a reason the schema refuses
      bob.create({ target, reason: 'rude' }),
      'The reason must be spam, harassment, illegal or other.',
    );
    await expectInvalid(
      // @ts-expect-error -- a kind the schema refuses
      bob.create({ target: { kind: 'hashtag', tag: 'x' }, reason: 'spam' }),
      'A report is about a post, a comment or a member.',
    );
    await expectInvalid(
      bob.create({ target, reason: 'spam', note: 'x'.repeat(1001) }),
      'Note must be at most 1000 characters.',
    );
    const pending = await t.member({ status: 'pending' });
    const suspended = await t.member({ status: 'suspended' });
    const invalid = { code: 'UNAUTHORIZED', message: messages.invalidToken };
    await expectRefusedCall(t, () => t.caller().reports.create({ target, reason: 'spam' }), invalid);
    await expectRefusedCall(
      t,
      () => t.caller(pending.token).reports.create({ target, reason: 'spam' }),
      forbidden(messages.pending),
    );
    await expectRefusedCall(
      t,
      () => t.caller(suspended.token).reports.create({ target, reason: 'spam' }),
      forbidden(messages.suspended),
    );
  });
});
