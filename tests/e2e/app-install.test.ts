import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, logIn, type E2ePage } from './harness.js';
import { useE2e } from './page-helpers.js';

// Realm on a phone's home screen: the web app manifest and its icons, the service worker that opens the
// installed app offline with "You are offline" instead of Chromium's error page, and the settings section
// that turns Web Push on. Headless Chromium has no push service of its own (no Google account behind it):
// subscribing there fails, so this file checks that the member is told so in plain words; the pushes
// themselves are tested against a push service the server tests run (tests/server/push-delivery.test.ts).

const e2e = useE2e();

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** Opens `/` with the service worker allowed and waits until it controls the page with the shell kept. */
async function installed(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const p = await e2e.open({ ...options, serviceWorkers: 'allow' });
  await p.page.goto(p.url('/'));
  const worker = await p.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL, scope: registration.scope };
  });
  expect(worker).toEqual({ script: p.url('/sw.js'), scope: p.url('/') });
  await expect
    .poll(() => p.page.evaluate(async () => Boolean(await caches.match('/'))), { timeout: 10_000 })
    .toBe(true);
  return p;
}

/**
 * The device's network as the page sees it. Chromium 150 no longer turns `navigator.onLine` false for
 * playwright-core's offline emulation (requests fail, the flag stays true), so the page is also told what a
 * phone without a network tells it: `navigator.onLine` false, and an `online` event when it comes back.
 */
const onLineFlag = () => {
  const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
  Object.defineProperty(Navigator.prototype, 'onLine', {
    configurable: true,
    get(this: Navigator) {
      const emulated = (window as { realmTestOnline?: boolean }).realmTestOnline;
      return emulated ?? (real.get!.call(this) as boolean);
    },
  });
};

async function offlineReload(p: E2ePage, path: string) {
  if (!offlineFlagged.has(p)) {
    offlineFlagged.add(p);
    await p.context.addInitScript(onLineFlag);
    await p.context.addInitScript(() => {
      (window as { realmTestOnline?: boolean }).realmTestOnline = false;
    });
  }
  await p.context.setOffline(true);
  await p.page.goto(p.url(path)).catch(() => undefined);
}

async function backOnline(p: E2ePage) {
  await p.context.setOffline(false);
  await p.page.evaluate(() => {
    (window as { realmTestOnline?: boolean }).realmTestOnline = true;
    window.dispatchEvent(new Event('online'));
  });
}

const offlineFlagged = new WeakSet<E2ePage>();

const offlineBar = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline.' });

describe('the web app manifest', () => {
  it('is linked from the page, served as a manifest, and names the instance with installable icons', async () => {
    const p = await e2e.open();
    await p.page.goto(p.url('/'));
    const href = await p.page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await p.page.locator('meta[name="theme-color"]').getAttribute('content')).toMatch(
      /^#[0-9a-f]{6}$/,
    );

    const response = await p.page.request.get(p.url(href!));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Realm',
      short_name: 'Realm',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const wanted of [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ]) {
      expect(icons).toContainEqual(expect.objectContaining({ ...wanted, type: 'image/png' }));
    }
    for (const icon of icons) {
      const file = await p.page.request.get(p.url(icon.src));
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
    }
  });
});

describe('the service worker', () => {
  it('is served from the root as JavaScript, not kept in the HTTP cache', async () => {
    const p = await e2e.open();
    const response = await p.page.request.get(p.url('/sw.js'));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers()['cache-control']).toBe('no-cache');
  });

  for (const [width, label] of [
    [390, 'phone'],
    [1280, 'desktop'],
  ] as const) {
    it(`opens the app offline with "You are offline" and a way to retry (${label})`, async () => {
      const p = await installed({ width });
      await offlineReload(p, '/');
      await offlineBar(p.page).waitFor();
      // The app's own page, not Chromium's "No internet" page.
      expect(await p.page.title()).toBe('Realm');
      expect(await p.page.locator('#root').count()).toBe(1);
      await expectAccessible(p.page, `offline ${label}`);

      // Another screen opens offline too: every client route is the same shell.
      await offlineReload(p, '/explore');
      await offlineBar(p.page).waitFor();

      // Try again while still offline reloads into the same clear state, never an error page.
      await p.page.getByRole('button', { name: 'Try again' }).click();
      await p.page.waitForLoadState('load');
      await offlineBar(p.page).waitFor();
      expect(await p.page.title()).toBe('Realm');
      // Back online, the bar goes by itself.
      await backOnline(p);
      await expect.poll(() => offlineBar(p.page).count()).toBe(0);
    });
  }

  it('says "You are offline" in dark mode too, accessibly', async () => {
    const p = await installed({ width: 390, colorScheme: 'dark' });
    await offlineReload(p, '/');
    await offlineBar(p.page).waitFor();
    await expectAccessible(p.page, 'offline dark');
  });

  it('never keeps what the API answers', async () => {
    const p = await installed();
    await logIn(p);
    await p.page.goto(p.url('/'));
    await p.page.getByRole('article').first().waitFor();
    const kept = await p.page.evaluate(async () => {
      const cache = await caches.open('realm-shell-v1');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(kept).toContain('/');
    expect(kept.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(kept.filter((path) => /^\/(trpc|api|events|pictures)\b/.test(path))).toEqual([]);
  });
});

describe('Notifications on this device', () => {
  for (const [width, colorScheme] of [
    [390, 'light'],
    [1280, 'dark'],
  ] as const) {
    it(`offers the kinds and Turn on, and says in plain words when the browser has no push service (${width} px, ${colorScheme})`, async () => {
      const p = await installed({ width, colorScheme });
      await p.context.grantPermissions(['notifications'], { origin: p.url('') });
      await logIn(p);
      await p.page.goto(p.url('/settings'));
      const section = p.page.getByRole('region', { name: 'Notifications on this device', exact: true });
      await section.getByText('Notifications are off for this device.').waitFor();
      for (const label of ['Mentions', 'Comments on your posts', 'Likes of your posts', 'New followers']) {
        expect(await section.getByRole('checkbox', { name: label }).isChecked(), label).toBe(true);
      }
      await section.getByRole('checkbox', { name: 'Likes of your posts' }).uncheck();
      await expectAccessible(p.page, `push settings ${width} ${colorScheme}`);

      // The server's half answers from the page: the key the browser would subscribe with.
      const publicKey = await p.page.evaluate(async () => {
        const response = await fetch('/trpc/push.publicKey', {
          headers: { authorization: sessionStorage.getItem('token') ?? '' },
        });
        return (await response.json()).result.data.publicKey as string;
      });
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

      // Whether this Chromium reaches a push service at all (headless, with background networking off, it
      // has none): the section must say the one or the other.
      const canSubscribe = await p.page.evaluate(async (key) => {
        const registration = await navigator.serviceWorker.ready;
        try {
          await (
            await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          ).unsubscribe();
          return true;
        } catch {
          return false;
        }
      }, publicKey);
      await section.getByRole('button', { name: 'Turn on' }).click();
      if (canSubscribe) {
        await section.getByText('Notifications are on for this device.', { exact: true }).first().waitFor();
        await section.getByRole('button', { name: 'Turn off' }).click();
        await section.getByText('Notifications are off for this device.', { exact: true }).first().waitFor();
      } else {
        await section
          .getByRole('alert')
          .filter({
            hasText:
              "This browser could not reach its push service, so notifications can't be turned on here.",
          })
          .waitFor();
        await section.getByRole('button', { name: 'Turn on' }).waitFor(); // still off, and may be tried again
        await expectAccessible(p.page, `push settings refused ${width} ${colorScheme}`);
      }
    });
  }
});
