import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoHandle } from '../../src/shared/demo.js';
import { expectAccessible, fillHandleAndEmail, freshCredentials, logIn, signUp } from './harness.js';
import { callTrpc } from './page-helpers.js';
import {
  newAdmin,
  newMember,
  openAccountMenu,
  profileUrl,
  unexpectedErrors,
  useCommunity,
  type Community,
} from './community-helpers.js';

// In a real browser: the public /about page, the signup screen under each registration mode
// (REALM_REGISTRATION), and what a pending or suspended account sees.

const navbar = (p: { page: Page }) => p.page.getByRole('navigation', { name: 'Main' });

/** Fills the signup form (on the page already shown) and submits it; returns the credentials. */
async function fillSignup(p: Awaited<ReturnType<Community['open']>>, firstName = 'Nova') {
  const credentials = freshCredentials(firstName.toLowerCase());
  await p.page.getByLabel('First name').fill(firstName);
  await p.page.getByLabel('Last name').fill('Comer');
  await fillHandleAndEmail(p.page, credentials);
  await p.page.getByLabel('Password').fill(credentials.password);
  await p.page.getByRole('button', { name: 'Create account' }).click();
  return credentials;
}

describe('the about page and the signup screen of an open instance', () => {
  const c = useCommunity();

  it('shows the name, description, rules, admins and moderators to anyone, and at signup', async () => {
    const admin = await newAdmin(c);
    const moderator = await newMember(c, 'Mo', 'Derator');
    await c.admin('set-role', moderator.username, 'moderator');
    await callTrpc(admin.p, 'instance.update', {
      name: 'Riverside Commons',
      description: 'A neighbourhood network.\nBe local, be kind.',
      rules: ['Be kind to each other.', 'No advertising.', 'Keep it legal.'],
    });

    const visitor = await c.open();
    await visitor.page.goto(visitor.url('/auth'));
    await visitor.page.getByRole('link', { name: 'About this instance' }).click();
    await visitor.page.waitForURL(visitor.url('/about'));
    await visitor.page.getByRole('heading', { name: 'About Riverside Commons', level: 1 }).waitFor();
    await visitor.page.getByText('A neighbourhood network.', { exact: false }).waitFor();
    const rules = visitor.page.getByRole('region', { name: 'Rules' }).getByRole('listitem');
    expect(await rules.allTextContents()).toEqual([
      'Be kind to each other.',
      'No advertising.',
      'Keep it legal.',
    ]);
    const admins = visitor.page.getByRole('region', { name: 'Admins' });
    expect(
      await admins.getByRole('link', { name: new RegExp(`@${admin.username}`) }).getAttribute('href'),
    ).toBe(profileUrl(admin.username));
    const moderators = visitor.page.getByRole('region', { name: 'Moderators' });
    await moderators.getByRole('link', { name: new RegExp(`@${moderator.username}`) }).waitFor();
    expect(await navbar(visitor).count()).toBe(0);
    await expect.poll(() => visitor.page.title()).toBe('About Riverside Commons · Realm');
    await expectAccessible(visitor.page, 'about, signed out');

    await visitor.page.getByRole('link', { name: 'Create an account' }).click();
    await visitor.page.waitForURL(visitor.url('/signup'));
    await visitor.page.getByRole('heading', { name: 'Join Riverside Commons', level: 1 }).waitFor();
    expect(await visitor.page.getByRole('listitem').allTextContents()).toEqual([
      'Be kind to each other.',
      'No advertising.',
      'Keep it legal.',
    ]);
    expect(await visitor.page.getByLabel('Invite code').count()).toBe(0);
    await visitor.page.getByRole('link', { name: 'About Riverside Commons' }).waitFor();
    await expectAccessible(visitor.page, 'signup with rules');

    // Signed in, the page keeps the navbar, and the account menu leads to it.
    await admin.p.page.goto(admin.p.url('/'));
    await (
      await openAccountMenu(admin.p.page)
    )
      .getByRole('menuitem', { name: 'About this instance' })
      .click();
    await admin.p.page.waitForURL(admin.p.url('/about'));
    await admin.p.page.getByRole('heading', { name: 'About Riverside Commons', level: 1 }).waitFor();
    await navbar(admin.p).waitFor();
    expect(await admin.p.page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect([visitor.errors, admin.p.errors, moderator.p.errors]).toEqual([[], [], []]);
  });

  it('fits a phone in the dark', async () => {
    const p = await c.open({ width: 390, height: 844, colorScheme: 'dark' });
    for (const path of ['/about', '/signup']) {
      await p.page.goto(p.url(path));
      await p.page.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(p.page, `${path} at 390px dark`);
      const sideways = await p.page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(sideways, `${path}: horizontal scrollbar`).toBe(false);
    }
    expect(p.errors).toEqual([]);
  });

  it('shows a suspended member that their account is suspended, at once and at the next login', async () => {
    const a = await newMember(c, 'Sus', 'Pended');
    await a.p.page.getByText('Your feed is empty.', { exact: false }).waitFor();
    // A moderator suspends them in the app (the server process, which closes their open streams; a
    // command-line change on SQLite reaches an open tab only at its next call).
    const moderator = await newMember(c, 'Mod', 'Erator');
    await c.admin('set-role', moderator.username, 'moderator');
    await callTrpc(moderator.p, 'admin.suspend', { username: a.username, reason: 'Spam' });
    // Their open session stops working at once: the live stream is closed, and refused when it comes back.
    await a.p.page
      .getByRole('heading', { name: 'Your account is suspended', level: 1 })
      .waitFor({ timeout: 15_000 });
    await a.p.page.getByText('Your account is suspended by the moderators of this instance.').waitFor();
    expect(await navbar(a.p).count()).toBe(0);
    await expectAccessible(a.p.page, 'suspended screen');
    await a.p.page.getByRole('button', { name: 'Sign out' }).click();
    await a.p.page.waitForURL(a.p.url('/auth'));

    await a.p.page.getByLabel('Email').fill(a.username);
    await a.p.page.getByLabel('Password').fill(a.password);
    await a.p.page.getByRole('button', { name: 'Login to your account' }).click();
    await a.p.page
      .getByRole('alert')
      .filter({ hasText: 'Your account is suspended by the moderators of this instance.' })
      .waitFor();

    await callTrpc(moderator.p, 'admin.unsuspend', { username: a.username, reason: '' });
    await logIn(a.p, a);
    await a.p.page.getByText('Your feed is empty.', { exact: false }).waitFor();
    expect(unexpectedErrors(a.p.errors, [401, 403])).toEqual([]);
  });
});

describe('registration closed', () => {
  const c = useCommunity({ REALM_REGISTRATION: 'closed' });

  it('replaces the signup form with a clear message', async () => {
    const p = await c.open();
    await p.page.goto(p.url('/signup'));
    await p.page.getByText('Registration is closed on Realm', { exact: false }).waitFor();
    expect(await p.page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    expect(await p.page.getByLabel('Email').count()).toBe(0);
    await p.page.getByRole('link', { name: 'Log in' }).waitFor();
    await expectAccessible(p.page, 'signup closed');
    await p.page.goto(p.url('/about'));
    await p.page.getByText('Registration is closed for now.', { exact: false }).waitFor();
    expect(await p.page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect(p.errors).toEqual([]);
  });
});

describe('registration by invite', () => {
  const c = useCommunity({ REALM_REGISTRATION: 'invite' });

  it('asks for a code, takes it from the invite link, and refuses a code that is used up', async () => {
    // The demo member is made admin from the command line, as a self-hoster does.
    await c.admin('set-role', demoHandle, 'admin');
    const admin = await c.open();
    await logIn(admin);
    const invite = await callTrpc<{ code: string }>(admin, 'invites.create', {
      expiresInDays: 1,
      maxUses: 1,
    });

    const stranger = await c.open();
    await stranger.page.goto(stranger.url('/signup'));
    const code = stranger.page.getByLabel('Invite code');
    await code.waitFor();
    expect(await code.inputValue()).toBe('');
    await code.fill('not-a-code');
    await fillSignup(stranger, 'Stranger');
    await stranger.page
      .getByRole('alert')
      .filter({ hasText: 'This invite code is unknown, used up or expired.' })
      .waitFor();
    await expectAccessible(stranger.page, 'signup by invite');

    const friend = await c.open();
    await friend.page.goto(friend.url(`/signup?invite=${encodeURIComponent(invite.code)}`));
    expect(await friend.page.getByLabel('Invite code').inputValue()).toBe(invite.code);
    await fillSignup(friend, 'Friend');
    await friend.page.waitForURL(friend.url('/'));
    await friend.page.getByText('Your feed is empty.', { exact: false }).waitFor();

    const late = await c.open();
    await late.page.goto(late.url(`/signup?invite=${encodeURIComponent(invite.code)}`));
    await fillSignup(late, 'Late');
    await late.page
      .getByRole('alert')
      .filter({ hasText: 'This invite code is unknown, used up or expired.' })
      .waitFor();
    expect(unexpectedErrors(stranger.errors, [400, 403])).toEqual([]);
    expect(unexpectedErrors(late.errors, [400, 403])).toEqual([]);
    expect(friend.errors).toEqual([]);
  });
});

describe('registration by approval', () => {
  const c = useCommunity({ REALM_REGISTRATION: 'approval' });

  it('lets a newcomer sign up and wait, showing nothing else, until a moderator approves them', async () => {
    const p = await c.open();
    await p.page.goto(p.url('/signup'));
    await p.page.getByText('A moderator approves new accounts on Realm.', { exact: false }).waitFor();
    const newcomer = await signUp(p, 'Wai', 'Ting');

    const waiting = async () => {
      await p.page
        .getByText('Your account is waiting for a moderator to approve it.', { exact: true })
        .waitFor();
      await p.page.getByText('Realm', { exact: true }).waitFor(); // the instance's name
      expect(await navbar(p).count()).toBe(0);
      expect(await p.page.getByRole('article').count()).toBe(0);
    };
    await waiting();
    await expectAccessible(p.page, 'waiting screen');
    await p.page.goto(p.url('/explore')); // any address: still only the waiting screen
    await waiting();
    await p.page.reload();
    await waiting();

    await p.page.getByRole('button', { name: 'Sign out' }).click();
    await p.page.waitForURL(p.url('/auth'));
    await logIn(p, newcomer);
    await waiting();

    await c.admin('approve', newcomer.username);
    await p.page.getByRole('button', { name: 'Check again' }).click();
    await navbar(p).waitFor();
    await p.page.getByText('Your feed is empty.', { exact: false }).waitFor();
    // The pending account's refused calls (403) are the only console errors allowed.
    expect(unexpectedErrors(p.errors, [403])).toEqual([]);
  });
});
