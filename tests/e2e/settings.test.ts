import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAccessible, logIn } from './harness.js';
import { callTrpc, card, unique } from './page-helpers.js';
import {
  goToSettings,
  newAdmin,
  newMember,
  openAccountMenu,
  profileUrl,
  section,
  toast,
  unexpectedErrors,
  useCommunity,
} from './community-helpers.js';

// In a real browser: /settings (password, sessions, blocked and muted members, invites, export,
// deletion), and block, mute and report from a profile, a post card and a comment.

// Its tests sign up and log in more than the 25 attempts per 5 minutes one address may make
// (docs/security.md): rate limits are tested elsewhere, so this instance runs without them.
const c = useCommunity({ REALM_RATE_LIMIT: 'off' });

const sessionEnded = 'Your session has ended. Please log in again.';

describe('the password', () => {
  it('changes with the current one, keeps this tab signed in and ends the other browser’s session', async () => {
    const a = await newMember(c, 'Pat', 'Word');
    const other = await c.open();
    await logIn(other, a);
    await other.page.getByText('Your feed is empty.', { exact: false }).waitFor();

    await goToSettings(a.p);
    const password = section(a.p.page, 'Password');
    const submit = password.getByRole('button', { name: 'Change password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await password.getByLabel('Confirm new password').fill('a-different-password');
    await submit.click();
    await password
      .getByRole('alert')
      .filter({ hasText: 'The new password and its confirmation differ.' })
      .waitFor();

    await password.getByLabel('Confirm new password').fill('a-brand-new-password');
    await submit.click();
    await password.getByRole('alert').filter({ hasText: 'The current password is not correct.' }).waitFor();
    expect(a.p.page.url()).toBe(a.p.url('/settings')); // a wrong password never ends the session

    await password.getByLabel('Current password').fill(a.password);
    await submit.click();
    await toast(a.p.page, 'Password changed. Your other sessions have been signed out.').waitFor();
    expect(await password.getByLabel('Current password').inputValue()).toBe('');

    // The other browser's live stream is closed and refused: it is signed out without doing anything.
    await other.page.waitForURL(other.url('/auth'), { timeout: 15_000 });
    await other.page.getByText(sessionEnded, { exact: true }).waitFor();

    // This tab kept a working token: it still reads its pages, after a reload too.
    await a.p.page.reload();
    await a.p.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await a.p.page.getByRole('link', { name: 'NewsFeed' }).click();
    await a.p.page.getByText('Your feed is empty.', { exact: false }).waitFor();

    // The old password is gone, the new one works.
    await other.page.getByLabel('Email').fill(a.username);
    await other.page.getByLabel('Password').fill(a.password);
    await other.page.getByRole('button', { name: 'Login to your account' }).click();
    await other.page.getByRole('alert').filter({ hasText: 'Wrong crediential' }).waitFor();
    await logIn(other, { username: a.username, password: 'a-brand-new-password' });
    expect(unexpectedErrors(a.p.errors, [400, 401, 403])).toEqual([]);
    expect(unexpectedErrors(other.errors, [401])).toEqual([]);
  });

  it('says what is wrong with a new password before asking the server', async () => {
    const a = await newMember(c);
    await goToSettings(a.p);
    const password = section(a.p.page, 'Password');
    await password.getByLabel('Current password').fill(a.password);
    // The browser's own minlength check is skipped, so the shared schema's message is what shows.
    await password.locator('form').evaluate((form) => form.setAttribute('novalidate', ''));
    await password.getByLabel('New password', { exact: true }).fill('short');
    await password.getByLabel('Confirm new password').fill('short');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByRole('alert').filter({ hasText: 'Password must be 8 to 128 characters.' }).waitFor();
    expect(a.p.errors).toEqual([]);
  });
});

describe('signing out everywhere', () => {
  it('asks first, then signs out this tab and every other', async () => {
    const a = await newMember(c, 'Evan', 'Where');
    const other = await c.open();
    await logIn(other, a);

    await goToSettings(a.p);
    await section(a.p.page, 'Sessions').getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = a.p.page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(a.p.page.url()).toBe(a.p.url('/settings'));

    await section(a.p.page, 'Sessions').getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await a.p.page.waitForURL(a.p.url('/auth'));
    await toast(a.p.page, 'You have been signed out everywhere.').waitFor();
    // A deliberate sign-out: no "session ended" notice here.
    expect(await a.p.page.getByText(sessionEnded).count()).toBe(0);
    await other.page.waitForURL(other.url('/auth'), { timeout: 15_000 });
    await other.page.getByText(sessionEnded, { exact: true }).waitFor();

    await logIn(a.p, a); // the password still works
    expect(unexpectedErrors(a.p.errors, [401])).toEqual([]);
    expect(unexpectedErrors(other.errors, [401])).toEqual([]);
  });
});

describe('block and mute', () => {
  it('mutes from a profile, hides the member’s posts from me alone, and unmutes in settings', async () => {
    const loud = await newMember(c, 'Lou', 'Dly');
    const text = unique('A loud post');
    await callTrpc(loud.p, 'posts.create', { content: text });
    const me = await newMember(c, 'Mia', 'Muter');

    await me.p.page.goto(me.p.url(profileUrl(loud.username)));
    await card(me.p.page, text).waitFor();
    await me.p.page.getByRole('button', { name: `More actions for @${loud.username}` }).click();
    await me.p.page.getByRole('menuitem', { name: 'Mute', exact: true }).click();
    await toast(me.p.page, `Muted @${loud.username}`).waitFor();
    await me.p.page.getByText(`You muted @${loud.username}`, { exact: false }).waitFor();

    await me.p.page.getByRole('link', { name: 'Explore' }).click();
    await me.p.page.getByRole('article').first().waitFor();
    expect(await card(me.p.page, text).count()).toBe(0);
    // They notice nothing: their post is where it was for everyone else.
    await loud.p.page.goto(loud.p.url('/explore'));
    await card(loud.p.page, text).waitFor();

    await goToSettings(me.p);
    const muted = section(me.p.page, 'Muted members');
    await muted.getByRole('link', { name: new RegExp(`@${loud.username}`) }).waitFor();
    await muted.getByRole('button', { name: `Unmute @${loud.username}` }).click();
    await muted.getByText('You have not muted anyone.', { exact: true }).waitFor();
    await me.p.page.getByRole('link', { name: 'Explore' }).click();
    await card(me.p.page, text).waitFor();
    expect(me.p.errors).toEqual([]);
  });

  it('blocks from a profile after asking: neither sees the other, follows go; unblocks in settings', async () => {
    const them = await newMember(c, 'Bo', 'Blocked');
    const theirs = unique('Their post');
    await callTrpc(them.p, 'posts.create', { content: theirs });
    const me = await newMember(c, 'Bea', 'Blocker');
    const mine = unique('My post');
    await callTrpc(me.p, 'posts.create', { content: mine });

    await me.p.page.goto(me.p.url(profileUrl(them.username)));
    await me.p.page.getByRole('button', { name: `Follow @${them.username}` }).click();
    await me.p.page.getByRole('button', { name: `Unfollow @${them.username}` }).waitFor();
    await me.p.page.getByRole('button', { name: `More actions for @${them.username}` }).click();
    await me.p.page.getByRole('menuitem', { name: 'Block', exact: true }).click();
    const dialog = me.p.page.getByRole('dialog', { name: `Block @${them.username}?` });
    await me.p.page.keyboard.press('Escape'); // Escape closes it and nothing happens
    await dialog.waitFor({ state: 'detached' });
    await me.p.page.getByRole('button', { name: `More actions for @${them.username}` }).click();
    await me.p.page.getByRole('menuitem', { name: 'Block', exact: true }).click();
    await dialog.getByRole('button', { name: 'Block' }).click();
    await toast(me.p.page, `Blocked @${them.username}`).waitFor();
    await me.p.page.getByText(`You blocked @${them.username}`, { exact: false }).waitFor();
    // The follow is gone, and cannot come back while the block stands.
    expect(await me.p.page.getByRole('button', { name: /^(Un)?[Ff]ollow @/ }).count()).toBe(0);
    await expect.poll(() => card(me.p.page, theirs).count()).toBe(0);

    for (const [p, hidden] of [
      [me.p, theirs],
      [them.p, mine],
    ] as const) {
      await p.page.goto(p.url('/explore'));
      await p.page.getByRole('article').first().waitFor();
      expect(await card(p.page, hidden).count()).toBe(0);
    }

    await goToSettings(me.p);
    const blocked = section(me.p.page, 'Blocked members');
    await blocked.getByRole('button', { name: `Unblock @${them.username}` }).click();
    await toast(me.p.page, `Unblocked @${them.username}`).waitFor();
    await blocked.getByText('You have not blocked anyone.', { exact: true }).waitFor();
    await me.p.page.goto(me.p.url('/explore'));
    await card(me.p.page, theirs).waitFor();
    expect(unexpectedErrors(me.p.errors, [403, 404])).toEqual([]);
    expect(unexpectedErrors(them.p.errors, [403, 404])).toEqual([]);
  });
});

describe('reports', () => {
  it('reports a post, a comment and a member with a reason and a note', async () => {
    const author = await newMember(c, 'Spam', 'Mer');
    const text = unique('Buy followers now');
    const { id: postId } = await callTrpc(author.p, 'posts.create', { content: text });
    const said = unique('Cheap followers here');
    await callTrpc(author.p, 'comments.add', { postId, text: said });
    const me = await newMember(c, 'Rae', 'Porter');

    // A post, from its card's menu; Send waits for a reason; Escape closes and gives focus back.
    await me.p.page.goto(me.p.url('/explore'));
    const post = card(me.p.page, text);
    const options = post.getByRole('button', { name: 'More actions for this post' });
    await options.click();
    await me.p.page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = me.p.page.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('radio', { name: 'Spam' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Send report' }).isDisabled()).toBe(true);
    await expectAccessible(me.p.page, 'report dialog');
    await me.p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => options.evaluate((button) => button === document.activeElement)).toBe(true);

    await options.click();
    await me.p.page.getByRole('menuitem', { name: 'Report post' }).click();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Note (optional)').fill('Posted ten times today.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(me.p.page, 'Report sent').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A comment, on the post's page.
    await me.p.page.goto(me.p.url(`/post/${postId}`));
    await me.p.page.getByRole('button', { name: `Report comment by @${author.username}` }).click();
    const commentDialog = me.p.page.getByRole('dialog', { name: 'Report comment' });
    await commentDialog.getByRole('radio', { name: 'Harassment' }).check();
    await commentDialog.getByRole('button', { name: 'Send report' }).click();
    await toast(me.p.page, 'Report sent').waitFor();

    // A member, from their profile.
    await me.p.page.goto(me.p.url(profileUrl(author.username)));
    await me.p.page.getByRole('button', { name: `More actions for @${author.username}` }).click();
    await me.p.page.getByRole('menuitem', { name: 'Report', exact: true }).click();
    const memberDialog = me.p.page.getByRole('dialog', { name: 'Report member' });
    await memberDialog.getByRole('radio', { name: 'Something else' }).check();
    await memberDialog.getByRole('button', { name: 'Send report' }).click();
    await toast(me.p.page, 'Report sent').waitFor();

    // My own post and comment offer no Report.
    await author.p.page.goto(author.p.url(`/post/${postId}`));
    await card(author.p.page, text).waitFor();
    expect(await author.p.page.getByRole('button', { name: /^Report/ }).count()).toBe(0);
    expect(me.p.errors).toEqual([]);
  });
});

describe('invites', () => {
  it('are offered to admins, who create, copy and revoke them; a member without the right sees none', async () => {
    const member = await newMember(c);
    await goToSettings(member.p);
    await section(member.p.page, 'Password').waitFor();
    expect(await section(member.p.page, 'Invites').count()).toBe(0);
    expect(
      await (await openAccountMenu(member.p.page)).getByRole('menuitem', { name: 'Admin' }).count(),
    ).toBe(0);

    const admin = await newAdmin(c);
    await (await openAccountMenu(admin.p.page)).getByRole('menuitem', { name: 'Admin' }).waitFor();
    await admin.p.page.keyboard.press('Escape');
    await goToSettings(admin.p);
    const invites = section(admin.p.page, 'Invites');
    await invites.getByLabel('Expires after').selectOption({ label: 'Never' });
    await invites.getByLabel('Number of uses').selectOption({ label: 'No limit' });
    await invites.getByRole('button', { name: 'Create invite' }).click();
    const item = invites.getByRole('list', { name: 'Your invites' }).getByRole('listitem').first();
    await item.getByText('Usable', { exact: true }).waitFor();
    await item.getByText(/never expires/).waitFor();
    const code = (await item.locator('code').textContent()) ?? '';
    expect(code).not.toBe('');
    const link = await item.getByLabel(`Invite link for ${code}`).inputValue();
    expect(link).toBe(admin.p.url(`/signup?invite=${encodeURIComponent(code)}`));

    await admin.p.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await item.getByRole('button', { name: `Copy link of invite ${code}` }).click();
    await toast(admin.p.page, 'Invite link copied').waitFor();
    expect(await admin.p.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await item.getByRole('button', { name: `Revoke invite ${code}` }).click();
    await expect
      .poll(
        async () =>
          (await invites.getByText(code, { exact: true }).count()) === 0 ||
          (await item.getByText('Usable', { exact: true }).count()) === 0,
      )
      .toBe(true);
    expect(admin.p.errors).toEqual([]);
  });
});

describe('my data', () => {
  it('exports as a JSON file, then deletes the account with the password', async () => {
    const a = await newMember(c, 'Dee', 'Parting');
    const text = unique('My last post');
    await callTrpc(a.p, 'posts.create', { content: text });
    await goToSettings(a.p);

    const [download] = await Promise.all([
      a.p.page.waitForEvent('download'),
      section(a.p.page, 'Your data').getByRole('button', { name: 'Export my data' }).click(),
    ]);
    const day = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`realm-${a.username}-${day}.json`);
    const archive = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(archive.profile).toMatchObject({ username: a.username, firstName: 'Dee', lastName: 'Parting' });
    expect(archive.posts.map((post: { content: string }) => post.content)).toEqual([text]);
    expect(JSON.stringify(archive)).not.toMatch(/password|hash/i);
    await toast(a.p.page, 'Your data was downloaded.').waitFor();

    await section(a.p.page, 'Delete account').getByRole('button', { name: 'Delete account' }).click();
    const dialog = a.p.page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The password is not correct, so the account was not deleted.' })
      .waitFor();
    expect(a.p.page.url()).toBe(a.p.url('/settings'));

    await dialog.getByLabel('Your password').fill(a.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await a.p.page.waitForURL(a.p.url('/auth'));
    await toast(a.p.page, 'Your account was deleted.').waitFor();

    // Gone: the login fails, and the username is free again.
    await a.p.page.getByLabel('Email').fill(a.username);
    await a.p.page.getByLabel('Password').fill(a.password);
    await a.p.page.getByRole('button', { name: 'Login to your account' }).click();
    await a.p.page.getByRole('alert').filter({ hasText: 'Wrong crediential' }).waitFor();
    expect(unexpectedErrors(a.p.errors, [400, 401, 403, 404])).toEqual([]);
  });
});

describe('the settings screen', () => {
  it.each([
    { width: 1280, height: 900, colorScheme: 'light' as const },
    { width: 1280, height: 900, colorScheme: 'dark' as const },
    { width: 390, height: 844, colorScheme: 'light' as const },
    { width: 390, height: 844, colorScheme: 'dark' as const },
  ])('passes axe and fits at $width px, $colorScheme', async (size) => {
    const admin = await newAdmin(c);
    await admin.p.page.setViewportSize({ width: size.width, height: size.height });
    await admin.p.page.emulateMedia({ colorScheme: size.colorScheme });
    const someone = await newMember(c, 'Sam', 'Muted');
    await callTrpc(admin.p, 'relations.mute', { username: someone.username });
    await callTrpc(admin.p, 'invites.create', { expiresInDays: 7, maxUses: 5 });
    await goToSettings(admin.p);
    await section(admin.p.page, 'Muted members').getByText(`@${someone.username}`).waitFor();
    await section(admin.p.page, 'Invites').getByRole('listitem').first().waitFor();
    await expectAccessible(admin.p.page, `settings at ${size.width}px ${size.colorScheme}`);
    const sideways = await admin.p.page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways, 'horizontal scrollbar').toBe(false);

    await section(admin.p.page, 'Delete account').getByRole('button', { name: 'Delete account' }).click();
    const dialog = admin.p.page.getByRole('dialog', { name: 'Delete your account?' });
    // Focus starts in the dialog and stays there.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i++) await admin.p.page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectAccessible(admin.p.page, `delete dialog at ${size.width}px ${size.colorScheme}`);
    await admin.p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(admin.p.errors).toEqual([]);
  });
});
