import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarks, boosts, comments, postReactions, posts } from '../../src/server/store/sqlite/schema.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(() => t?.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

/**
 * `n` posts by `author`, each with 5 comments by different members, likes by `viewer` and others,
 * bookmarked by `viewer`, and boosted by three others once all are written (the viewer follows the second,
 * so each post is in the Latest home feed once, at that boost, its original skipped): enough that any
 * per-post or per-comment query would show up in the count. Each post after the first quotes the one before
 * it (a quote of a quote, nested one level on the card).
 */
function world(n: number, author: Member, viewer: Member, others: Member[]) {
  const base = Date.now() - 3_600_000;
  let previous: string | null = null;
  for (let i = 0; i < n; i++) {
    const postId = crypto.randomUUID();
    const at = base + i * 1000;
    t.db
      .insert(posts)
      .values({
        id: postId,
        authorId: author.id,
        content: `p${i} lighthouse`,
        likeCount: 3,
        commentCount: 5,
        createdAt: at,
        updatedAt: at,
        quoteOfId: previous,
        isQuote: previous ? 1 : 0,
      })
      .run();
    previous = postId;
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
      // After every post is written, in the posts' order: the boosts fill the home page, the originals
      // (each given way to its boost) come after them.
      .values(
        others.slice(0, 3).map((m, j) => ({ postId, userId: m.id, createdAt: base + n * 1000 + i * 10 + j })),
      )
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
  for (const m of [author, others[1]!]) await t.caller(viewer.token).follow.follow({ userId: m.id });
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
    search: await statements(() => me.search.posts({ q: 'lighthouse' })),
    searchFrom: await statements(() => me.search.posts({ q: `from:${author.username}` })),
    searchSignedOut: await statements(() => t.caller().search.posts({ q: 'lighthouse' })),
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
      'search',
      'searchFrom',
      'searchSignedOut',
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
    for (const m of [author, others[1]!]) {
      await t.caller(viewer.token).follow.follow({ userId: m.id });
    }
    world(20, author, viewer, others);
    const page = await t.caller(viewer.token).posts.feed({});
    for (const card of page.items) {
      expect(card).toMatchObject({ likedByMe: true, bookmarkedByMe: true, commentCount: 5, boostCount: 3 });
      // The boost of the one booster I follow brought it.
      expect(card.boostedBy?.id).toBe(others[1]!.id);
      expect(card.latestComments.map((c) => c.text)).toEqual(['c4', 'c3', 'c2', 'c1']);
    }
    // Newest first: each card but the last (the first post written) shows the post before it inside.
    expect(page.items.map((card) => card.quote && 'content' in card.quote && card.quote.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i < 19 ? `p${18 - i} lighthouse` : null)),
    );
  });

  it('runs as many statements for a page of 20 quotes of a post as for 2, hidden quoters or not', async () => {
    const quotesPage = async (n: number, relations: boolean) => {
      t = await makeTestApp();
      const [viewer, author, muted] = [await t.member(), await t.member(), await t.member()];
      const { id: postId } = await t.caller(author.token).posts.create({ content: 'quoted' });
      for (let i = 0; i < n; i++) {
        await t.caller(author.token).posts.create({ content: `q${i}`, quoteOf: postId });
        if (relations) await t.caller(muted.token).posts.create({ content: `m${i}`, quoteOf: postId });
      }
      if (relations) await t.caller(viewer.token).relations.mute({ username: muted.username });
      const result = await statements(() => t.caller(viewer.token).posts.quotes({ postId }));
      await t.close();
      return result;
    };
    const small = await quotesPage(2, false);
    const large = await quotesPage(20, true);
    expect(small.items).toBe(2);
    expect(large.items).toBe(20);
    expect(large.count).toBe(small.count);
    // The member, whether the post is visible, the page of ids, the cards.
    expect(large.count).toBeLessThanOrEqual(4);
  });

  it('reads a page of people and the tags of a prefix in one statement, however many match', async () => {
    const lookups = async (n: number) => {
      t = await makeTestApp();
      const viewer = await t.member();
      for (let i = 0; i < n; i++) {
        const member = await t.member({ username: `pat${i}`, firstName: 'Pat', lastName: `Doe${i}` });
        await t.caller(member.token).posts.create({ content: `#topic${i} and #topic${i}b` });
      }
      const me = t.caller(viewer.token);
      const result = {
        people: await statements(() => me.search.people({ q: 'pat' })),
        tags: await statements(async () => ({ items: await me.search.tags({ q: 'topic' }) })),
      };
      await t.close();
      return result;
    };
    const small = await lookups(2);
    const large = await lookups(25);
    // Two: the signed-in member's own check (auth.ts resolveActor), then the lookup.
    expect(small).toEqual({ people: { count: 2, items: 2 }, tags: { count: 2, items: 4 } });
    expect(large).toEqual({ people: { count: 2, items: 20 }, tags: { count: 2, items: 20 } });
  });
});
