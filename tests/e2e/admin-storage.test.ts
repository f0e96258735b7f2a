import { describe, expect, it } from 'vitest';
import { bytesText } from '../../src/shared/bytes-text.js';
import { useCommunity } from './community-helpers.js';
import { signedIn } from './admin-helpers.js';
import { expectAccessible, signUp, type E2ePage } from './harness.js';

// /admin/storage: an admin sees what pictures take, in all and by the heaviest members, the same numbers
// `realm admin media-usage` prints beside the running server. Phone and desktop, light and dark.

const c = useCommunity();

/** A member made with `realm admin` beside the server, as a self-hoster makes an admin or a moderator. */
async function member(role: 'moderator' | 'admin') {
  const credentials = { username: `e2e-${role}-${Date.now()}@example.com`, password: `e2e-${role}-password` };
  await c.realm(
    ['admin', 'create-user', credentials.username, '--password-stdin', '--role', role],
    `${credentials.password}\n`,
  );
  return credentials;
}

/** Uploads a picture drawn in the page (a JPEG from a canvas) as the signed-in member, through POST /media. */
async function uploadFromPage(p: E2ePage) {
  const status = await p.page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [640, 480];
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2a9d8f';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#e76f51';
    context.fillRect(100, 100, 300, 200);
    const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b!), 'image/jpeg', 0.9));
    const response = await fetch('/media', {
      method: 'POST',
      headers: { authorization: sessionStorage.getItem('token') ?? '', 'content-type': 'image/jpeg' },
      body: blob,
    });
    return response.status;
  });
  expect(status).toBe(201);
}

describe('/admin/storage', () => {
  it('shows an admin the storage in all and by member, as the command line does; a moderator is refused', async () => {
    const uploader = await c.open();
    const credentials = await signUp(uploader, 'Pia', 'Photographer');
    await uploadFromPage(uploader);
    const usage = JSON.parse(await c.admin('media-usage', '--json')) as {
      bytes: number;
      top: { username: string; bytes: number }[];
    };
    expect(usage.top[0]!.username).toBe(credentials.username);

    const admin = await member('admin');
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      const p = await signedIn(() => c.open({ width, colorScheme }), admin, '/admin');
      const tabs = p.page.getByRole('navigation', { name: 'Administration' });
      await tabs.getByRole('link', { name: 'Storage' }).click();
      await p.page.waitForURL(p.url('/admin/storage'));
      const section = p.page.getByRole('region', { name: 'Storage' });
      await section.getByText(bytesText(usage.bytes), { exact: true }).first().waitFor();
      await section.getByText('1 picture, 1 not on a post yet').waitFor();
      const row = section.getByRole('row').filter({ hasText: credentials.username });
      expect(await row.getByRole('cell').allTextContents()).toEqual(['1', bytesText(usage.top[0]!.bytes)]);
      expect(await row.getByRole('link', { name: credentials.username }).getAttribute('href')).toBe(
        `/profile/${encodeURIComponent(credentials.username)}`,
      );
      // Nothing sticks out sideways, even on a phone.
      expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(p.page, `/admin/storage at ${width} px, ${colorScheme}`);
      expect(p.errors).toEqual([]);
    }

    const moderator = await signedIn(c.open, await member('moderator'), '/admin');
    const tabs = moderator.page.getByRole('navigation', { name: 'Administration' });
    await tabs.getByRole('link', { name: 'Members' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Storage' }).count()).toBe(0);
    await moderator.page.goto(moderator.url('/admin/storage'));
    await moderator.page.getByText('This page is for admins.').waitFor();
  });
});
