import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signUp } from './harness.js';
import { me, postBy } from './conversation-helpers.js';
import { card, unique, useE2e } from './page-helpers.js';

// Avatars and banners in a real browser (docs/pictures.md, "Avatars and banners"): chosen in Edit profile,
// uploaded at once and previewed in the shape the profile shows, then seen on the profile, the navbar's
// account button and the member's post cards; removed back to initials.

const { open } = useE2e();

const profileCard = (page: Page) => page.getByRole('region', { name: 'Profile' });

/** A JPEG of `width` x `height`, half one colour and half another, so a crop has something to find. */
async function photo(width: number, height: number) {
  const half = await sharp({
    create: { width: Math.round(width / 2), height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 240, g: 200, b: 40 } },
  })
    .composite([{ input: half, left: 0, top: 0 }])
    .jpeg()
    .toBuffer();
  return { name: 'photo.jpg', mimeType: 'image/jpeg', buffer };
}

/** The natural size of a loaded picture. */
const naturalSize = (image: ReturnType<Page['locator']>) =>
  image.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : []));

describe.each([390, 1280])('profile pictures at %i px', (width) => {
  it('uploads an avatar and a banner in Edit profile, and shows them everywhere', async () => {
    const p = await open({ width });
    await signUp(p, 'Pia', 'Picture');
    const { username } = await me(p);
    const text = unique('A post with my new face');
    await postBy(p, text);
    await p.page.goto(p.url(`/profile/${encodeURIComponent(username)}`));
    const profile = profileCard(p.page);
    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Edit profile' });
    // No picture yet: initials, and nothing to remove.
    await dialog.getByRole('img', { name: `${username}'s picture` }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Remove picture' }).count()).toBe(0);

    // A refusal in plain words, then a real picture.
    await dialog.locator('input[data-picture="avatar"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await dialog.getByRole('alert').getByText('This file is not a picture.', { exact: false }).waitFor();
    // Too large: the server stops reading at its limit, and the member reads why.
    await dialog.locator('input[data-picture="avatar"]').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(17 * 1024 * 1024, 1),
    });
    await dialog
      .getByRole('alert')
      .getByText('This picture is larger than the 16 MB limit. Send a smaller one.')
      .waitFor();
    await dialog.locator('input[data-picture="avatar"]').setInputFiles(await photo(900, 600));
    const preview = dialog.locator(`img[alt="${username}'s picture"]`);
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/media\//);
    await expect.poll(() => naturalSize(preview)).toEqual([128, 128]);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.locator('input[data-picture="banner"]').setInputFiles(await photo(1800, 1200));
    const bannerPreview = dialog.getByRole('img', { name: 'Your banner' });
    await expect.poll(() => naturalSize(bannerPreview)).toEqual([600, 200]);
    for (const colorScheme of ['light', 'dark'] as const) {
      await p.page.emulateMedia({ colorScheme });
      await expect.poll(() => p.page.locator('html').getAttribute('data-theme')).toBe(colorScheme);
      await expectAccessible(p.page, `edit profile with pictures at ${width}, ${colorScheme}`);
    }
    await p.page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // On the profile: the stored picture (400 x 400) and banner (1500 x 500).
    const avatar = profile.getByRole('img', { name: `${username}'s picture` });
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/media\/.+\.webp$/);
    await expect.poll(() => naturalSize(avatar)).toEqual([400, 400]);
    const banner = profile.locator('.banner img');
    await expect.poll(() => naturalSize(banner)).toEqual([1500, 500]);
    const src = await avatar.getAttribute('src');
    // The navbar's account button and the post card show the same picture.
    const accountButton = p.page.getByRole('button', { name: 'Account menu' });
    await expect.poll(() => accountButton.locator('img').getAttribute('src')).toBe(src);
    await p.page.goto(p.url('/explore'));
    await expect.poll(() => card(p.page, text).locator(`img[src="${src}"]`).count()).toBeGreaterThan(0);

    // Remove picture: back to initials once saved.
    await p.page.goto(p.url(`/profile/${encodeURIComponent(username)}`));
    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByRole('button', { name: 'Remove picture' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await profile.locator('.avatar-initials').waitFor();
    expect(await profile.locator('.banner img').count()).toBe(1);
    // The failures the browser saw are the refused text file's and the large file's answers.
    expect(p.errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      'Failed to load resource: the server responded with a status of 413 (Payload Too Large)',
    ]);
  });
});
