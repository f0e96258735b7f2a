import { describe, expect, it } from 'vitest';
import { totpCode } from '../helpers/second-factor.js';
import { section } from './community-helpers.js';
import { signUp, type E2ePage } from './harness.js';
import { useE2e } from './page-helpers.js';

// Two-factor authentication in a real browser: set up in Settings from the secret the page shows (codes
// computed here as an authenticator app computes them), then signing in with a code, with a recovery code,
// and through an app's OAuth sign-in.

const e2e = useE2e();

async function logOut(p: E2ePage) {
  await p.page.getByRole('button', { name: 'Account menu' }).click();
  await p.page.getByRole('menuitem', { name: 'Log out' }).click();
  await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
}

async function passwordStep(p: E2ePage, credentials: { username: string; password: string }) {
  await p.page.getByLabel('Email').fill(credentials.username);
  await p.page.getByLabel('Password').fill(credentials.password);
  await p.page.getByRole('button', { name: 'Login to your account' }).click();
  await p.page.getByText('This account uses two-factor authentication.').waitFor();
}

const codeField = (p: E2ePage) => p.page.getByLabel('Code from your authenticator app, or a recovery code');

describe('two-factor authentication', () => {
  it('is set up from the secret shown, then asked after the password: a code, then a recovery code once', async () => {
    const p = await e2e.open();
    const credentials = await signUp(p);
    await p.page.goto(p.url('/settings'));
    const twoFactor = section(p.page, 'Two-factor authentication');
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const qr = twoFactor.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    // The QR code is drawn: the page's Content-Security-Policy lets its data: address load.
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await twoFactor.locator('.totp-secret').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await twoFactor.getByLabel('Code from the app').fill(totpCode(secret));
    await twoFactor.getByLabel('Your password').fill(credentials.password);
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    const listed = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => listed.count()).toBe(10);
    const recoveryCodes = await listed.allTextContents();
    await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
    await twoFactor.getByText('10 recovery codes left.', { exact: false }).waitFor();
    expect(await twoFactor.locator('.totp-secret').count()).toBe(0);

    await logOut(p);
    await passwordStep(p, credentials);
    // The code of the next step: the one that turned the factor on cannot sign in again.
    await codeField(p).fill(totpCode(secret, Date.now() + 30_000));
    await p.page.getByRole('button', { name: 'Verify' }).click();
    await p.page.waitForURL(p.url('/'));
    await p.page.getByRole('button', { name: 'Account menu' }).waitFor();

    await logOut(p);
    await passwordStep(p, credentials);
    await codeField(p).fill(recoveryCodes[0]!);
    await p.page.getByRole('button', { name: 'Verify' }).click();
    await p.page.waitForURL(p.url('/'));
    await p.page.goto(p.url('/settings'));
    await twoFactor.getByText('9 recovery codes left.', { exact: false }).waitFor();

    // A recovery code works once.
    await logOut(p);
    await passwordStep(p, credentials);
    await codeField(p).fill(recoveryCodes[0]!);
    await p.page.getByRole('button', { name: 'Verify' }).click();
    await p.page.getByRole('alert').filter({ hasText: 'The code is not correct.' }).waitFor();

    // An app's sign-in is the same login page: it asks for the code too, then shows the app.
    const app = await fetch(p.url('/api/v1/apps'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Pocket Reader', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' }),
    });
    const { client_id: clientId } = (await app.json()) as { client_id: string };
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      response_type: 'code',
      scope: 'read',
    });
    const other = await e2e.open();
    await other.page.goto(other.url(`/oauth/authorize?${query}`));
    await other.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
    await passwordStep(other, credentials);
    await codeField(other).fill(recoveryCodes[1]!);
    await other.page.getByRole('button', { name: 'Verify' }).click();
    await other.page.getByRole('heading', { name: 'Allow Pocket Reader?' }).waitFor();
  });
});
