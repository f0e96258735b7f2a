import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { E2ePage } from './harness.js';
import { callTrpc } from './page-helpers.js';

// What the conversation tests share: a post's thread on its page, and posts written through the API.

export const me = (p: E2ePage) =>
  p.page.evaluate(
    () => JSON.parse(sessionStorage.getItem('user') ?? '{}') as { id: string; username: string },
  );

export const thread = (page: Page) => page.getByRole('list', { name: 'Comments', exact: true });
export const comments = (page: Page) => thread(page).getByRole('listitem');
export const comment = (page: Page, text: string) => comments(page).filter({ hasText: text });

// Screenshots of the new screens, beside those of screens.test.ts, for a person to look at.
const shotDir = join('test-results', 'screens');
mkdirSync(shotDir, { recursive: true });
export const shot = (name: string) => join(shotDir, `${name}.png`);

export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A member (signed up on this page) with a post written through the API; returns its id. */
export async function postBy(p: E2ePage, content: string) {
  return (await callTrpc(p, 'posts.create', { content })).id;
}

export async function openPost(p: E2ePage, postId: string) {
  await p.page.goto(p.url(`/post/${postId}`));
  await p.page.getByRole('heading', { level: 2, name: /^\d+ comments?$/ }).waitFor();
}
