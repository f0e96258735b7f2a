import { createECDH, createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from '../e2e/browser.js';

// How a member hands an app a token (methods/oauth.md): the app opens /oauth/authorize in a browser, the
// member signs in on Realm's login page if needed and clicks Allow on the consent screen, and the app gets
// the code back: on its redirect_uri, or shown on the page for urn:ietf:wg:oauth:2.0:oob.

export const outOfBand = 'urn:ietf:wg:oauth:2.0:oob';
export const scopes = 'read write follow push';

export type Credentials = { username: string; password: string };

/** A PKCE S256 pair (RFC 7636): the app keeps the verifier and sends the challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorize address an app opens, as Mastodon documents its parameters. */
export function authorizeUrl(
  base: string,
  query: { clientId: string; redirectUri: string; scope: string; state?: string; codeChallenge?: string },
) {
  const url = new URL('/oauth/authorize', base);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', query.clientId);
  url.searchParams.set('redirect_uri', query.redirectUri);
  url.searchParams.set('scope', query.scope);
  if (query.state) url.searchParams.set('state', query.state);
  if (query.codeChallenge) {
    url.searchParams.set('code_challenge', query.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/** The app's side of the redirect: a tiny HTTP server whose /callback receives `code` and `state`. */
export async function startCallback() {
  const received: URLSearchParams[] = [];
  const waiters: Array<(query: URLSearchParams) => void> = [];
  const server: Server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://callback').searchParams;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('The app got its answer.');
    const waiter = waiters.shift();
    if (waiter) waiter(query);
    else received.push(query);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    /** The next query the browser brought back. */
    next: () =>
      new Promise<URLSearchParams>((resolve) => {
        const first = received.shift();
        if (first) resolve(first);
        else waiters.push(resolve);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Opens `authorize` in a fresh browser context as a member who is not signed in: signs in on the page
 * Realm shows, checks the consent screen names the app and offers Allow and Deny, and clicks Allow.
 * Returns the page, now on wherever Realm sent the browser.
 */
export async function allowInBrowser(
  browser: Browser,
  authorize: string,
  member: Credentials,
  appName: string,
) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(authorize);
  const allow = page.getByRole('button', { name: 'Allow', exact: true });
  const password = page.getByLabel('Password', { exact: true });
  await allow.or(password).first().waitFor({ timeout: 15_000 });
  if (await password.isVisible()) {
    await page.getByLabel('Email').fill(member.username);
    await password.fill(member.password);
    await page.getByRole('button', { name: 'Login to your account' }).click();
  }
  await allow.waitFor({ timeout: 15_000 }).catch(async () => {
    throw new Error(
      `no Allow button after signing in; the page at ${page.url()} shows:\n${await pageText(page)}`,
    );
  });
  await expect.poll(() => pageText(page)).toContain(appName);
  expect(await page.getByRole('button', { name: 'Deny', exact: true }).count()).toBe(1);
  await allow.click();
  return page;
}

/** The code flow through the browser: the code and state the app's redirect_uri receives. */
export async function codeByRedirect(
  browser: Browser,
  authorize: string,
  member: Credentials,
  appName: string,
  callback: Awaited<ReturnType<typeof startCallback>>,
) {
  const arrived = callback.next();
  const page = await allowInBrowser(browser, authorize, member, appName);
  const query = await Promise.race([
    arrived,
    new Promise<never>((_, reject) =>
      setTimeout(
        async () => reject(new Error(`no redirect to the app; at ${page.url()}:\n${await pageText(page)}`)),
        15_000,
      ),
    ),
  ]);
  await page.context().close();
  return { code: query.get('code'), state: query.get('state'), error: query.get('error') };
}

/**
 * The out-of-band flow: Realm shows the code on its page instead of redirecting, in a field labelled
 * "Authorization code" (a read-only text box or any element named so), for the member to copy into the app.
 */
export async function codeShownOnPage(
  browser: Browser,
  authorize: string,
  member: Credentials,
  appName: string,
) {
  const page = await allowInBrowser(browser, authorize, member, appName);
  const field = page.getByLabel(/authorization code/i).first();
  await field.waitFor({ timeout: 15_000 }).catch(async () => {
    throw new Error(`no "Authorization code" on the page at ${page.url()}:\n${await pageText(page)}`);
  });
  const tag = await field.evaluate((element) => element.tagName);
  const code = (
    tag === 'INPUT' || tag === 'TEXTAREA' ? await field.inputValue() : await field.innerText()
  ).trim();
  await page.context().close();
  return code;
}

const pageText = async (page: Page) =>
  (
    await page
      .locator('body')
      .innerText()
      .catch(() => '')
  ).slice(0, 1500);

/** Chromium for the consent screen: launched before the suite and closed after it. Read `current` in tests. */
export function useBrowser() {
  const held: { current?: Browser } = {};
  beforeAll(async () => {
    held.current = await launchBrowser();
  });
  afterAll(() => held.current?.close());
  return {
    get current(): Browser {
      if (!held.current) throw new Error('Chromium did not start');
      return held.current;
    },
  };
}

/**
 * What one test makes and later ones use (a suite's tests run in order and build on each other): `get`
 * answers it, or fails plainly naming the test that did not make it.
 */
export function madeEarlier<T>(what: string) {
  let value: T | undefined;
  return {
    set: (made: T) => (value = made),
    get: (): T => {
      if (value === undefined) throw new Error(`no ${what}: the test that makes it failed`);
      return value;
    },
  };
}

/** A device's push keys as an app's relay hands them over: a P-256 public key and a 16-byte secret. */
export function pushKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
