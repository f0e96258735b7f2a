import { describe, expect, it } from 'vitest';
import { seedMembers, seedPosts } from '../../seed/data.js';
import { useRealm } from './instance.js';
import { idsOf, signUp, signUpMany, writeComment, writePost, type Member } from './members.js';
import { expectError, missingId, type Post } from './shapes.js';

// docs/api.md, "Long lists: bounded, paged, kept": list answers carry the newest REALM_LEGACY_LIST_LIMIT
// entries, oldest first, with X-Total-Count and, while older entries remain, Link: <...?before=<_id>>;
// rel="next". Nested lists carry their newest 100. This instance is given a limit of 3 so that short lists
// have pages.

const limit = 3;
const api = useRealm({ REALM_LEGACY_LIST_LIMIT: String(limit) });

type Entry = string | { _id: string };
const idOf = (entry: Entry) => (typeof entry === 'string' ? entry : entry._id);

/** Reads a list page by page through its Link headers: the pages (newest first) and each page's answer. */
async function walk(path: string, key: string, token?: string) {
  const pages: string[][] = [];
  const totals = new Set<string | undefined>();
  let next: string | undefined = path;
  while (next !== undefined) {
    const res = await api.call('GET', next, { token });
    expect(res.status, next).toBe(200);
    const page = (res.body[key] as Entry[]).map(idOf);
    pages.push(page);
    totals.add(res.headers['x-total-count']);
    const link = res.headers.link;
    next = link === undefined ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    if (link !== undefined) expect(link).toBe(`<${path}?before=${page[0]}>; rel="next"`);
    expect(pages.length).toBeLessThan(100);
  }
  return { pages, totals: [...totals], all: [...pages].reverse().flat() };
}

/** Posts, comments and bookmarks of one member: seven of each, the first the oldest. */
async function sevenOfEach(me: Member) {
  const posts: string[] = [];
  for (let i = 0; i < 7; i++) posts.push(await writePost(api, me, `post ${i}`));
  const comments: string[] = [];
  for (let i = 0; i < 7; i++) comments.push(await writeComment(api, me, posts[0]!, `comment ${i}`));
  for (const id of [...posts].reverse()) await api.post(`/api/users/bookmark/${id}`, me.token);
  return { posts, comments, bookmarks: [...posts].reverse() };
}

describe('lists in pages', () => {
  it('carry the newest entries oldest first, X-Total-Count, and Link pages down to the first', async () => {
    const me = await signUp(api);
    const mine = await sevenOfEach(me);
    const lists = [
      { path: `/api/posts/user/${me.username}`, key: 'posts', all: mine.posts },
      { path: `/api/comments/${mine.posts[0]}`, key: 'comments', all: mine.comments },
      { path: '/api/users/bookmark', key: 'bookmarks', all: mine.bookmarks, token: me.token },
    ];
    for (const list of lists) {
      const { pages, totals, all } = await walk(list.path, list.key, list.token);
      expect(pages, list.path).toEqual([list.all.slice(4), list.all.slice(1, 4), list.all.slice(0, 1)]);
      expect(all).toEqual(list.all);
      expect(totals, list.path).toEqual(['7']);
    }
  });

  it('GET /api/posts and /api/users walk to every entry once, the seed’s first', async () => {
    await writePost(api, await signUp(api));
    for (const [path, key, seeded] of [
      ['/api/posts', 'posts', seedPosts.map((p) => p.id)],
      ['/api/users', 'users', seedMembers.map((m) => m.id)],
    ] as const) {
      const { pages, totals, all } = await walk(path, key);
      expect(new Set(all).size).toBe(all.length);
      expect(totals).toEqual([String(all.length)]);
      expect(pages.every((page) => page.length >= 1 && page.length <= limit)).toBe(true);
      expect(all.slice(0, seeded.length), path).toEqual(seeded);
    }
  });

  it('writes answer the newest entries with the same headers', async () => {
    const me = await signUp(api);
    const written = await api.post('/api/posts', me.token, { postData: 'newest' });
    expect(written.status).toBe(201);
    expect(written.body.posts).toHaveLength(limit);
    expect(written.body.posts.at(-1)).toMatchObject({ username: me.username, content: 'newest' });
    const read = await api.get('/api/posts');
    expect(idsOf(read.body.posts)).toEqual(idsOf(written.body.posts));
    for (const header of ['x-total-count', 'link'])
      expect(written.headers[header]).toBe(read.headers[header]);
    const postId = written.body.posts.at(-1)._id as string;
    for (let i = 0; i < limit; i++) await writeComment(api, me, postId, `c${i}`);
    const commented = await api.post(`/api/comments/add/${postId}`, me.token, { commentData: 'last' });
    expect(commented.body.comments.map((c: { text: string }) => c.text)).toEqual(['c1', 'c2', 'last']);
    expect(commented.headers['x-total-count']).toBe(String(limit + 1));
    expect(commented.headers.link).toBe(
      `</api/comments/${postId}?before=${commented.body.comments[0]._id}>; rel="next"`,
    );
  });
});

describe('?before=', () => {
  const malformed = '?before= takes one _id from this list, as in the Link header of the previous page.';
  const unknown =
    '?before= names no entry of this list (it may have been deleted). Start again from the first page.';

  it('answers a malformed value with 400 and one that names no entry of the list with 404', async () => {
    const [me, other] = (await signUpMany(api, 2)) as [Member, Member];
    const [mine, theirs] = [await writePost(api, me), await writePost(api, other)];
    const cases = [
      ['/api/posts?before=', 400, malformed],
      [`/api/posts?before=${mine}&before=${theirs}`, 400, malformed],
      [`/api/users?before=${'x'.repeat(101)}`, 400, malformed],
      [`/api/posts?before=${missingId}`, 404, unknown],
      [`/api/posts/user/${other.username}?before=${mine}`, 404, unknown],
      [`/api/users?before=${mine}`, 404, unknown],
      [`/api/comments/${mine}?before=${missingId}`, 404, unknown],
    ] as const;
    for (const [path, status, message] of cases) expectError(await api.get(path), status, message);
    expectError(await api.get(`/api/users/bookmark?before=${mine}`, me.token), 404, unknown);
  });
});

describe('kept answers', () => {
  it.each(['/api/posts', '/api/users', `/api/comments/${seedPosts[0]!.id}`])(
    'GET %s has an ETag, and a GET sending it back gets 304 with no body',
    async (path) => {
      const first = await api.get(path);
      expect(first.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await api.call('GET', path, { headers: { 'if-none-match': first.headers.etag! } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
    },
  );
});

describe('nested lists', () => {
  it('carry their newest 100, oldest first, beside the full count', async () => {
    const [author, ...fans] = await signUpMany(api, 102);
    const postId = await writePost(api, author!);
    for (const fan of fans) expect((await api.post(`/api/posts/like/${postId}`, fan.token)).status).toBe(201);
    const { post } = (await api.get(`/api/posts/${postId}`)).body as { post: Post };
    expect(post.likes.likeCount).toBe(101);
    expect(idsOf(post.likes.likedBy)).toEqual(fans.slice(1).map((fan) => fan.id));
  });
});
