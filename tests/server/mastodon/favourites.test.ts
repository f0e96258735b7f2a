import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectEntity, status } from '../../mastodon/entities/index.js';
import { appMember, linkOf, type AppMember } from '../../helpers/mastodon-api.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { likesPage } from '../../../src/server/domain/post-cards.js';
import { decodeId } from '../../../src/server/mastodon/ids.js';

// GET /api/v1/favourites: the member's likes, most recently liked first, paged by Link headers whose ids are
// the likes' own (docs/mastodon-api.md, "Statuses and timelines"). On the suite's engine.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

type Status = { id: string; content: string };

/** `n` posts by a fresh author, oldest first. */
async function postsBy(n: number, author?: AppMember) {
  const by = author ?? (await appMember(t));
  const posts: Status[] = [];
  for (let i = 0; i < n; i++) {
    posts.push((await by.post('/api/v1/statuses', { status: `post ${i}` })).json<Status>());
  }
  return { author: by, posts };
}

/** Likes each post through the API, then sets the likes' times apart, the first liked oldest. */
async function like(me: AppMember, posts: Status[]) {
  for (const [i, post] of posts.entries()) {
    expect((await me.post(`/api/v1/statuses/${post.id}/favourite`)).statusCode).toBe(200);
    await t.sql('update post_reactions set created_at = $1 where user_id = $2 and post_id = $3', [
      1_800_000_000_000 + i * 1000,
      me.id,
      uuidOf(post),
    ]);
  }
}

/** The Realm UUID of a post's status id. */
const uuidOf = (s: Status) => decodeId(s.id)!.uuid;
const contents = (res: { json<T>(): T }) => res.json<Status[]>().map((s) => s.content);

describe('favourites', () => {
  it('lists the statuses I liked, most recently liked first, not those I disliked', async () => {
    const { author, posts } = await postsBy(4);
    const me = await appMember(t);
    // Liked in another order than written: the list follows the likes.
    await like(me, [posts[2]!, posts[0]!, posts[3]!]);
    // A dislike of mine (newer than every like), and another member's like, are not my favourites.
    await t.sql(
      `insert into post_reactions (post_id, user_id, kind, created_at) values ($1, $2, 'dislike', $3)`,
      [uuidOf(posts[1]!), me.id, 1_900_000_000_000],
    );
    await t.caller(author.token).posts.like({ postId: uuidOf(posts[1]!) });
    const res = await me.get('/api/v1/favourites');
    expect(res.statusCode).toBe(200);
    expect(contents(res)).toEqual(['<p>post 3</p>', '<p>post 0</p>', '<p>post 2</p>']);
    for (const s of res.json<unknown[]>())
      expect(expectEntity(status, s)).toMatchObject({ favourited: true });
    // The statuses keep their own ids; the Link ids are the likes' (kind `f`), opaque to apps.
    expect(res.json<Status[]>()[0]!.id).toBe(posts[3]!.id);
    expect(linkOf(res, 'prev')).toMatch(/min_id=\w{10}f[0-9a-f]{32}/);
    // The domain's page, as the web app would read it, in the same order.
    const page = await likesPage(t.store, me.id);
    expect(page.items.map((card) => card.content)).toEqual(['post 3', 'post 0', 'post 2']);
  });

  it('pages by Link with no repeat and no gap, and an unliked post leaves', async () => {
    const { posts } = await postsBy(25);
    const me = await appMember(t);
    await like(me, posts);
    const seen: string[] = [];
    let url: string | null = '/api/v1/favourites?limit=7';
    for (let pages = 0; url && pages < 10; pages++) {
      const res = await me.get(url);
      seen.push(...contents(res));
      url = linkOf(res, 'next');
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `<p>post ${24 - i}</p>`));
    // Back up with prev from the second page: the first page again, nothing else.
    const second = await me.get(linkOf(await me.get('/api/v1/favourites?limit=7'), 'next')!);
    const back = await me.get(linkOf(second, 'prev')!);
    expect(contents(back)).toEqual(seen.slice(0, 7));

    await me.post(`/api/v1/statuses/${posts[24]!.id}/unfavourite`);
    expect(contents(await me.get('/api/v1/favourites?limit=2'))).toEqual([
      '<p>post 23</p>',
      '<p>post 22</p>',
    ]);
  });

  it('leaves out a blocked author’s posts, and the posts of one who blocked me', async () => {
    const { author: blocked, posts: theirs } = await postsBy(1);
    const { author: blocker, posts: blockers } = await postsBy(1);
    const { posts: kept } = await postsBy(1);
    const me = await appMember(t);
    await like(me, [theirs[0]!, blockers[0]!, kept[0]!]);
    await t.caller(me.token).relations.block({ username: blocked.username });
    await t.caller(blocker.token).relations.block({ username: me.username });
    expect((await me.get('/api/v1/favourites')).json<Status[]>().map((s) => s.id)).toEqual([kept[0]!.id]);
  });

  it('needs a member’s token with read:favourites', async () => {
    expect((await t.app.inject({ url: '/api/v1/favourites' })).statusCode).toBe(401);
    const other = await appMember(t, 'read:statuses read:bookmarks');
    expect((await other.get('/api/v1/favourites')).statusCode).toBe(403);
    const narrow = await appMember(t, 'read:favourites');
    expect((await narrow.get('/api/v1/favourites')).statusCode).toBe(200);
    expect((await narrow.get('/api/v1/favourites?max_id=nope')).statusCode).toBe(422);
  });
});
