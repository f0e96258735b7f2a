import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, logIn, startE2e, type E2e, type E2ePage } from './harness.js';
import { demoHandle } from '../../src/shared/demo.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

const shotDir = join('test-results', 'screens');
mkdirSync(shotDir, { recursive: true });

const sizes = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const schemes = ['light', 'dark'] as const;
const combos = sizes.flatMap((size) => schemes.map((scheme) => ({ ...size, scheme })));

const ownProfile = `/profile/${demoHandle}`;

describe.each(combos)('every screen at $width px, $scheme', ({ width, height, scheme }) => {
  const phone = width < 600;

  /** Every failed check of this width and scheme, reported together at the end so each screen is seen. */
  const problems: string[] = [];

  /** Waits for pictures, saves a screenshot, then checks axe and (on a phone) that nothing scrolls sideways. */
  async function check(p: E2ePage, screen: string) {
    await p.page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await p.page.screenshot({ path: join(shotDir, `${screen}-${width}-${scheme}.png`), fullPage: true });
    try {
      await checkNow(p, screen);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }

  async function checkNow(p: E2ePage, screen: string) {
    await expectAccessible(p.page, `${screen} at ${width}px ${scheme}`);
    if (phone) {
      const { scroll, client } = await p.page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll, `${screen}: horizontal scrollbar at ${width}px`).toBeLessThanOrEqual(client);
    }
  }

  async function visit(p: E2ePage, path: string, ready: string) {
    await p.page.goto(p.url(path));
    // The visible one: on a phone the navbar's own Explore link is hidden, the tab bar has it.
    await p.page.getByText(ready, { exact: true }).filter({ visible: true }).first().waitFor();
  }

  it('login, signup, home, explore, bookmarks, profiles, menus, modals and not-found', async () => {
    const p = await e2e.newPage({ width, height, colorScheme: scheme });
    const { page } = p;

    await visit(p, '/auth', 'Login to Realm');
    await check(p, 'login');
    await visit(p, '/signup', 'Join Realm');
    await check(p, 'signup');

    await logIn(p);
    await page.getByRole('article').first().waitFor();
    const whoToFollow = page.getByRole('heading', { name: 'Who to follow' });
    if (phone) {
      expect(await whoToFollow.isVisible(), '"Who to follow" on a phone').toBe(false);
    } else {
      await whoToFollow.waitFor();
      await page
        .getByRole('button', { name: /^Follow @/ })
        .first()
        .waitFor();
    }
    await check(p, 'home');

    await visit(p, '/explore', 'Explore');
    await page.getByRole('article').nth(4).waitFor();
    await check(p, 'explore');

    // Bookmarks: start from none (removing any a failed earlier run left), then add one from Explore.
    await visit(p, '/bookmark', 'Bookmarks');
    const list = page.getByRole('region', { name: 'Bookmarked posts' });
    await list.waitFor();
    while ((await list.getByRole('button', { name: 'Remove bookmark' }).count()) > 0) {
      await list.getByRole('button', { name: 'Remove bookmark' }).first().click();
      await page.reload();
      await list.waitFor();
    }
    await page.getByText('No Post is bookmarked yet', { exact: true }).waitFor();
    await check(p, 'bookmark-empty');

    await visit(p, '/explore', 'Explore');
    const first = page.getByRole('article').first();
    await first.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await first.getByRole('button', { name: 'Remove bookmark' }).waitFor();
    await visit(p, '/bookmark', '1 post in bookmark');
    await page.getByRole('article').first().waitFor();
    await check(p, 'bookmark');
    // Removing it here takes the post off this page (the list is fetched again): the empty text comes back.
    await page.getByRole('article').first().getByRole('button', { name: 'Remove bookmark' }).click();
    await page.getByText('No Post is bookmarked yet', { exact: true }).waitFor();

    await visit(p, ownProfile, 'Riya Sharma');
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await check(p, 'profile-own');

    const options = page.getByRole('article').first().getByRole('button', { name: 'Post options' });
    await options.click();
    await page.getByRole('menu', { name: 'Post options' }).waitFor();
    await check(p, 'post-options-open');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editPost = page.getByRole('dialog', { name: 'Edit post' });
    await editPost.getByLabel('Post').waitFor();
    await check(p, 'edit-post-modal');
    await editPost.getByRole('button', { name: 'Cancel' }).click();
    await editPost.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const editProfile = page.getByRole('dialog', { name: 'Edit profile' });
    await editProfile.getByLabel('Bio').waitFor();
    await editProfile.getByLabel('Url').waitFor();
    await check(p, 'edit-profile-modal');
    await editProfile.getByRole('button', { name: 'Cancel' }).click();
    await editProfile.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    await check(p, 'account-menu-open');
    await page.keyboard.press('Escape');

    await visit(p, '/profile/janecooper', 'Jane Cooper');
    await page.getByRole('button', { name: 'Follow @janecooper' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await check(p, 'profile-other');

    await visit(p, '/no-such-page', 'Page not found');
    await page.getByRole('link', { name: 'Go home' }).waitFor();
    await check(p, 'not-found');

    expect(problems).toEqual([]);
    expect(p.errors).toEqual([]);
  });
});

describe('speed', () => {
  it('shows the first post on / within 3 s (median of 5 fresh loads)', async () => {
    const p = await e2e.newPage();
    await logIn(p);
    const runs: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      await p.page.goto(p.url('/'), { waitUntil: 'commit' });
      await p.page.getByRole('article').first().waitFor();
      runs.push(Math.round(performance.now() - start));
    }
    const median = [...runs].sort((a, b) => a - b)[2] ?? Number.NaN;
    const timings = { firstPostMs: { median, runs } };
    mkdirSync('test-results', { recursive: true });
    writeFileSync(join('test-results', 'e2e-timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
    // eslint-disable-next-line no-console -- the measured timing is meant to be read in the run's output
    console.log('e2e timings', JSON.stringify(timings));
    expect(median).toBeLessThan(3000);
    expect(p.errors).toEqual([]);
  });
});
