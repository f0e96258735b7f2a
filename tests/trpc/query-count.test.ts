import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarks, boosts, comments, postReactions, posts } from '../../src/server/store/sqlite/schema.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(() => t?.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

/**
 * `n` posts by `author`, each with 5 comments by different members, likes by `viewer` and others,
 * bookmarked by `viewer`, and boosted by three others (two of whom the viewer follows, so each post is in
 * the Latest home feed once, at its newest boost): enough that any per-post or per-comment query would show
 * up in the count.
 */
function world(n: number, author: Member, viewer: Member, others: Member[]) {
  const base = Date.now() - 3_600_000;
  for (let i = 0; i < n; i++) {
    const postId = crypto.randomUUID();
    const at = base + i * 1000;
    t.db
      .insert(posts)
      .values({
        id: postId,
        authorId: author.id,
        content: `p${i}`,
        likeCount: 3,
        commentCount: 5,
        createdAt: at,
        updatedAt: at,
      })
      .run();
    t.db
      .insert(comments)
      .values(
        others.slice(0, 5).map((m, j) => ({
          id: crypto.randomUUID(),
          postId,
          authorId: m.id,
          text: `c${j}`,
          createdAt: at + j,
          updatedAt: at + j,
        })),
      )
      .run();
    t.db
      .insert(postReactions)
      .values(
        [viewer, ...others.slice(0, 2)].map((m) => ({
          postId,
          userId: m.id,
          kind: 'like' as const,
          createdAt: at,
        })),
      )
      .run();
    t.db.insert(bookmarks).values({ userId: viewer.id, postId, createdAt: at }).run();
    t.db
      .insert(boosts)
      .values(others.slice(0, 3).map((m, j) => ({ postId, userId: m.id, createdAt: at + 100 + j })))
      .run();
  }
}

/**
 * How many SQL statements one call runs. Page queries are prepared once per connection, so this counts
 * executions (every Statement method that runs SQL), not compilations.
 */
async function statements(run: () => Promise<{ items: unknown[] }>) {
  const statement = Object.getPrototypeOf(t.db.$client.prepare('select 1')) as Record<string, unknown>;
  const spies = (['all', 'get', 'run', 'iterate'] as const).map((method) =>
    vi.spyOn(statement as Record<typeof method, () => unknown>, method),
  );
  try {
    const page = await run();
    return { count: spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0), items: page.items.length };
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
}

async function measure(n: number, relations = false) {
  t = await makeTestApp();
  const viewer = await t.member();
  const author = await t.member();
  const others = await Promise.all(Array.from({ length: 5 }, () => t.member()));
  for (const m of [author, ...others.slice(0, 2)])
    await t.caller(viewer.token).follow.follow({ userId: m.id });
  world(n, author, viewer, others);
  if (relations) {
    // Members the viewer blocked, muted, who blocked the viewer, and one suspended.
    const [blocked, muted, blocking, suspended] = await Promise.all(
      Array.from({ length: 4 }, () => t.member()),
    );
    await t.caller(viewer.token).relations.block({ username: blocked!.username });
    await t.caller(viewer.token).relations.mute({ username: muted!.username });
    await t.caller(blocking!.token).relations.block({ username: viewer.username });
    await t.sql(`update users set status = 'suspended' where id = $1`, [suspended!.id]);
  }
  const me = t.caller(viewer.token);
  const result = {
    homeLatest: await statements(() => me.posts.feed({ mode: 'latest' })),
    homeTrending: await statements(() => me.posts.feed({ mode: 'trending' })),
    explore: await statements(() => me.posts.explore({})),
    exploreSignedOut: await statements(() => t.caller().posts.explore({})),
    bookmarks: await statements(() => me.bookmarks.list({})),
    profile: await statements(() => me.posts.byUser({ username: author.username })),
  };
  await t.close();
  return result;
}

describe('no N+1 queries', () => {
  it('runs as many statements for a page of 20 busy posts as for 2 posts, and few of them', async () => {
    const small = await measure(2);
    const large = await measure(20);
    for (const key of [
      'homeLatest',
      'homeTrending',
      'explore',
      'exploreSignedOut',
      'bookmarks',
      'profile',
    ] as const) {
      expect(small[key].items, `${key} small page`).toBe(2);
      expect(large[key].items, `${key} large page`).toBe(20);
      expect(large[key].count, `${key} statements`).toBe(small[key].count);
      expect(large[key].count, `${key} statements`).toBeLessThanOrEqual(4);
      expect(large[key].count, `${key} statements`).toBeGreaterThan(0);
    }
  });

  it('runs the same statements when the viewer has blocked, muted and been blocked', async () => {
    const plain = await measure(20);
    const related = await measure(20, true);
    for (const key of Object.keys(plain) as (keyof typeof plain)[]) {
      expect(related[key], key).toEqual(plain[key]);
    }
  });

  it('shows every card fully hydrated in that constant number of statements', async () => {
    t = await makeTestApp();
    const viewer = await t.member();
    const author = await t.member();
    const others = await Promise.all(Array.from({ length: 5 }, () => t.member()));
    for (const m of [author, ...others.slice(0, 2)]) {
      await t.caller(viewer.token).follow.follow({ userId: m.id });
    }
    world(20, author, viewer, others);
    const page = await t.caller(viewer.token).posts.feed({});
    for (const card of page.items) {
      expect(card).toMatchObject({ likedByMe: true, bookmarkedByMe: true, commentCount: 5, boostCount: 3 });
      // The newest boost of those I follow brought it: the second booster's.
      expect(card.boostedBy?.id).toBe(others[1]!.id);
      expect(card.latestComments.map((c) => c.text)).toEqual(['c4', 'c3', 'c2', 'c1']);
    }
  });
});
