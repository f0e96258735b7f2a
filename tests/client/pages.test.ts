import { describe, expect, it } from 'vitest';
import { itemsOfPages } from '../../src/client/lib/pages.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

describe('the items of loaded pages', () => {
  it('keep their order and show a post that came again on a later page once, in its first place', () => {
    const post = (id: string) => ({ id, content: id });
    const pages = [{ items: [post('a'), post('b'), post('c')] }, { items: [post('b'), post('d')] }];
    expect(itemsOfPages(pages).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(itemsOfPages([])).toEqual([]);
  });

  it('are each shown once when a Trending post is unliked between two pages', async () => {
    const t: TestApp = await makeTestApp();
    try {
      const author = await t.member();
      const fans = await Promise.all(Array.from({ length: 3 }, () => t.member()));
      const ids: string[] = [];
      for (let i = 0; i < 25; i++)
        ids.push((await t.caller(author.token).posts.create({ content: `post ${i}` })).id);
      // The oldest post leads Trending with three likes; the rest have none.
      for (const fan of fans) await t.caller(fan.token).posts.like({ postId: ids[0]! });
      const feed = (cursor?: string | null) =>
        t.caller(author.token).posts.feed({ mode: 'trending', cursor });
      const first = await feed();
      expect(first.items[0]!.id).toBe(ids[0]);
      for (const fan of fans) await t.caller(fan.token).posts.dislike({ postId: ids[0]! });
      const second = await feed(first.nextCursor);
      expect(second.items.map((item) => item.id)).toContain(ids[0]); // below the cursor now: it comes again

      const shown = itemsOfPages([first, second]).map((item) => item.id);
      expect(shown).toHaveLength(25);
      expect(new Set(shown).size).toBe(25);
      expect(shown[0]).toBe(ids[0]);
    } finally {
      t.close();
    }
  });
});
