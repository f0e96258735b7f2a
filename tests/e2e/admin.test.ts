import { describe, expect, it } from 'vitest';
import {
  confirmWithReason,
  logEntries,
  memberRow,
  signedIn,
  signUpByApi,
  useAdminE2e,
} from './admin-helpers.js';
import { expectAccessible, signUp } from './harness.js';
import { callTrpc, unique } from './page-helpers.js';

// Who may open the admin screens, members, instance settings, and axe on all four tabs, on the
// real server; moderators and admins are made with `realm admin` beside it.

const { open, member } = useAdminE2e();

/**
 * Searches the members list and waits for the search's own answer: the list keeps showing the previous one
 * meanwhile, and acting on a row then would race the answer that replaces it.
 */
const search = async (p: Awaited<ReturnType<typeof open>>, username: string) => {
  const answered = p.page.waitForResponse(
    (r) => r.url().includes('admin.members') && decodeURIComponent(r.url()).includes(username) && r.ok(),
  );
  await p.page.getByLabel('Search by username').fill(username);
  await answered;
  await memberRow(p.page, username).waitFor();
};

describe('who may open the admin screens', () => {
  it('a member is told they are for moderators and admins, with the way home', async () => {
    const p = await open();
    await signUp(p, 'Mina', 'Member');
    for (const path of ['/admin', '/admin/reports', '/admin/log', '/admin/settings']) {
      await p.page.goto(p.url(path));
      await p.page.getByText('This page is for moderators and admins.').waitFor();
      expect(await p.page.getByRole('navigation', { name: 'Administration' }).count()).toBe(0);
    }
    await expectAccessible(p.page, 'refused /admin');
    await p.page.getByRole('link', { name: 'Go home' }).click();
    await p.page.waitForURL(p.url('/'));
    expect(p.errors).toEqual([]);
  });

  it('a moderator has every tab but Settings, which is for admins', async () => {
    const p = await signedIn(open, await member('moderator', 'Moe', 'Derator'), '/admin');
    const tabs = p.page.getByRole('navigation', { name: 'Administration' });
    await tabs.getByRole('link', { name: 'Members' }).waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Members', 'Reports', 'Log']);
    expect(await tabs.getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Log' }).click();
    expect(await tabs.getByRole('link', { name: 'Log' }).getAttribute('aria-current')).toBe('page');
    await p.page.goto(p.url('/admin/settings'));
    await p.page.getByText('This page is for admins.').waitFor();
    expect(p.errors).toEqual([]);
  });
});

describe('members', () => {
  it('an admin finds a member, limits, suspends and unsuspends them, and makes them a moderator', async () => {
    const target = await member('member', 'Tara', 'Target');
    const admin = await member('admin', 'Ada', 'Admin');
    const p = await signedIn(open, admin, '/admin');
    await search(p, target.username);
    const row = memberRow(p.page, target.username);
    expect(await row.getByRole('link', { name: `@${target.username}` }).getAttribute('href')).toBe(
      `/profile/${encodeURIComponent(target.username)}`,
    );
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Limit @${target.username}`, exact: true }).click();
    await confirmWithReason(p.page, `Limit @${target.username}`, 'Limit', 'Posting the same link everywhere');
    await row.getByText('Limited', { exact: true }).waitFor();
    await p.page.getByText(`Limited @${target.username}.`).waitFor();
    // Focus stays on the button that changed, now the way back.
    await expect
      .poll(() => p.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Unlimit @${target.username}`);
    await row.getByRole('button', { name: `Unlimit @${target.username}`, exact: true }).click();
    await confirmWithReason(p.page, `Unlimit @${target.username}`, 'Unlimit', '');
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Suspend @${target.username}`, exact: true }).click();
    await confirmWithReason(p.page, `Suspend @${target.username}`, 'Suspend', 'Spam after a warning');
    await row.getByText('Suspended', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Limit @${target.username}`, exact: true }).count()).toBe(0);

    // The status filter finds them among the suspended, and not among the active.
    await p.page.getByLabel('Status').selectOption('suspended');
    await row.waitFor();
    await p.page.getByLabel('Status').selectOption('active');
    await p.page.getByText('No member matches.').waitFor();
    await p.page.getByLabel('Status').selectOption('');
    await row.waitFor();

    await row.getByRole('button', { name: `Unsuspend @${target.username}`, exact: true }).click();
    await confirmWithReason(p.page, `Unsuspend @${target.username}`, 'Unsuspend', '');
    await row.getByRole('button', { name: `Suspend @${target.username}`, exact: true }).waitFor();

    // Choosing a role in the select changes nothing until its button is pressed.
    await row.getByLabel(`Role of @${target.username}`).selectOption('moderator');
    await row
      .getByRole('button', { name: `Change role of @${target.username} to moderator`, exact: true })
      .click();
    await confirmWithReason(p.page, `Change @${target.username}'s role`, 'Change role', 'Helps with spam');
    await p.page.getByText(`@${target.username} is now a moderator.`).waitFor();
    expect(await row.getByLabel(`Role of @${target.username}`).inputValue()).toBe('moderator');

    // Each change is in the log, newest first, with its reason.
    await p.page.getByRole('link', { name: 'Log' }).click();
    const entries = logEntries(p.page);
    await entries.first().waitFor();
    const lines = await entries.locator('.admin-entry-line').allTextContents();
    expect(lines.slice(0, 5)).toEqual([
      `${admin.username} changed the role of ${target.username} to moderator`,
      `${admin.username} unsuspended ${target.username}`,
      `${admin.username} suspended ${target.username}`,
      `${admin.username} lifted the limit on ${target.username}`,
      `${admin.username} limited ${target.username}`,
    ]);
    await entries.nth(0).getByText('Helps with spam').waitFor();
    await entries.nth(2).getByText('Spam after a warning').waitFor();
    expect(p.errors).toEqual([]);
  });

  it('an answer read before an action does not undo it on screen', async () => {
    const target = await member('member', 'Rae', 'Racing');
    const admin = await member('admin', 'Ada', 'Racer');
    const p = await signedIn(open, admin, '/admin');
    const row = memberRow(p.page, target.username);
    await row.getByText('Active', { exact: true }).waitFor();

    // The search's answer is read at once (the member still active) and held back until after the limit.
    const isSearch = (url: URL) =>
      url.pathname.includes('admin.members') && decodeURIComponent(url.search).includes(target.username);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let delivered: Promise<unknown> = Promise.resolve();
    let first = true;
    await p.page.route(isSearch, async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      delivered = held.then(() => route.fulfill({ response }).catch(() => 'aborted by the read again'));
      await delivered;
    });
    const searched = p.page.waitForRequest((request) => isSearch(new URL(request.url())));
    await p.page.getByLabel('Search by username').fill(target.username);
    await searched;

    // The row on screen is the previous answer's: the limit shows on it at once.
    await row.getByRole('button', { name: `Limit @${target.username}`, exact: true }).click();
    await confirmWithReason(p.page, `Limit @${target.username}`, 'Limit', 'Racing the search');
    await row.getByText('Limited', { exact: true }).waitFor();

    // The answer read before the limit arrives, and the list settles: the row still says Limited.
    release();
    await delivered;
    await p.page
      .locator('[aria-busy="false"]')
      .filter({ has: p.page.getByRole('list', { name: 'Members' }) })
      .waitFor();
    await p.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
    );
    expect(await row.getByText('Limited', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Active', { exact: true }).count()).toBe(0);
    expect(p.errors).toEqual([]);
  });

  it('under approval, a newcomer waits in the Pending filter until a moderator approves them', async () => {
    const admin = await member('admin', 'Ada', 'Approver');
    const moderator = await member('moderator', 'Moe', 'Approver');
    const a = await signedIn(open, admin, '/admin/settings');
    await a.page.getByLabel('Approval', { exact: true }).check();
    await a.page.getByRole('button', { name: 'Save settings' }).click();
    await a.page.getByText('The instance settings are saved.').waitFor();

    const newcomer = { username: `e2e_newcomer_${Date.now().toString(36)}`, password: 'e2e-password-new' };
    try {
      await signUpByApi(await open(), newcomer, 'Nell');
      const m = await signedIn(open, moderator, '/admin');
      await m.page.getByLabel('Status').selectOption('pending');
      await search(m, newcomer.username);
      const row = memberRow(m.page, newcomer.username);
      await row.getByText('Pending', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Approve @${newcomer.username}`, exact: true }).click();
      await confirmWithReason(m.page, `Approve @${newcomer.username}`, 'Approve', 'Introduced themselves');
      await row.getByText('Active', { exact: true }).waitFor();
      // The Approve button is gone: focus is on the row, not lost.
      await expect
        .poll(() => m.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`@${newcomer.username}`);
      expect(m.errors).toEqual([]);
    } finally {
      // The other tests sign up through the signup screen, which needs open registration.
      await a.page.getByLabel('Open', { exact: true }).check();
      const saved = a.page.waitForResponse((r) => r.url().includes('/trpc/instance.update') && r.ok());
      await a.page.getByRole('button', { name: 'Save settings' }).click();
      await saved;
    }
  });
});

describe('instance settings', () => {
  it('an admin changes the name, description, rules and invites; a wrong field is said beside it', async () => {
    const p = await signedIn(open, await member('admin', 'Ada', 'Settler'), '/admin/settings');
    const name = p.page.getByLabel('Instance name');
    await name.fill('');
    await p.page.getByRole('button', { name: 'Save settings' }).click();
    await p.page.getByText('Instance name must be 1 to 60 characters.').waitFor();
    expect(await p.page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');

    await name.fill('Realm of Tests');
    await p.page.getByLabel('Description').fill('A small place for e2e tests.');
    await p.page.getByLabel('Rules').fill('Be kind\n\n  No spam  \n');
    await p.page.getByLabel('Members may create invite codes').check();
    await p.page.getByRole('button', { name: 'Save settings' }).click();
    await p.page.getByText('The instance settings are saved.').waitFor();
    expect(await p.page.getByLabel('Rules').inputValue()).toBe('Be kind\nNo spam');

    await p.page.reload();
    await p.page.getByRole('button', { name: 'Save settings' }).waitFor();
    expect(await p.page.getByLabel('Instance name').inputValue()).toBe('Realm of Tests');
    expect(await p.page.getByLabel('Description').inputValue()).toBe('A small place for e2e tests.');
    expect(await p.page.getByLabel('Members may create invite codes').isChecked()).toBe(true);
    expect(await p.page.getByLabel('Open', { exact: true }).isChecked()).toBe(true);

    await p.page.getByRole('link', { name: 'Log' }).click();
    await logEntries(p.page).first().getByText('changed the instance settings').waitFor();
    expect(p.errors).toEqual([]);
  });
});

describe('accessibility', () => {
  it('axe finds no serious or critical violation on the four tabs at 390 and 1280 px, light and dark', async () => {
    const author = await member('member', 'Axel', 'Author');
    const admin = await member('admin', 'Ada', 'Axe');
    const a = await signedIn(open, author);
    const { id: postId } = await callTrpc(a, 'posts.create', {
      content: unique('Reported for the axe check'),
    });
    const p = await signedIn(open, admin);
    await callTrpc(p, 'reports.create', { target: { kind: 'post', postId }, reason: 'spam', note: 'Axe' });

    const screens = [
      { path: '/admin', ready: () => p.page.getByRole('list', { name: 'Members' }) },
      { path: '/admin/reports', ready: () => p.page.getByRole('list', { name: 'Open reports' }) },
      { path: '/admin/log', ready: () => p.page.getByRole('list', { name: 'Audit log, newest first' }) },
      { path: '/admin/settings', ready: () => p.page.getByRole('button', { name: 'Save settings' }) },
    ];
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await p.page.setViewportSize({ width, height });
        await p.page.emulateMedia({ colorScheme });
        for (const screen of screens) {
          const label = `${screen.path} at ${width}px ${colorScheme}`;
          await p.page.goto(p.url(screen.path));
          await screen.ready().waitFor();
          await expectAccessible(p.page, label);
          const sideways = await p.page.evaluate(
            () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
          );
          expect(sideways, `${label} scrolls sideways`).toBe(false);
        }
      }
    }
    // And a reason dialog, open.
    await p.page.goto(p.url('/admin/reports'));
    await p.page.getByRole('button', { name: 'Dismiss' }).first().click();
    await p.page.getByRole('dialog', { name: 'Dismiss' }).waitFor();
    expect(await p.page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await expectAccessible(p.page, 'the reason dialog');
    await p.page.keyboard.press('Escape');
    await p.page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(p.errors).toEqual([]);
  });
});
