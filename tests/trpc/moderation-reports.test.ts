import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { reportsPage } from '../../src/server/domain/moderation.js';
import type { LiveEvent } from '../../src/server/store/store.js';
import {
  badRequest,
  community,
  expectRefusedCall,
  forbidden,
  moderationRows,
  notFound,
} from '../helpers/moderation.js';
import { epoch, insertRows } from '../helpers/rows.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Moderators work the reports queue at /admin/reports and resolve each report with an action:
// remove the content, limit or suspend its member, or dismiss it. Every action goes to the audit log.

let t: TestApp;
afterEach(() => t?.close());

type Community = Awaited<ReturnType<typeof community>>;

async function reported(c: Community) {
  const bob = t.caller(c.bob.token).reports;
  const onPost = await bob.create({ target: { kind: 'post', postId: c.postId }, reason: 'spam' });
  const onComment = await t.caller(c.admin.token).reports.create({
    target: { kind: 'comment', postId: c.postId, commentId: c.aliceCommentId },
    reason: 'spam',
  });
  const onMember = await bob.create({ target: { kind: 'member', username: 'alice' }, reason: 'harassment' });
  return { onPost: onPost.id, onComment: onComment.id, onMember: onMember.id };
}

function listen() {
  const events: LiveEvent[] = [];
  const stop = t.store.subscribe((event) => events.push(event));
  return { events, stop };
}

describe('admin.reports', () => {
  it('lists open reports oldest first and resolved ones newest first, 20 a page, in one statement a page', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const rows = Array.from({ length: 45 }, (_, i) => ({
      id: `report-${String(i).padStart(2, '0')}`,
      reporter_id: c.bob.id,
      subject_id: c.alice.id,
      target_kind: 'member',
      reason: 'spam',
      created_at: epoch + i,
      // The even ones are resolved, later the later they came, except that the first resolved last.
      resolved_at: i % 2 === 0 ? epoch + 1000 + (i === 0 ? 500 : i) : null,
      resolved_by: i % 2 === 0 ? c.moderator.id : null,
      resolution: i % 2 === 0 ? 'dismiss' : null,
    }));
    await insertRows(t, 'reports', rows);
    const admin = t.caller(c.moderator.token).admin;
    const all = async (state: 'open' | 'resolved') => {
      const ids: string[][] = [];
      let cursor: string | null = null;
      do {
        const page = await admin.reports({ state, cursor });
        ids.push(page.items.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const open = rows.filter((r) => r.resolved_at === null).map((r) => r.id);
    expect(await all('open')).toEqual([open.slice(0, 20), open.slice(20)]);
    const resolved = rows
      .filter((r) => r.resolved_at !== null)
      .sort((a, b) => b.resolved_at! - a.resolved_at!)
      .map((r) => r.id);
    expect(resolved[0]).toBe('report-00');
    expect(await all('resolved')).toEqual([resolved.slice(0, 20), resolved.slice(20)]);
    const page = await admin.reports({ state: 'resolved' });
    expect(page.items[0]).toMatchObject({
      resolution: 'dismiss',
      resolvedBy: { username: 'mod' },
      resolvedAt: new Date(epoch + 1500).toISOString(),
      subject: { username: 'alice', openReports: 22 },
    });

    const moderator = { id: c.moderator.id, username: 'mod', role: 'moderator' as const };
    const first = await reportsPage(t.store, moderator, 'open', null);
    const counts = [
      await statementsRunBy(t, () => reportsPage(t.store, moderator, 'open', null)),
      await statementsRunBy(t, () => reportsPage(t.store, moderator, 'open', first.nextCursor)),
      await statementsRunBy(t, () => reportsPage(t.store, moderator, 'resolved', null)),
    ];
    expect(counts).toEqual([1, 1, 1]);
  });

  it('refuses members, a forged cursor, and answers nothing to them', async () => {
    t = await makeTestApp();
    const c = await community(t);
    await reported(c);
    await expect(t.caller(c.bob.token).admin.reports({})).rejects.toMatchObject(
      forbidden(messages.moderatorsOnly),
    );
    await expect(t.caller(c.moderator.token).admin.reports({ cursor: 'bm9wZQ' })).rejects.toMatchObject(
      badRequest('That page cursor is not valid. Start again from the first page.'),
    );
  });
});

describe('admin.resolveReport', () => {
  it('remove deletes the post as its owner would, resolves the reports on it, and logs the excerpt', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const ids = await reported(c);
    const live = listen();
    const view = await t
      .caller(c.moderator.token)
      .admin.resolveReport({ reportId: ids.onPost, action: 'remove', reason: '  rule 1: no spam ' });
    live.stop();
    expect(view).toMatchObject({
      id: ids.onPost,
      target: { kind: 'post', postId: null },
      contentGone: true,
      excerpt: 'Buy cheap watches at example.com',
      resolution: 'remove',
      resolvedBy: { username: 'mod' },
      resolvedAt: expect.any(String),
      subject: { username: 'alice', postCount: 0, openReports: 1 },
    });
    await expect(t.caller(c.bob.token).posts.byId({ postId: c.postId })).rejects.toMatchObject(
      notFound(messages.postNotFound),
    );
    // Its comments, and the notifications about them, went with it, as when Alice deletes it herself.
    expect(await t.sql('select count(*) as n from comments')).toEqual([{ n: 0 }]);
    expect(await t.sql('select count(*) as n from notifications')).toEqual([{ n: 0 }]);
    expect(live.events).toEqual(
      expect.arrayContaining([
        { type: 'post-changed', postId: c.postId, deleted: { createdAt: expect.any(Number) } },
        { type: 'notifications', memberId: c.alice.id },
      ]),
    );
    // The report on its comment resolved with it; the one about Alice herself stays open.
    const queue = await t.caller(c.moderator.token).admin.reports({ state: 'open' });
    expect(queue.items.map((r) => r.id)).toEqual([ids.onMember]);
    const resolved = await t.caller(c.moderator.token).admin.reports({ state: 'resolved' });
    expect(resolved.items.map((r) => [r.id, r.resolution])).toEqual(
      expect.arrayContaining([
        [ids.onPost, 'remove'],
        [ids.onComment, 'remove'],
      ]),
    );
    const log = await t.caller(c.admin.token).admin.log({});
    expect(log.items).toEqual([
      {
        id: expect.any(String),
        actor: 'mod',
        action: 'remove-post',
        subject: 'alice',
        detail: 'Buy cheap watches at example.com',
        reason: 'rule 1: no spam',
        reportId: ids.onPost,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('remove deletes a reported comment with its notification and logs remove-comment', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const report = await t.caller(c.alice.token).reports.create({
      target: { kind: 'comment', postId: c.postId, commentId: c.commentId },
      reason: 'harassment',
    });
    const before = await t.caller(c.alice.token).notifications.list({});
    expect(before.items.map((n) => n.kind)).toEqual(['comment']);
    await t.caller(c.moderator.token).admin.resolveReport({ reportId: report.id, action: 'remove' });
    const card = await t.caller(c.alice.token).posts.byId({ postId: c.postId });
    expect(card.latestComments.map((comment) => comment.id)).toEqual([c.aliceCommentId]);
    expect(card.commentCount).toBe(1);
    expect((await t.caller(c.alice.token).notifications.list({})).items).toEqual([]);
    const log = await t.caller(c.moderator.token).admin.log({});
    expect(log.items[0]).toMatchObject({
      action: 'remove-comment',
      subject: 'bob',
      detail: 'You are all wrong, @alice',
      reportId: report.id,
    });
  });

  it('resolves a report whose content is already gone without deleting anything, and says so', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const ids = await reported(c);
    await t.caller(c.alice.token).posts.delete({ postId: c.postId });
    const view = await t
      .caller(c.moderator.token)
      .admin.resolveReport({ reportId: ids.onPost, action: 'remove' });
    expect(view).toMatchObject({ contentGone: true, resolution: 'remove' });
    const log = await t.caller(c.moderator.token).admin.log({});
    expect(log.items[0]).toMatchObject({
      action: 'remove-post',
      detail: '(already deleted) Buy cheap watches at example.com',
    });
  });

  it('limit and suspend act on the member; suspending resolves the other reports about them', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const ids = await reported(c);
    const second = await t.caller(c.admin.token).reports.create({
      target: { kind: 'member', username: 'alice' },
      reason: 'spam',
    });
    const mod = t.caller(c.moderator.token).admin;
    const limited = await mod.resolveReport({ reportId: ids.onComment, action: 'limit', reason: 'spam' });
    expect(limited.subject.status).toBe('limited');
    expect(limited.resolution).toBe('limit');

    const live = listen();
    const suspended = await mod.resolveReport({ reportId: ids.onMember, action: 'suspend' });
    live.stop();
    expect(suspended.subject).toMatchObject({ status: 'suspended', openReports: 1 });
    expect(live.events).toContainEqual({ type: 'session-ended', memberId: c.alice.id });
    await expect(t.caller(c.alice.token).users.me()).rejects.toMatchObject(forbidden(messages.suspended));
    // The other report about Alice resolved with it; the one about her post is still to be worked.
    const open = await mod.reports({});
    expect(open.items.map((r) => r.id)).toEqual([ids.onPost]);
    const resolved = await mod.reports({ state: 'resolved' });
    expect(resolved.items.find((r) => r.id === second.id)).toMatchObject({ resolution: 'suspend' });

    const log = await mod.log({});
    expect(log.items.map((e) => [e.action, e.subject, e.reportId])).toEqual([
      ['suspend', 'alice', ids.onMember],
      ['limit', 'alice', ids.onComment],
    ]);
  });

  it('dismiss changes nothing but the report, and is logged', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const ids = await reported(c);
    const view = await t
      .caller(c.moderator.token)
      .admin.resolveReport({ reportId: ids.onPost, action: 'dismiss', reason: 'not spam' });
    expect(view).toMatchObject({ resolution: 'dismiss', contentGone: false, subject: { status: 'active' } });
    expect(await t.caller(c.bob.token).posts.byId({ postId: c.postId })).toMatchObject({ id: c.postId });
    const log = await t.caller(c.moderator.token).admin.log({});
    expect(log.items[0]).toMatchObject({
      actor: 'mod',
      action: 'dismiss-report',
      subject: 'alice',
      reason: 'not spam',
      reportId: ids.onPost,
    });
  });

  it('refuses, changing nothing: resolved twice, unknown, remove of a member, a member, a moderator above', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const ids = await reported(c);
    const mod = t.caller(c.moderator.token).admin;
    await mod.resolveReport({ reportId: ids.onPost, action: 'dismiss' });
    await expectRefusedCall(t, () => mod.resolveReport({ reportId: ids.onPost, action: 'remove' }), {
      code: 'CONFLICT',
      message: messages.reportResolved,
    });
    await expectRefusedCall(
      t,
      () => mod.resolveReport({ reportId: 'nope', action: 'dismiss' }),
      notFound(messages.reportNotFound),
    );
    await expectRefusedCall(
      t,
      () => mod.resolveReport({ reportId: ids.onMember, action: 'remove' }),
      badRequest(
        'A report about a member has no content to remove: limit or suspend the member, or dismiss the report.',
      ),
    );
    await expectRefusedCall(
      t,
      () => t.caller(c.bob.token).admin.resolveReport({ reportId: ids.onMember, action: 'dismiss' }),
      forbidden(messages.moderatorsOnly),
    );

    // Reports about a moderator: another moderator may not act on them, nor the moderator themselves.
    const other = await t.member({ username: 'mod2', role: 'moderator' });
    const aboutMod = await t.caller(c.bob.token).reports.create({
      target: { kind: 'member', username: 'mod' },
      reason: 'other',
    });
    await expectRefusedCall(
      t,
      () => t.caller(other.token).admin.resolveReport({ reportId: aboutMod.id, action: 'suspend' }),
      forbidden(messages.notAboveSubject),
    );
    await expectRefusedCall(
      t,
      () => mod.resolveReport({ reportId: aboutMod.id, action: 'dismiss' }),
      badRequest('You cannot resolve a report about yourself.'),
    );
    const rows = await moderationRows(t);
    const byAdmin = await t
      .caller(c.admin.token)
      .admin.resolveReport({ reportId: aboutMod.id, action: 'suspend' });
    expect(byAdmin.subject).toMatchObject({ username: 'mod', status: 'suspended' });
    expect(await moderationRows(t)).not.toEqual(rows);
  });
});
