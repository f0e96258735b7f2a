import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, logIn, signUp } from './harness.js';
import { card, composer, unique, useE2e } from './page-helpers.js';
import { smallTargets } from './tap-targets.js';

// Pictures in the web app (docs/pictures.md, "In the web app"): added in the composer with alt text, shown
// on cards in slots sized before the pictures arrive, opened in the viewer; a refused file says why.

const { open } = useE2e();
const folder = mkdtempSync(join(tmpdir(), 'realm-pictures-e2e-'));
const files = {
  wide: join(folder, 'wide.jpg'),
  tall: join(folder, 'tall.jpg'),
  fake: join(folder, 'photo.jpg'),
};
let tallBytes = '';

beforeAll(async () => {
  const photo = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer();
  writeFileSync(files.wide, await photo(1200, 800, '#d2691e'));
  const tall = await photo(600, 1200, '#2e8b57');
  writeFileSync(files.tall, tall);
  tallBytes = tall.toString('base64');
  writeFileSync(files.fake, 'This is a text file, whatever its name says.\n');
});

const altField = (page: Page) => page.getByLabel('Describe this picture (alt text)');
const drafts = (page: Page) =>
  page.getByRole('list', { name: 'Pictures in this post' }).getByRole('listitem');
const postButton = (page: Page) => page.getByRole('button', { name: 'Post', exact: true });

/** Chooses files with the composer's picker and waits until every one is uploaded. */
async function addPictures(page: Page, paths: string[]) {
  await page.getByTestId('picture-input').first().setInputFiles(paths);
  await expect.poll(() => drafts(page).count()).toBe(paths.length);
  await page.getByText('Uploading…').first().waitFor({ state: 'detached' });
}

async function axeBothThemes(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${label}, ${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Width / height of a box as laid out (polled: the server's drawn page may be being taken over). */
const aspectOf = async (locator: Locator) => {
  let ratio = 0;
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      ratio = box && box.width > 0 && box.height > 0 ? box.width / box.height : 0;
      return ratio;
    })
    .toBeGreaterThan(0);
  return ratio;
};

describe('pictures in the web app', () => {
  it('a member posts two photos with alt text; another sees steady slots, the viewer, the arrows and Escape', async () => {
    const author = await open();
    await signUp(author, 'Ana', 'Photo');
    const text = unique('Two photos');
    await composer(author.page).fill(text);
    await addPictures(author.page, [files.wide, files.tall]);
    // A gentle nudge, not a blocker, while a picture has no description.
    await expect
      .poll(() => author.page.getByText('Add a description so everyone can follow').count())
      .toBe(2);
    await altField(author.page).nth(0).fill('An orange field at sunset');
    await altField(author.page).nth(1).fill('A green door, tall and narrow');
    await expect
      .poll(() => author.page.getByText('Add a description so everyone can follow').count())
      .toBe(0);
    await postButton(author.page).click();
    const mine = card(author.page, text);
    await mine.getByRole('button', { name: 'An orange field at sunset' }).waitFor();
    // The composer is empty again.
    expect(await drafts(author.page).count()).toBe(0);
    expect(await composer(author.page).inputValue()).toBe('');

    // A follower opens their feed while every picture's bytes are held back: the slots are laid out anyway.
    const profilePath = (await mine.locator('a.post-author').getAttribute('href'))!;
    const reader = await open();
    await signUp(reader, 'Ben', 'Reader');
    await reader.page.goto(reader.url(profilePath));
    await reader.page.getByRole('button', { name: /^Follow @/ }).click();
    await reader.page.getByRole('button', { name: /^Unfollow @/ }).waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await reader.page.route('**/media/**', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await reader.page.goto(reader.url('/'));
    const post = card(reader.page, text);
    const grid = post.getByTestId('post-pictures');
    await grid.waitFor();
    const slots = grid.locator('.picture-slot');
    expect(await slots.count()).toBe(2);
    expect(await aspectOf(grid)).toBeCloseTo(16 / 9, 1);
    for (const slot of await slots.all()) {
      // Each half of the 16:9 grid, as tall as the grid, painted with its ThumbHash meanwhile.
      expect(await aspectOf(slot)).toBeCloseTo(8 / 9, 1);
      // Polled: the page drawn by the server is taken over by the app meanwhile, replacing the element.
      await expect
        .poll(() => slot.evaluate((el) => getComputedStyle(el).backgroundImage))
        .toMatch(/^url\("data:image\/png/);
    }
    expect(
      await grid.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)),
    ).toEqual([0, 0]);
    release();
    await expect
      .poll(() =>
        grid
          .locator('img')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    const img = grid.locator('img').first();
    expect(await img.getAttribute('alt')).toBe('An orange field at sunset');
    expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await img.getAttribute('srcset')).toMatch(/\/media\/\S+ \d+w, \/media\/\S+ 1200w/);

    // The viewer: large picture, its alt text, "1 of 2", the arrow keys, and Escape giving focus back.
    const opener = post.getByRole('button', { name: 'An orange field at sunset' });
    await opener.click();
    const viewer = reader.page.getByRole('dialog');
    await viewer.waitFor();
    await expect.poll(() => viewer.getByTestId('picture-position').textContent()).toBe('1 of 2');
    expect(await viewer.locator('figcaption').textContent()).toBe('An orange field at sunset');
    await reader.page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.getByTestId('picture-position').textContent()).toBe('2 of 2');
    expect(await viewer.locator('figcaption').textContent()).toBe('A green door, tall and narrow');
    await reader.page.keyboard.press('ArrowLeft');
    await expect.poll(() => viewer.getByTestId('picture-position').textContent()).toBe('1 of 2');
    await reader.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(reader.errors).toEqual([]);

    // A visitor (no session, no cookie) who has the picture's address gets it, with its headers.
    const address = (await img.getAttribute('srcset'))!.split(' ')[0]!;
    const visitor = await open();
    const picture = await visitor.page.request.get(visitor.url(address));
    expect(picture.status()).toBe(200);
    expect(picture.headers()).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
  });

  it('a file that is not a picture is refused in plain words and nothing attaches', async () => {
    const p = await open();
    await signUp(p);
    await p.page.getByTestId('picture-input').first().setInputFiles(files.fake);
    const alert = p.page.getByRole('alert').filter({ hasText: 'This file is not a picture.' });
    await alert.waitFor();
    expect(await drafts(p.page).count()).toBe(0);
    expect(await postButton(p.page).isDisabled()).toBe(true);
  });

  it('a picture dropped onto the composer uploads, and posts without text at its own (clamped) shape', async () => {
    const p = await open();
    await signUp(p, 'Dee', 'Dropper');
    await p.page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'tall.jpg', { type: 'image/jpeg' }));
      const form = document.querySelector('form.composer')!;
      for (const type of ['dragover', 'drop']) {
        form.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    }, tallBytes);
    await expect.poll(() => drafts(p.page).count()).toBe(1);
    await p.page.getByText('Uploading…').waitFor({ state: 'detached' });
    // A photo needs no caption: Post is enabled with a picture and no text.
    expect(await postButton(p.page).isDisabled()).toBe(false);
    await postButton(p.page).click();
    const mine = p.page
      .getByRole('article')
      .filter({ hasText: '@' })
      .filter({ has: p.page.getByTestId('post-pictures') });
    const grid = mine.first().getByTestId('post-pictures');
    await grid.waitFor();
    // 600 x 1200 is taller than 4:5, so the slot is 4:5.
    expect(await aspectOf(grid)).toBeCloseTo(4 / 5, 1);
    expect(await grid.getByRole('button', { name: 'Open picture 1 of 1' }).count()).toBe(1);
  });

  it('a picture pasted into the text box is added, and Remove takes it away', async () => {
    const p = await open();
    await signUp(p, 'Pat', 'Paster');
    await composer(p.page).focus();
    await p.page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'image.jpg', { type: 'image/jpeg' }));
      const box = document.querySelector('form.composer textarea')!;
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, tallBytes);
    await expect.poll(() => drafts(p.page).count()).toBe(1);
    await p.page.getByText('Uploading…').waitFor({ state: 'detached' });
    expect(await composer(p.page).inputValue()).toBe('');
    await p.page.getByRole('button', { name: 'Remove picture 1 of 1' }).click();
    expect(await drafts(p.page).count()).toBe(0);
    expect(await postButton(p.page).isDisabled()).toBe(true);
  });

  it('Edit post changes a picture’s alt text and removes another', async () => {
    const p = await open();
    await signUp(p, 'Eve', 'Editor');
    const text = unique('Edit my pictures');
    await composer(p.page).fill(text);
    await addPictures(p.page, [files.wide, files.tall]);
    await postButton(p.page).click();
    const mine = card(p.page, text);
    await mine.getByTestId('post-pictures').waitFor();
    await mine.getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Edit post' });
    await dialog.getByRole('button', { name: 'Remove picture 2 of 2' }).click();
    await altField(p.page).fill('Warm orange light');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await mine.getByRole('button', { name: 'Warm orange light' }).waitFor();
    expect(await mine.locator('.picture-slot').count()).toBe(1);
  });
});

describe.each([390, 1280])('accessible at %i px', (width) => {
  let member: { username: string; password: string } | undefined;

  it('the composer with pictures, cards with pictures and the viewer, light and dark', async () => {
    const p = await open({ width });
    if (member) await logIn(p, member);
    else member = await signUp(p, 'Axe', 'Checker');
    const text = unique('Accessible pictures');
    await composer(p.page).fill(text);
    await addPictures(p.page, [files.wide, files.tall]);
    await altField(p.page).nth(0).fill('Orange');
    // Every Remove is whole (not squeezed under its own text) and inside the composer's column.
    const column = (await p.page.locator('.composer-body').boundingBox())!;
    for (const remove of await p.page.getByRole('button', { name: /^Remove picture/ }).all()) {
      const box = (await remove.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
      expect(await remove.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    if (width === 390) expect(await smallTargets(p.page)).toEqual([]);
    await axeBothThemes(p.page, `composer with pictures at ${width}`);
    await postButton(p.page).click();
    const mine = card(p.page, text);
    await mine.getByTestId('post-pictures').waitFor();
    await axeBothThemes(p.page, `cards with pictures at ${width}`);
    await mine.getByRole('button', { name: 'Orange' }).click();
    await p.page.getByRole('dialog').waitFor();
    if (width === 390) expect(await smallTargets(p.page)).toEqual([]);
    await axeBothThemes(p.page, `viewer at ${width}`);
    await p.page.getByRole('button', { name: 'Close' }).click();
    expect(p.errors).toEqual([]);
  });
});
