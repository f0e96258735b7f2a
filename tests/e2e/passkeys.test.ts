import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../helpers/second-factor.js';
import { section } from './community-helpers.js';
import { openPage, signUp, startE2e, type E2e, type E2ePage } from './harness.js';

// Passkeys in a real browser, with Chromium's virtual authenticator (DevTools protocol): one registered in
// Settings, then signing in with it from the login page without a password, and without the code of an
// account with two-factor authentication. WebAuthn refuses an IP address as relying party, so the page is
// opened at http://localhost:PORT (a secure context), not 127.0.0.1.

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

async function withAuthenticator(p: E2ePage): Promise<CDPSession> {
  const cdp = await p.context.newCDPSession(p.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function logOut(p: E2ePage) {
  await p.page.getByRole('button', { name: 'Account menu' }).click();
  await p.page.getByRole('menuitem', { name: 'Log out' }).click();
  await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
}

describe('passkeys', () => {
  it('one is added in Settings, signs in without password or code, and once removed signs in no more', async () => {
    const p = await openPage(e2e.browser, e2e.server.url.replace('127.0.0.1', 'localhost'));
    await withAuthenticator(p);
    const credentials = await signUp(p);
    await p.page.goto(p.url('/settings'));

    // Two-factor authentication on, so that the passkey's sign-in is seen to stand for the code too.
    const twoFactor = section(p.page, 'Two-factor authentication');
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await twoFactor.locator('.totp-secret').textContent())!;
    await twoFactor.getByLabel('Code from the app').fill(totpCode(secret));
    await twoFactor.getByLabel('Your password').fill(credentials.password);
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await twoFactor.getByRole('button', { name: 'I have saved them' }).click();

    const passkeys = section(p.page, 'Passkeys');
    await passkeys.getByText('No passkeys yet.').waitFor();
    await passkeys.getByLabel('Passkey name').fill('Test laptop');
    await passkeys.getByLabel('Your password').fill(credentials.password);
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    const listed = passkeys.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await listed.filter({ hasText: 'Test laptop' }).filter({ hasText: 'never used' }).waitFor();

    await logOut(p);
    await p.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await p.page.waitForURL(p.url('/'));
    await p.page.getByRole('button', { name: 'Account menu' }).waitFor();
    await p.page.goto(p.url('/settings'));
    await listed.filter({ hasText: 'Test laptop' }).filter({ hasText: 'last used' }).waitFor();

    await passkeys.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
    await passkeys.getByText('No passkeys yet.').waitFor();
    await logOut(p);
    // The authenticator still holds it; the instance no longer knows it.
    await p.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await p.page.getByRole('alert').filter({ hasText: 'The passkey could not be checked.' }).waitFor();
    expect(p.page.url()).toBe(p.url('/auth'));
    await p.context.close();
  });
});
