import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { runRealm, startRealm, type RealmServer } from '../helpers/realm-program.js';
import { launchBrowser } from './browser.js';
import { logIn, type E2ePage } from './harness.js';

// The admin screens' browser tests (issue 17) need what harness.ts does not give: the instance's folder, so
// that `realm admin` can make moderators and admins beside the running server, as a self-hoster would.

export type Credentials = { username: string; password: string };

let made = 0;

export function useAdminE2e() {
  let dir = '';
  let server: RealmServer | undefined;
  let browser: Browser | undefined;
  const opened: E2ePage[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-e2e-admin-'));
    server = await startRealm(['--demo'], { kind: 'compiled', cwd: dir });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** `realm admin ...` on this instance's data folder; fails the test with its output when it fails. */
  async function realm(args: string[], input?: string) {
    const result = await runRealm(args, { kind: 'compiled', cwd: dir, input });
    if (result.code !== 0) {
      throw new Error(`realm ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
    }
    return result.stdout;
  }

  return {
    realm,
    /** A fresh browser context (its own session) and page; console errors are collected. */
    async open(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}) {
      const context = await browser!.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        colorScheme: options.colorScheme ?? 'light',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      const p: E2ePage = { page, context, errors, url: (path) => `${server!.url}${path}` };
      opened.push(p);
      return p;
    },
    /**
     * A member made on the command line (`realm admin create-user`, then `set-role` for a moderator or an
     * admin), before they ever log in. Logins count against the sign-in limit (25 per 5 minutes per
     * address); members made here do not.
     */
    async member(role: 'member' | 'moderator' | 'admin', firstName: string, lastName: string) {
      made += 1;
      const credentials = {
        username: `e2e-${role}-${Date.now()}-${made}@example.com`,
        password: `e2e-password-${made}`,
      };
      await realm(
        [
          'admin',
          'create-user',
          credentials.username,
          '--password-stdin',
          '--first-name',
          firstName,
          '--last-name',
          lastName,
        ],
        `${credentials.password}\n`,
      );
      if (role !== 'member') await realm(['admin', 'set-role', credentials.username, role]);
      return credentials;
    },
  };
}

/** Logs in on a fresh page of `open` and goes to `path`. */
export async function signedIn(
  open: () => Promise<E2ePage>,
  credentials: Credentials,
  path?: string,
): Promise<E2ePage> {
  const p = await open();
  await logIn(p, credentials);
  if (path) await p.page.goto(p.url(path));
  return p;
}

/** A signup through the tRPC API, with no session (the signup screen is another issue's). */
export async function signUpByApi(p: E2ePage, credentials: Credentials, firstName: string) {
  await p.page.goto(p.url('/auth'));
  await p.page.evaluate(
    async (input) => {
      const response = await fetch('/trpc/auth.signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (!response.ok) throw new Error(`auth.signup: ${await response.text()}`);
    },
    { ...credentials, firstName, lastName: 'Newcomer' },
  );
}

export const memberRow = (page: Page, username: string) =>
  page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: `@${username}` });

export const reportItem = (page: Page, state: 'Open' | 'Resolved', text: string) =>
  page
    .getByRole('list', { name: `${state} reports` })
    .getByRole('listitem')
    .filter({ hasText: text });

export const logEntries = (page: Page) =>
  page.getByRole('list', { name: 'Audit log, newest first' }).getByRole('listitem');

/** Answers the reason dialog titled `title` and waits for it to close. */
export async function confirmWithReason(page: Page, title: string, confirm: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}
