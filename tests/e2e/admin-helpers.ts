import type { Page } from 'playwright-core';
import { useCommunity } from './community-helpers.js';
import { logIn, type E2ePage } from './harness.js';

// The admin screens' browser tests: a demo instance whose folder `realm admin` shares, so that
// moderators and admins are made beside the running server, as a self-hoster would.

/** `username` is the member's handle, which signs in as their email does. */
export type Credentials = { username: string; password: string; email?: string };

let made = 0;

export function useAdminE2e() {
  const c = useCommunity();
  return {
    open: c.open,
    /**
     * A member made on the command line (`realm admin create-user`, then `set-role` for a moderator or an
     * admin), before they ever log in. Logins count against the sign-in limit (25 per 5 minutes per
     * address); members made here do not.
     */
    async member(role: 'member' | 'moderator' | 'admin', firstName: string, lastName: string) {
      made += 1;
      const credentials = {
        username: `e2e_${role}_${Date.now().toString(36)}_${made}`,
        password: `e2e-password-${made}`,
      };
      const create = ['create-user', credentials.username, '--password-stdin'];
      await c.realm(
        ['admin', ...create, '--first-name', firstName, '--last-name', lastName],
        `${credentials.password}\n`,
      );
      if (role !== 'member') await c.admin('set-role', credentials.username, role);
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

/** A signup through the tRPC API, with no session (the signup screen is tested in about-signup.test.ts). */
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
    { email: `${credentials.username}@example.com`, ...credentials, firstName, lastName: 'Newcomer' },
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
