import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoCredentials } from '../../src/shared/demo.js';
import { startRealm, type RealmServer } from '../helpers/realm-program.js';
import { launchBrowser } from './browser.js';

export { demoCredentials };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type E2e = {
  server: RealmServer;
  browser: Browser;
  /** A fresh browser context (its own sessionStorage) and page; console errors are collected. */
  newPage(options?: PageOptions): Promise<E2ePage>;
  close(): Promise<void>;
};

export type E2ePage = {
  page: Page;
  context: BrowserContext;
  errors: string[];
  url: (path: string) => string;
};

/**
 * The real server on a fresh, seeded database and Chromium. The rate limits are on, as on a real instance:
 * a member using the web app, however fast, must never meet them.
 */
export async function startE2e(options: { demo?: boolean } = {}): Promise<E2e> {
  const dir = mkdtempSync(join(tmpdir(), 'realm-e2e-'));
  // The compiled program as `npm start` runs it, or the single executable named by REALM_BINARY, started
  // in an empty folder as a self-hoster would; with the demo unless a test wants a real, empty instance.
  const server = await startRealm(options.demo === false ? [] : ['--demo'], { kind: 'compiled', cwd: dir });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    newPage: (options) => openPage(browser, server.url, options),
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

export type PageOptions = {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /**
   * The app's service worker (public/sw.js) runs only where a test asks for it: it fetches pages and built
   * files itself, and Playwright's page.route, which other tests use, does not see what a worker fetches.
   */
  serviceWorkers?: 'allow' | 'block';
};

/** A fresh browser context (its own sessionStorage) and page on `baseUrl`; console errors are collected. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: PageOptions = {},
): Promise<E2ePage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { page, context, errors, url: (path) => `${baseUrl}${path}` };
}

/** Logs in through the login page with the given credentials (the demo member by default). */
export async function logIn(
  p: E2ePage,
  credentials: { username: string; password: string } = demoCredentials,
) {
  await p.page.goto(p.url('/auth'));
  await p.page.getByLabel('Email').fill(credentials.username);
  await p.page.getByLabel('Password').fill(credentials.password);
  await p.page.getByRole('button', { name: 'Login to your account' }).click();
  await p.page.waitForURL(p.url('/'));
}

let signups = 0;

/** A handle and an email no other signup of this run has; the handle (`username`) signs in as the email does. */
export function freshCredentials(prefix = 'e2e') {
  signups += 1;
  const username = `${prefix}_${Date.now().toString(36)}_${signups}`;
  return { username, email: `${username}@example.com`, password: 'e2e-password-1' };
}

/** Fills the signup page's handle and email (after the names, which suggest a handle). */
export async function fillHandleAndEmail(page: Page, credentials: { username: string; email: string }) {
  await page.getByLabel('Handle').fill(credentials.username);
  await page.getByLabel('Email').fill(credentials.email);
}

/** Signs a new member up through the signup page; returns their credentials. */
export async function signUp(p: E2ePage, firstName = 'Nia', lastName = 'Tester') {
  const credentials = freshCredentials();
  await p.page.goto(p.url('/signup'));
  await p.page.getByLabel('First name').fill(firstName);
  await p.page.getByLabel('Last name').fill(lastName);
  await fillHandleAndEmail(p.page, credentials);
  await p.page.getByLabel('Password').fill(credentials.password);
  await p.page.getByRole('button', { name: 'Create account' }).click();
  await p.page.waitForURL(p.url('/'));
  return credentials;
}

/** axe-core on the page as it is now: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string) {
  // Evaluated through the DevTools protocol, so the app's CSP (script-src 'self') does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
