import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startE2e, type E2e, type E2ePage } from './harness.js';

let e2e: E2e;
let session: { token: string; user: string };
let postPath: string;
let profilePath: string;

beforeAll(async () => {
  e2e = await startE2e();
  const p = await e2e.newPage();
  await logIn(p);
  const first = p.page.locator('article.post').first();
  postPath = (await first.locator('a.post-time').getAttribute('href'))!;
  profilePath = (await first.locator('a.post-author').getAttribute('href'))!;
  session = await p.page.evaluate(() => ({
    token: sessionStorage.getItem('token')!,
    user: sessionStorage.getItem('user')!,
  }));
  await p.context.close();
});
afterAll(() => e2e?.close());

/** A cold page holding this session (as a reload of a signed-in tab has it), or none. */
async function coldPage(held?: { token: string; user: string }): Promise<E2ePage> {
  const p = await e2e.newPage();
  if (held)
    await p.context.addInitScript((s) => {
      sessionStorage.setItem('token', s.token);
      sessionStorage.setItem('user', s.user);
    }, held);
  return p;
}

type Seen = { url: string; beforeBundle: boolean };

/**
 * Holds the main bundle back for a while, and notes each /trpc request (its address decoded) and whether
 * the bundle had been let through when it was sent. Routing also turns the browser's cache off: a cold load.
 */
async function watch(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  let released = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    released = true;
    await route.continue();
  });
  page.on('request', (request) => {
    if (request.url().includes('/trpc/'))
      seen.push({ url: decodeURIComponent(request.url()), beforeBundle: !released });
  });
  return seen;
}

/** The requests for a query with this procedure and input, alone or in a batch. */
const asking = (seen: Seen[], path: string, input: string) =>
  seen.filter((s) => s.url.includes(path) && s.url.includes(input));

describe('the first screen asks for its data before the bundle has loaded', () => {
  const screens = () => [
    { address: '/', asks: [['posts.feed', '{"mode":"latest","direction":"forward"}']] },
    { address: '/explore', asks: [['posts.explore', '{"direction":"forward"}']] },
    {
      address: profilePath,
      asks: [
        ['users.byUsername', `{"username":"${decodeURIComponent(profilePath.split('/')[2]!)}"}`],
        ['posts.byUser', '"direction":"forward"}'],
      ],
    },
    {
      address: postPath,
      asks: [['posts.byId', `{"postId":"${decodeURIComponent(postPath.split('/')[2]!)}"}`]],
    },
  ];

  it('on home, explore, a profile and a post page, once, and shows the posts signed in', async () => {
    for (const { address, asks } of screens()) {
      const p = await coldPage(session);
      const seen = await watch(p.page);
      const answer = p.page.waitForResponse((r) => r.url().includes(`/trpc/${asks.at(-1)![0]}?input=`));
      await p.page.goto(p.url(address));
      await p.page.locator('article.post').first().waitFor();
      for (const [path, input] of asks) {
        const requests = asking(seen, path!, input!);
        // One request, the boot script's, sent while the bundle was still held back: the app used its answer.
        expect(requests, `${address} ${path}`).toHaveLength(1);
        expect(requests[0]!.beforeBundle, `${address} ${path}`).toBe(true);
      }
      // The screen shows what that answer held.
      const body = (await (await answer).json()) as {
        result: { data: { items?: { author: { username: string } }[]; author?: { username: string } } };
      };
      const data = body.result.data;
      const author = data.items ? data.items[0]!.author.username : data.author!.username;
      await expect
        .poll(() => p.page.locator('article.post').first().getAttribute('aria-label'))
        .toBe(`Post by ${author}`);
      expect(p.errors, address).toEqual([]);
      await p.context.close();
    }
  });

  it('asks for nothing signed out: every screen sends the visitor to the login page', async () => {
    for (const { address } of screens()) {
      const p = await coldPage();
      const seen = await watch(p.page);
      await p.page.goto(p.url(address));
      await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
      expect(
        seen.filter((s) => /posts\.|users\.byUsername|comments\./.test(s.url)),
        address,
      ).toEqual([]);
      expect(p.errors, address).toEqual([]);
      await p.context.close();
    }
  });

  it('waits for an early answer still on its way rather than asking again', async () => {
    const p = await coldPage(session);
    const seen: string[] = [];
    p.page.on('request', (r) => r.url().includes('/trpc/') && seen.push(decodeURIComponent(r.url())));
    // The boot script's request is answered only well after the app has started.
    await p.page.route(/\/trpc\/posts\.feed\?input=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await p.page.goto(p.url('/'));
    await p.page.getByRole('button', { name: 'Latest' }).waitFor();
    await p.page.locator('article.post').first().waitFor();
    expect(seen.filter((url) => url.includes('{"mode":"latest","direction":"forward"}'))).toHaveLength(1);
    expect(p.errors).toEqual([]);
    await p.context.close();
  });

  it("falls back to the app's own request when the early one fails", async () => {
    const p = await coldPage(session);
    const seen = await watch(p.page);
    // The boot script's request (a query alone, not a batch) never arrives.
    await p.page.route(/\/trpc\/posts\.feed\?input=/, (route) => route.abort());
    await p.page.goto(p.url('/'));
    await p.page.locator('article.post').first().waitFor();
    const requests = asking(seen, 'posts.feed', '{"mode":"latest","direction":"forward"}');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.url).toContain('batch=1');
    await p.context.close();
  });

  it('falls back when the early answer is a refusal: an ended session goes to the login page', async () => {
    const p = await coldPage({ token: 'a-token-that-is-not-valid', user: session.user });
    const seen = await watch(p.page);
    await p.page.goto(p.url('/'));
    await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
    // The boot script's request was refused; the app asked again itself, and its refusal ended the session.
    expect(asking(seen, 'posts.feed', '{"mode":"latest","direction":"forward"}')).toHaveLength(2);
    expect(await p.page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await p.context.close();
  });
});
