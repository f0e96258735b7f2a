import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { auditPage, membersPage } from '../../src/server/domain/moderation.js';
import type { Actor } from '../../src/server/domain/auth.js';
import { community, expectRefusedCall, forbidden, notFound } from '../helpers/moderation.js';
import { epoch, insertRows } from '../helpers/rows.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The admin screens: the members list (search by the start of a username, whatever its case; a
// status), content removed without a report, and the audit log; pages of 20, each a fixed few statements.

let t: TestApp;
afterEach(() => t?.close());

type Page<T> = { items: T[]; nextCursor: string | null };

async function everyPage<T>(read: (cursor: string | null) => Promise<Page<T>>): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const page = await read(cursor);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

const member = (i: number, fields: Record<string, unknown> = {}) => ({
  id: `user-${String(i).padStart(3, '0')}`,
  username: `User${String(i).padStart(3, '0')}`,
  username_key: `user${String(i).padStart(3, '0')}`,
  password_hash: 'x',
  created_at: epoch + i,
  updated_at: epoch + i,
  status: 'active',
  limited_at: null,
  ...fields,
});

describe('admin.members', () => {
  it('finds usernames by their start without regard to case, 20 a page, in one statement a page', async () => {
    t = await makeTestApp();
    const mod = await t.member({ username: 'mod', role: 'moderator' });
    await insertRows(t, 'users', [
      ...Array.from({ length: 45 }, (_, i) => member(i)),
      member(100, { username: 'ÅSA', username_key: 'åsa' }),
      member(101, { username: 'ann@example.org', username_key: 'ann@example.org' }),
      member(102, { username: 'Anna', username_key: 'anna' }),
      member(103, { username: 'bann', username_key: 'bann' }),
    ]);
    const admin = t.caller(mod.token).admin;
    const names = async (query: string, status?: 'pending' | 'limited') =>
      (await everyPage((cursor) => admin.members({ query, status, cursor }))).map((page) =>
        page.map((m) => m.username),
      );
    const users = Array.from({ length: 45 }, (_, i) => `User${String(i).padStart(3, '0')}`);
    expect(await names('USER')).toEqual([users.slice(0, 20), users.slice(20, 40), users.slice(40)]);
    expect(await names('user04')).toEqual([['User040', 'User041', 'User042', 'User043', 'User044']]);
    expect(await names('ANN')).toEqual([['ann@example.org', 'Anna']]);
    expect(await names('ann@')).toEqual([['ann@example.org']]);
    expect(await names('å')).toEqual([['ÅSA']]);
    expect(await names('nobody')).toEqual([[]]);

    const actor: Actor = { id: mod.id, username: 'mod', role: 'moderator' };
    const first = await membersPage(t.store, actor, { query: 'user' });
    expect(first.items[0]).toEqual({
      id: 'user-000',
      username: 'User000',
      firstName: '',
      lastName: '',
      profilePic: '',
      role: 'member',
      status: 'active',
      createdAt: new Date(epoch).toISOString(),
      postCount: 0,
      openReports: 0,
    });
    const counts = [
      await statementsRunBy(t, () => membersPage(t.store, actor, { query: 'user' })),
      await statementsRunBy(t, () =>
        membersPage(t.store, actor, { query: 'user', cursor: first.nextCursor }),
      ),
      await statementsRunBy(t, () => membersPage(t.store, actor, { query: '', status: 'pending' })),
      await statementsRunBy(t, () => membersPage(t.store, actor, { query: '' })),
    ];
    expect(counts).toEqual([1, 1, 1, 1]);
  });

  it('lists everyone newest first, or those of one status, alone or with a search', async () => {
    t = await makeTestApp();
    const mod = await t.member({ username: 'mod', role: 'moderator', createdAt: epoch - 1 });
    await insertRows(t, 'users', [
      ...Array.from({ length: 25 }, (_, i) => member(i, { status: 'pending' })),
      member(50, { username: 'sus', username_key: 'sus', status: 'suspended', limited_at: epoch }),
      member(51, { username: 'lim', username_key: 'lim', limited_at: epoch }),
      member(52, { username: 'act', username_key: 'act' }),
    ]);
    const admin = t.caller(mod.token).admin;
    const names = async (status?: 'active' | 'pending' | 'limited' | 'suspended', query = '') =>
      (await everyPage((cursor) => admin.members({ query, status, cursor }))).flat().map((m) => m.username);
    const pending = Array.from({ length: 25 }, (_, i) => `User${String(24 - i).padStart(3, '0')}`);
    expect(await names('pending')).toEqual(pending);
    expect(await names()).toEqual(['act', 'lim', 'sus', ...pending, 'mod']);
    expect(await names('active')).toEqual(['act', 'mod']);
    expect(await names('limited')).toEqual(['lim']);
    expect(await names('suspended')).toEqual(['sus']);
    expect(await names('pending', 'user02')).toEqual(['User020', 'User021', 'User022', 'User023', 'User024']);
    expect(await names('active', 'user')).toEqual([]);
    const [sus] = (await admin.members({ query: 'sus' })).items;
    expect(sus).toMatchObject({ status: 'suspended' });
    await expect(admin.members({ query: '', cursor: 'W10' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses members', async () => {
    t = await makeTestApp();
    const bob = await t.member();
    await expect(t.caller(bob.token).admin.members({})).rejects.toMatchObject(
      forbidden(messages.moderatorsOnly),
    );
    await expect(t.caller(bob.token).admin.log({})).rejects.toMatchObject(forbidden(messages.moderatorsOnly));
  });
});

describe('admin.removeContent', () => {
  it('removes a post or a comment without a report, resolving the reports on it, and logs it', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const onComment = await t.caller(c.bob.token).reports.create({
      target: { kind: 'comment', postId: c.postId, commentId: c.aliceCommentId },
      reason: 'spam',
    });
    const mod = t.caller(c.moderator.token).admin;
    const comment = { kind: 'comment', postId: c.postId, commentId: c.aliceCommentId } as const;
    expect(await mod.removeContent({ ...comment, reason: 'spam' })).toEqual({ ok: true });
    expect((await mod.reports({ state: 'resolved' })).items).toMatchObject([
      { id: onComment.id, resolution: 'remove', contentGone: true },
    ]);
    expect(await mod.removeContent({ kind: 'post', postId: c.postId })).toEqual({ ok: true });
    await expect(t.caller().posts.byId({ postId: c.postId })).rejects.toMatchObject(
      notFound(messages.postNotFound),
    );
    expect(
      (await mod.log({})).items.map((e) => [e.action, e.subject, e.detail, e.reason, e.reportId]),
    ).toEqual([
      ['remove-post', 'alice', 'Buy cheap watches at example.com', '', null],
      ['remove-comment', 'alice', 'Spam reply', 'spam', null],
    ]);
  });

  it('refuses unknown content, a member, and content of a moderator, changing nothing', async () => {
    t = await makeTestApp();
    const c = await community(t);
    const mod = t.caller(c.moderator.token).admin;
    await expectRefusedCall(
      t,
      () => mod.removeContent({ kind: 'post', postId: 'nope' }),
      notFound(messages.postNotFound),
    );
    await expectRefusedCall(
      t,
      () => mod.removeContent({ kind: 'comment', postId: 'nope', commentId: c.commentId }),
      notFound(messages.postNotFound),
    );
    await expectRefusedCall(
      t,
      () => mod.removeContent({ kind: 'comment', postId: c.postId, commentId: 'nope' }),
      notFound(messages.commentNotFound),
    );
    await expectRefusedCall(
      t,
      () => t.caller(c.bob.token).admin.removeContent({ kind: 'post', postId: c.postId }),
      forbidden(messages.moderatorsOnly),
    );
    const { id } = await t.caller(c.admin.token).posts.create({ content: 'from the admin' });
    await expectRefusedCall(
      t,
      () => mod.removeContent({ kind: 'post', postId: id }),
      forbidden(messages.notAboveSubject),
    );
  });
});

describe('admin.log', () => {
  it('pages the audit log newest first, 20 a page, in one statement a page', async () => {
    t = await makeTestApp();
    const mod = await t.member({ username: 'mod', role: 'moderator' });
    await insertRows(
      t,
      'audit_log',
      Array.from({ length: 45 }, (_, i) => ({
        id: `entry-${String(i).padStart(2, '0')}`,
        actor_id: mod.id,
        actor_name: 'mod',
        action: 'limit',
        subject_name: 'someone',
        reason: `reason ${i}`,
        created_at: epoch + i,
      })),
    );
    const pages = await everyPage((cursor) => t.caller(mod.token).admin.log({ cursor }));
    const ids = Array.from({ length: 45 }, (_, i) => `entry-${String(44 - i).padStart(2, '0')}`);
    expect(pages.map((page) => page.map((e) => e.id))).toEqual([
      ids.slice(0, 20),
      ids.slice(20, 40),
      ids.slice(40),
    ]);
    expect(pages[0]![0]).toEqual({
      id: 'entry-44',
      actor: 'mod',
      action: 'limit',
      subject: 'someone',
      detail: '',
      reason: 'reason 44',
      reportId: null,
      createdAt: new Date(epoch + 44).toISOString(),
    });
    const actor: Actor = { id: mod.id, username: 'mod', role: 'moderator' };
    const first = await auditPage(t.store, actor, null);
    const counts = [
      await statementsRunBy(t, () => auditPage(t.store, actor, null)),
      await statementsRunBy(t, () => auditPage(t.store, actor, first.nextCursor)),
    ];
    expect(counts).toEqual([1, 1]);
  });
});
