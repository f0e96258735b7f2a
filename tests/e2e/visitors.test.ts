import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAdmin, newMember, unexpectedErrors, useCommunity } from './community-helpers.js';
import { expectAccessible, logIn, type E2ePage } from './harness.js';
import { callTrpc, card, unique } from './page-helpers.js';

// "Visitors may read public profiles and posts": off (the default, as the original), a shared link opens the
// login page; on, someone signed out reads a post, a profile, a tag and explore under a small header with
// "Sign in" and "Join", and every action asks them to sign in, then brings them back.

const c = useCommunity();
const tag = `visiting${Date.now()}`;
const text = unique(`A post for visitors #${tag}`);
let author = { username: '', password: '', postId: '' };

async function setVisitors(on: boolean) {
  const admin = await newAdmin(c);
  await admin.p.page.goto(admin.p.url('/admin/settings'));
  const box = admin.p.page.getByLabel('Visitors may read public profiles and posts');
  await box.setChecked(on);
  await admin.p.page.getByRole('button', { name: 'Save settings' }).click();
  await admin.p.page.getByRole('status').getByText('The instance settings are saved.').waitFor();
}

const signInLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true });

/** A page's visitor screen: the visitor header, and no member navbar. */
async function expectVisitorHeader(p: E2ePage) {
  await signInLink(p.page).waitFor();
  await expect(p.page.getByRole('banner').getByRole('link', { name: 'Join' }).isVisible()).resolves.toBe(
    true,
  );
  expect(await p.page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
}

describe('visitors', () => {
  it('see the login page for a shared post while the setting is off (the default)', async () => {
    const member = await newMember(c, 'Vera', 'Visible');
    author = {
      ...member,
      postId: (await callTrpc(member.p, 'posts.create', { content: text })).id,
    };
    const visitor = await c.open();
    await visitor.page.goto(visitor.url(`/post/${author.postId}`));
    await visitor.page.waitForURL(visitor.url('/auth'));
    await visitor.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
    expect(await visitor.page.getByText(text).count()).toBe(0);
  });

  it('read a post, a profile, a tag and explore once an admin turns it on; Like asks them to sign in', async () => {
    await setVisitors(true);
    const visitor = await c.open();
    await visitor.page.goto(visitor.url(`/post/${author.postId}`));
    await card(visitor.page, text).waitFor();
    await expectVisitorHeader(visitor);
    await visitor.page.getByRole('link', { name: 'Sign in to comment' }).waitFor();

    await visitor.page.goto(visitor.url(`/profile/${encodeURIComponent(author.username)}`));
    await visitor.page.getByRole('heading', { name: 'Vera Visible' }).waitFor();
    await card(visitor.page, text).waitFor();
    await visitor.page.getByRole('link', { name: `Sign in to follow @${author.username}` }).waitFor();

    await visitor.page.goto(visitor.url(`/tag/${tag}`));
    await card(visitor.page, text).waitFor();
    await visitor.page.goto(visitor.url('/explore'));
    await card(visitor.page, text).waitFor();
    await expectVisitorHeader(visitor);

    // Like is a way to sign in, which comes back to the page it was asked from.
    await visitor.page.goto(visitor.url(`/post/${author.postId}`));
    await card(visitor.page, text).getByRole('link', { name: 'Sign in to like this post' }).click();
    await visitor.page.waitForURL(visitor.url('/auth'));
    await visitor.page.getByLabel('Email').fill(author.username);
    await visitor.page.getByLabel('Password').fill(author.password);
    await visitor.page.getByRole('button', { name: 'Login to your account' }).click();
    await visitor.page.waitForURL(visitor.url(`/post/${author.postId}`));
    await card(visitor.page, text).getByRole('button', { name: 'Like' }).waitFor();
    await visitor.page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(unexpectedErrors(visitor.errors, [])).toEqual([]);
  });

  it('still need to sign in for every other page', async () => {
    const visitor = await c.open();
    for (const path of ['/', '/bookmark', '/notifications', '/settings']) {
      await visitor.page.goto(visitor.url(path));
      await visitor.page.waitForURL(visitor.url('/auth'));
    }
  });

  it('find every visitor screen accessible, light and dark, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const visitor = await c.open({ width, colorScheme });
        for (const path of [
          `/post/${author.postId}`,
          `/profile/${encodeURIComponent(author.username)}`,
          `/tag/${tag}`,
          '/explore',
        ]) {
          await visitor.page.goto(visitor.url(path));
          await card(visitor.page, text).waitFor();
          await signInLink(visitor.page).waitFor();
          const overflow = await visitor.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
          await expectAccessible(visitor.page, `${path} at ${width}px, ${colorScheme}`);
        }
      }
    }
  });

  it('see the login page again once the setting is off', async () => {
    await setVisitors(false);
    const visitor = await c.open();
    await visitor.page.goto(visitor.url(`/profile/${encodeURIComponent(author.username)}`));
    await visitor.page.waitForURL(visitor.url('/auth'));
    const member = await c.open();
    await logIn(member, author);
    await member.page.goto(member.url(`/post/${author.postId}`));
    await card(member.page, text).waitFor();
  });
});
