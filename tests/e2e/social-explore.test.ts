import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startE2e, type E2e } from './harness.js';

// Explore with infinite scroll, on its own database so the exact number of posts is known: 5 seeded + 25 here.

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

const seeded = [
  'Hello Realm! Small network',
  'A city is a machine',
  'Golden hour by the river',
  'Sourdough attempt number four',
  'Spent the morning sketching',
];

describe('explore', () => {
  it('lists every post exactly once, newest first, in pages of 20 with a visible end', async () => {
    const p = await e2e.newPage({ height: 800 });
    await signUp(p);
    const stamp = Date.now();
    const mine = Array.from(
      { length: 25 },
      (_, i) => `Scroll post ${String(i + 1).padStart(2, '0')} ${stamp}`,
    );
    await p.page.evaluate(async (contents) => {
      for (const content of contents) {
        const response = await fetch('/trpc/posts.create', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: sessionStorage.getItem('token') ?? '',
          },
          body: JSON.stringify({ content }),
        });
        if (!response.ok) throw new Error(await response.text());
      }
    }, mine);

    await p.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await p.page.waitForURL(p.url('/explore'));
    const list = p.page.getByRole('region', { name: 'All posts' });
    const cards = list.getByRole('article');
    const end = p.page.getByText("You're all caught up.", { exact: true });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(20);
    expect(await end.count()).toBe(0);

    await expect
      .poll(async () => {
        await p.page.mouse.wheel(0, 4000);
        return end.isVisible();
      })
      .toBe(true);

    const shown = await cards.locator('.post-content').allTextContents();
    expect(shown).toHaveLength(30);
    expect(new Set(shown).size).toBe(30);
    expect(shown.slice(0, 25)).toEqual([...mine].reverse());
    expect(shown.slice(25).map((text, i) => text.startsWith(seeded[i] ?? '?'))).toEqual(Array(5).fill(true));
    const times = await cards
      .locator('time')
      .evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The end line comes after the last post.
    const below = await end.evaluate((el) => {
      const last = [...document.querySelectorAll('article')].at(-1);
      return !!last && (last.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(below).toBe(true);
    expect(p.errors).toEqual([]);
  });
});
