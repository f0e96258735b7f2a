import { afterEach, describe, expect, it } from 'vitest';
import { call, get, post } from '../helpers/http.js';
import { epoch, nextLink } from '../helpers/rows.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// docs/api.md, "Long lists: bounded, paged, kept": the legacy lists carry the newest REALM_LEGACY_LIST_LIMIT
// entries, still oldest first, with X-Total-Count, and a Link to the next older page (?before=<_id>).

let t: TestApp;
afterEach(() => t?.close());

type Entry = { _id: string; content?: string };
const contents = (posts: Entry[]) => posts.map((p) => p.content);

/** Follows a list's Link headers from `url` to its end: each page's entries, newest page first. */
async function walk(url: string, key: string, token?: string) {
  const pages: string[][] = [];
  const totals = new Set<unknown>();
  for (let next: string | undefined = url; next !== undefined;) {
    const res = await call(t.app, 'GET', next, { token });
    expect(res.status, next).toBe(200);
    const entries = res.body[key] as (Entry | string)[];
    pages.push(entries.map((e) => (typeof e === 'string' ? e : e._id)));
    totals.add(res.headers['x-total-count']);
    next = nextLink(res.headers);
    if (next !== undefined) expect(next.startsWith(`${url}?before=`), next).toBe(true);
  }
  return { pages, totals: [...totals] };
}

/** The entries of every page, oldest first: what the whole list holds. */
const wholeList = (pages: string[][]) => [...pages].reverse().flat();

describe('legacy lists carry the newest N entries', () => {
  it('GET /api/posts and the post writes answer the newest N, oldest first, with the total and a next link', async () => {
    t = await makeTestApp({ config: { legacyListLimit: 3 } });
    const me = await t.member();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await t.caller(me.token).posts.create({ content: `post ${i}` })).id);

    const res = await get(t.app, '/api/posts');
    expect(res.status).toBe(200);
    expect(contents(res.body.posts)).toEqual(['post 2', 'post 3', 'post 4']);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.headers.link).toBe(`</api/posts?before=${ids[2]}>; rel="next"`);

    const written = await post(t.app, '/api/posts', me.token, { postData: 'post 5' });
    expect(written.status).toBe(201);
    expect(contents(written.body.posts)).toEqual(['post 3', 'post 4', 'post 5']);
    expect(written.headers['x-total-count']).toBe('6');
    expect(written.headers.link).toBe(`</api/posts?before=${ids[3]}>; rel="next"`);
    // Liking an old post answers the newest posts all the same.
    const liked = await post(t.app, `/api/posts/like/${ids[0]}`, me.token);
    expect(contents(liked.body.posts)).toEqual(['post 3', 'post 4', 'post 5']);

    const older = await get(t.app, `/api/posts?before=${ids[3]}`);
    expect(contents(older.body.posts)).toEqual(['post 0', 'post 1', 'post 2']);
    expect(older.headers['x-total-count']).toBe('6');
    expect(older.headers.link).toBeUndefined();
  });

  it('a comment write answers the newest N comments of the post', async () => {
    t = await makeTestApp({ config: { legacyListLimit: 2 } });
    const me = await t.member();
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'talk' });
    for (const text of ['a', 'b']) await t.caller(me.token).comments.add({ postId, text });
    const res = await post(t.app, `/api/comments/add/${postId}`, me.token, { commentData: 'c' });
    expect(res.status).toBe(201);
    expect(res.body.comments.map((c: { text: string }) => c.text)).toEqual(['b', 'c']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toBe(`</api/comments/${postId}?before=${res.body.comments[0]._id}>; rel="next"`);
  });

  it('?before= walks every list to its end, each entry exactly once, in pages of at most N', async () => {
    t = await makeTestApp({ config: { legacyListLimit: 3 } });
    const members = [];
    for (let i = 0; i < 7; i++) members.push(await t.member({ createdAt: epoch + i, updatedAt: epoch + i }));
    const [me, other] = [members[0]!, members[1]!];
    const mine: string[] = [];
    for (let i = 0; i < 7; i++) {
      mine.push((await t.caller(me.token).posts.create({ content: `mine ${i}` })).id);
      await t.caller(other.token).posts.create({ content: `other ${i}` });
    }
    const comments: string[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await post(t.app, `/api/comments/add/${mine[0]}`, other.token, { commentData: `c${i}` });
      comments.push(answer.body.comments.at(-1)._id);
      expect((await post(t.app, `/api/users/bookmark/${mine[6 - i]}`, me.token)).status).toBe(200);
    }
    const allPosts = (await t.caller(me.token).posts.explore({})).items; // newest first, 20 a page
    const lists = [
      { url: '/api/posts', key: 'posts', all: allPosts.map((p) => p.id).reverse() },
      { url: `/api/posts/user/${me.username}`, key: 'posts', all: mine },
      { url: '/api/users', key: 'users', all: members.map((m) => m.id) },
      { url: `/api/comments/${mine[0]}`, key: 'comments', all: comments },
      { url: '/api/users/bookmark', key: 'bookmarks', all: [...mine].reverse(), token: me.token },
    ];
    for (const list of lists) {
      const { pages, totals } = await walk(list.url, list.key, list.token);
      expect(wholeList(pages), list.url).toEqual(list.all);
      expect(pages.length, list.url).toBe(Math.ceil(list.all.length / 3));
      expect(pages.every((page) => page.length <= 3)).toBe(true);
      expect(totals, list.url).toEqual([String(list.all.length)]);
    }
  });

  it('answers an unknown or malformed ?before= with a message saying what to do', async () => {
    t = await makeTestApp({ config: { legacyListLimit: 3 } });
    const me = await t.member();
    const other = await t.member();
    const { id: mine } = await t.caller(me.token).posts.create({ content: 'mine' });
    const { id: theirs } = await t.caller(other.token).posts.create({ content: 'theirs' });
    const card = await t.caller(me.token).comments.add({ postId: theirs, text: 'on theirs' });
    const unknown = {
      errors: [
        '?before= names no entry of this list (it may have been deleted). Start again from the first page.',
      ],
    };
    const malformed = {
      errors: ['?before= takes one _id from this list, as in the Link header of the previous page.'],
    };
    for (const [url, status, body] of [
      ['/api/posts?before=no-such-post', 404, unknown],
      [`/api/posts/user/${other.username}?before=${mine}`, 404, unknown],
      [`/api/comments/${mine}?before=${card.latestComments[0]!.id}`, 404, unknown],
      ['/api/users?before=nobody', 404, unknown],
      ['/api/posts?before=', 400, malformed],
      [`/api/posts?before=${mine}&before=${theirs}`, 400, malformed],
      [`/api/users?before=${'x'.repeat(101)}`, 400, malformed],
    ] as const) {
      const res = await get(t.app, url);
      expect(res.status, url).toBe(status);
      expect(res.body, url).toEqual(body);
    }
    expect((await get(t.app, '/api/users/bookmark?before=nope', me.token)).body).toEqual(unknown);
  });
});
