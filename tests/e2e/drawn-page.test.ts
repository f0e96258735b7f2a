import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, signUp, type E2ePage } from './harness.js';
import { useE2e } from './page-helpers.js';

// A reloaded page of home, explore, a profile or a post comes with its first screen drawn by the server
// (src/server/first-screen.ts), for the member the page cookie names, so its posts show before the app's
// code has loaded; the app then draws the same screen from the answers the page carries, asking for none
// of them again. A tab never shows a screen drawn for someone else.

const e2e = useE2e();

type Held = { token: string; user: string };

/** A signed-in tab's session and the page cookie a reload of it sends. */
async function signedIn(signUpInstead = false): Promise<Held> {
  const p = await e2e.open();
  if (signUpInstead) await signUp(p);
  else await logIn(p);
  return p.page.evaluate(() => ({
    token: sessionStorage.getItem('token')!,
    user: sessionStorage.getItem('user')!,
  }));
}

/** A cold tab holding this session (as a reloaded tab has it) and this page cookie, or neither. */
async function coldTab(session: Held | null, cookie: string | null): Promise<E2ePage> {
  const p = await e2e.open();
  if (session)
    await p.context.addInitScript((s) => {
      sessionStorage.setItem('token', s.token);
      sessionStorage.setItem('user', s.user);
    }, session);
  if (cookie) await p.context.addCookies([{ name: 'realm_page', value: cookie, url: p.url('/') }]);
  return p;
}

/** Holds the app's code back until `release()`, and notes each /trpc request's decoded address. */
async function holdApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/trpc/') && asked.push(decodeURIComponent(r.url())));
  return { release, asked };
}

const rootVisibility = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.getElementById('root')!).visibility);
const appStarted = (page: Page) =>
  page.locator('#realm-first-screen').waitFor({ state: 'detached', timeout: 10_000 });

describe('a page drawn by the server', () => {
  it('shows its posts before the app has loaded, and the app asks for none of them again', async () => {
    const session = await signedIn();
    const first = await e2e.open();
    await logIn(first);
    const postPath = (await first.page.locator('article.post a.post-time').first().getAttribute('href'))!;
    const profilePath = (await first.page
      .locator('article.post a.post-author')
      .first()
      .getAttribute('href'))!;
    const screens = [
      ['/', /posts\.feed\?.*"direction":"forward"/],
      ['/explore', /posts\.explore\?.*"direction":"forward"/],
      [profilePath, /posts\.byUser\?.*"direction":"forward"/],
      [postPath, /posts\.byId\?/],
    ] as const;
    for (const [address, firstQuery] of screens) {
      const p = await coldTab(session, session.token);
      const { release, asked } = await holdApp(p.page);
      await p.page.goto(p.url(address));
      // The app's code is held back: what shows is the server's drawing.
      const post = p.page.locator('article.post').first();
      await post.waitFor({ state: 'visible' });
      const drawnLabel = await post.getAttribute('aria-label');
      expect(await rootVisibility(p.page), address).toBe('visible');
      // Inert until the app has started: a tap on a control that does nothing yet is not taken.
      const inert = () => p.page.evaluate(() => document.getElementById('root')!.hasAttribute('inert'));
      expect(await inert(), address).toBe(true);
      release();
      await appStarted(p.page);
      expect(await inert(), address).toBe(false);
      await expect
        .poll(() => p.page.locator('article.post').first().getAttribute('aria-label'))
        .toBe(drawnLabel);
      // The app drew from the answers the page carried: the first page was asked for by nobody.
      expect(
        asked.filter((url) => firstQuery.test(url)),
        address,
      ).toEqual([]);
      expect(p.errors, address).toEqual([]);
      await p.context.close();
    }
  });

  it('is set up by signing in (the page cookie) and forgotten by logging out', async () => {
    const p = await e2e.open();
    await logIn(p);
    const token = await p.page.evaluate(() => sessionStorage.getItem('token'));
    const cookie = (await p.context.cookies()).find((c) => c.name === 'realm_page');
    expect(cookie).toMatchObject({ value: token, sameSite: 'Strict', path: '/' });
    await p.page.getByRole('button', { name: 'Account menu' }).click();
    await p.page.getByRole('menuitem', { name: 'Log out' }).click();
    await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
    expect((await p.context.cookies()).find((c) => c.name === 'realm_page')).toBeUndefined();
  });

  it("is never seen in a tab signed in as someone else: the tab draws its own member's screen", async () => {
    const other = await signedIn(true);
    const mine = await signedIn();
    const p = await coldTab(mine, other.token);
    const { release, asked } = await holdApp(p.page);
    await p.page.goto(p.url('/explore'));
    await p.page.locator('article.post').first().waitFor({ state: 'attached' });
    expect(await rootVisibility(p.page)).toBe('hidden');
    release();
    await appStarted(p.page);
    await p.page.locator('article.post').first().waitFor({ state: 'visible' });
    expect(await rootVisibility(p.page)).toBe('visible');
    // Asked for anew by the app, with this tab's token, not taken from the page drawn for the other member.
    expect(asked.filter((url) => /posts\.explore\?/.test(url)).length).toBeGreaterThan(0);
    expect(p.errors).toEqual([]);
  });

  it('is never seen in a tab nobody is signed in to: it goes to the login page', async () => {
    const session = await signedIn();
    const p = await coldTab(null, session.token);
    const { release } = await holdApp(p.page);
    await p.page.goto(p.url('/explore'));
    await p.page.locator('article.post').first().waitFor({ state: 'attached' });
    expect(await rootVisibility(p.page)).toBe('hidden');
    release();
    await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
    expect(await p.page.locator('article.post').count()).toBe(0);
  });

  it('is never what the service worker keeps as the offline shell', async () => {
    const p = await e2e.open({ serviceWorkers: 'allow' });
    await logIn(p);
    await p.page.reload();
    await p.page.locator('article.post').first().waitFor();
    await p.page.evaluate(() => navigator.serviceWorker.ready);
    const shell = async () => p.page.evaluate(async () => (await (await caches.match('/'))?.text()) ?? null);
    await expect.poll(shell, { timeout: 10_000 }).not.toBeNull();
    await p.page.reload();
    await p.page.locator('article.post').first().waitFor();
    const kept = (await shell())!;
    expect(kept).toContain('<div id="root"></div>');
    expect(kept).not.toContain('realm-first-screen');
  });
});
