import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signUp, startE2e, type E2e, type E2ePage, type PageOptions } from './harness.js';

/**
 * One server and browser for the test file; `open()` gives a fresh page (its own session) whose context is
 * closed after the test.
 */
export function useE2e() {
  let e2e: E2e | undefined;
  const opened: E2ePage[] = [];
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.context.close()));
  });
  afterAll(() => e2e?.close());
  return {
    async open(options?: PageOptions) {
      const p = await e2e!.newPage(options);
      opened.push(p);
      return p;
    },
  };
}

let made = 0;
/** A text no other test in the shared database will write. */
export const unique = (what: string) => `${what} ${Date.now()}-${++made}`;

export const composer = (page: Page) => page.getByPlaceholder("What's in your mind?");
export const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
export const number = async (locator: Locator) => Number.parseInt((await locator.textContent()) ?? '', 10);

/** A fresh member with one post of their own, written through the composer; returns the post's card. */
export async function memberWithPost(p: E2ePage, text = unique('A post')) {
  await signUp(p);
  await composer(p.page).fill(text);
  await p.page.getByRole('button', { name: 'Post', exact: true }).click();
  const post = card(p.page, text);
  await post.waitFor();
  return { post, text };
}

/** A tRPC mutation as the signed-in member of this page (POST /trpc/<path>, token from sessionStorage). */
export async function callTrpc<T = { id: string }>(p: E2ePage, path: string, input: unknown): Promise<T> {
  return p.page.evaluate(
    async ({ path, input }) => {
      const response = await fetch(`/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: sessionStorage.getItem('token') ?? '' },
        body: JSON.stringify(input),
      });
      const body = await response.json();
      if (!response.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body.result.data;
    },
    { path, input },
  );
}
