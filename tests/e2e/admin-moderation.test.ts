import { describe, expect, it } from 'vitest';
import { confirmWithReason, logEntries, reportItem, signedIn, useAdminE2e } from './admin-helpers.js';
import { callTrpc, card as postCard, unique } from './page-helpers.js';

// The reports queue (/admin/reports) and the audit log (/admin/log) on the real server; the
// members who report, are reported and moderate are made with `realm admin` beside it.

const { open, member } = useAdminE2e();

describe('the reports queue', () => {
  // A report's story in one walk: a member reports a post in the app; a moderator removes it and suspends
  // its author, whose open tab stops working at once; the log shows both actions.
  it('a reported post is removed and its author suspended, whose open tab stops at once; one report is dismissed', async () => {
    const author = await member('member', 'Otto', 'Offender');
    const reporter = await member('member', 'Rita', 'Reporter');
    const moderator = await member('moderator', 'Mo', 'Queue');
    const a = await signedIn(open, author);
    const postText = unique('Cheap watches at totally-legit.example');
    const { id: postId } = await callTrpc(a, 'posts.create', { content: postText });
    const other = await callTrpc<{ id: string }>(a, 'posts.create', { content: unique('A plain post') });
    const card = await callTrpc<{ latestComments: { id: string }[] }>(a, 'comments.add', {
      postId: other.id,
      text: unique('You are all fools'),
    });
    const commentId = card.latestComments[0]!.id;

    // The post is reported from its card's menu.
    const r = await signedIn(open, reporter, '/explore');
    await postCard(r.page, postText).getByRole('button', { name: 'More actions for this post' }).click();
    await r.page.getByRole('menuitem', { name: 'Report post' }).click();
    const reportDialog = r.page.getByRole('dialog', { name: 'Report post' });
    await reportDialog.getByRole('radio', { name: 'Spam' }).check();
    await reportDialog.getByLabel('Note (optional)').fill('Every day.');
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await r.page.getByRole('status').getByText('Report sent', { exact: true }).waitFor();
    await callTrpc(r, 'reports.create', {
      target: { kind: 'comment', postId: other.id, commentId },
      reason: 'harassment',
      note: '',
    });
    await callTrpc(r, 'reports.create', {
      target: { kind: 'member', username: author.username },
      reason: 'other',
      note: unique('Just a feeling'),
    });

    const m = await signedIn(open, moderator, '/admin/reports');
    const postReport = reportItem(m.page, 'Open', postText);
    await postReport.waitFor();
    await postReport.getByRole('heading', { name: `A post by @${author.username}` }).waitFor();
    await postReport.getByText('Spam', { exact: true }).waitFor();
    await postReport.getByText('Every day.').waitFor();
    await postReport.getByRole('link', { name: `@${reporter.username}` }).waitFor();
    expect(await postReport.getByRole('link', { name: /^Open the post/ }).getAttribute('href')).toBe(
      `/post/${postId}`,
    );

    await postReport.getByRole('button', { name: 'Remove content' }).click();
    await confirmWithReason(m.page, 'Remove content', 'Remove content', 'Spam link');
    await postReport.waitFor({ state: 'detached' });
    await m.page.getByText('Report resolved: removed the content.').waitFor();

    // Dismissed: nothing changes for the member, who can still be suspended over the comment.
    const memberReport = reportItem(m.page, 'Open', `The member @${author.username}`);
    await memberReport.getByRole('button', { name: 'Dismiss' }).click();
    await confirmWithReason(m.page, 'Dismiss', 'Dismiss', 'Not enough to act on');
    await memberReport.waitFor({ state: 'detached' });

    const commentReport = reportItem(m.page, 'Open', `A comment by @${author.username}`);
    await commentReport.getByText('Active', { exact: true }).waitFor();
    await commentReport.getByRole('button', { name: 'Suspend member' }).click();
    await confirmWithReason(m.page, 'Suspend member', 'Suspend member', 'Insults');
    await commentReport.waitFor({ state: 'detached' });
    // The author's open tab stops at once: its live stream is closed, and refused when it comes back.
    await a.page
      .getByRole('heading', { name: 'Your account is suspended', level: 1 })
      .waitFor({ timeout: 15_000 });
    // The removed post is gone for the reporter too.
    await r.page.reload();
    await r.page.getByRole('article').first().waitFor();
    expect(await postCard(r.page, postText).count()).toBe(0);

    await m.page.getByRole('button', { name: 'Resolved', exact: true }).click();
    const resolved = reportItem(m.page, 'Resolved', postText);
    await resolved.getByText('(removed)').waitFor();
    await resolved.getByText(`Resolved by @${moderator.username}: removed the content`).waitFor();
    await reportItem(m.page, 'Resolved', `A comment by @${author.username}`)
      .getByText(`Resolved by @${moderator.username}: suspended the member`)
      .waitFor();

    await m.page.getByRole('link', { name: 'Log' }).click();
    await logEntries(m.page).first().waitFor();
    const lines = await logEntries(m.page).locator('.admin-entry-line').allTextContents();
    // Newest first: the suspension, the dismissal, the removal; each with its reason.
    expect(lines.slice(0, 3)).toEqual([
      `${moderator.username} suspended ${author.username}`,
      `${moderator.username} dismissed a report about ${author.username}`,
      `${moderator.username} removed a post by ${author.username}`,
    ]);
    await logEntries(m.page).nth(0).getByText('Insults').waitFor();
    await logEntries(m.page).nth(2).getByText('Spam link').waitFor();
    expect(m.errors).toEqual([]);
  });
});

describe('the audit log', () => {
  it('loads 20 entries at a time as the moderator scrolls, newest first', async () => {
    const target = await member('member', 'Lou', 'Looped');
    const admin = await member('admin', 'Ada', 'Logger');
    const p = await signedIn(open, admin);
    for (let i = 0; i < 11; i += 1) {
      await callTrpc(p, 'admin.limit', { username: target.username, reason: `Round ${i}` });
      await callTrpc(p, 'admin.unlimit', { username: target.username, reason: `Round ${i}` });
    }
    await p.page.goto(p.url('/admin/log'));
    const entries = logEntries(p.page);
    await entries.first().waitFor();
    expect(await entries.first().locator('.admin-entry-line').textContent()).toBe(
      `${admin.username} lifted the limit on ${target.username}`,
    );
    await entries.first().getByText('Round 10').waitFor();
    expect(await entries.first().locator('time').getAttribute('title')).toMatch(/\d{4}/);
    expect(await entries.count()).toBe(20);
    // Scrolling down loads the next pages until the first entry ever written.
    const end = p.page.getByText('The log begins here.');
    for (let i = 0; i < 10 && !(await end.isVisible()); i += 1) {
      await p.page.mouse.wheel(0, 100_000);
      await p.page.waitForTimeout(300);
    }
    await end.waitFor();
    expect(await entries.count()).toBeGreaterThanOrEqual(22);
    expect(p.errors).toEqual([]);
  });
});
