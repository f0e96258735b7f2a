import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { runRealm, startRealm, type RealmServer } from '../helpers/realm-program.js';
import { launchBrowser } from './browser.js';
import { logIn, openPage, signUp, type E2ePage, type PageOptions } from './harness.js';

// The browser tests of settings, about and signup: a demo instance started with the environment a test
// asks for (REALM_REGISTRATION), whose folder the `realm admin ...` commands share, as on a real server.

export type Community = {
  server: RealmServer;
  /** `realm ...args` (with `input` on stdin) in this instance's folder; fails the test if the command fails. */
  realm(args: string[], input?: string): Promise<string>;
  /** `realm admin ...args` against this instance's database. */
  admin(...args: string[]): Promise<string>;
  /** A fresh page with its own session, closed after the test. */
  open(options?: PageOptions): Promise<E2ePage>;
};

/** One instance and browser for the test file; pages opened by a test are closed after it. */
export function useCommunity(env: Record<string, string> = {}): Community {
  let server: RealmServer | undefined;
  let browser: Browser | undefined;
  let dir = '';
  const opened: E2ePage[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-e2e-'));
    server = await startRealm(['--demo'], { kind: 'compiled', cwd: dir, env });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    async realm(args, input) {
      const result = await runRealm(args, { kind: 'compiled', cwd: dir, env, input });
      expect(result.code, `realm ${args.join(' ')}:\n${result.stdout}${result.stderr}`).toBe(0);
      return result.stdout;
    },
    admin(...args) {
      return this.realm(['admin', ...args]);
    },
    async open(options) {
      const p = await openPage(browser!, server!.url, options);
      opened.push(p);
      return p;
    },
  };
}

/** Chromium logs each refused call as a console error; these are the refusals a test means to cause. */
export const unexpectedErrors = (errors: string[], statuses: number[]) =>
  errors.filter(
    (error) =>
      !statuses.some((status) =>
        error.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );

/** A new member signed up on a page of their own. */
export async function newMember(c: Community, firstName = 'Nia', lastName = 'Tester') {
  const p = await c.open();
  const credentials = await signUp(p, firstName, lastName);
  return { p, ...credentials };
}

/** A member made admin with `realm admin set-role`, signed in afresh so the app knows their role. */
export async function newAdmin(c: Community) {
  const admin = await newMember(c, 'Ada', 'Admin');
  await c.admin('set-role', admin.username, 'admin');
  await signOutHere(admin.p);
  await logIn(admin.p, admin);
  return admin;
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu', { name: 'Account menu' });
}

export async function signOutHere(p: E2ePage) {
  await (await openAccountMenu(p.page)).getByRole('menuitem', { name: 'Log out' }).click();
  await p.page.waitForURL(p.url('/auth'));
}

export async function goToSettings(p: E2ePage) {
  await p.page.goto(p.url('/settings'));
  await p.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
}

/** A section of /settings, found by its title. */
export const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

export const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

export const profileUrl = (username: string) => `/profile/${encodeURIComponent(username)}`;
