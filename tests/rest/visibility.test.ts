import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { call, get, post } from '../helpers/http.js';
import type { Member } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The REST reads apply the rules the tRPC reads do (docs/security.md): a bookmarked post whose author is
// hidden from the owner (a block either way, a mute, a suspension) is in none of their bookmark answers, and
// a suspended or pending member's token is refused with 403 on every read, as on every other call.

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const as = (member: Member) => t.caller(member.token);
const setStatus = (member: Member, status: 'active' | 'pending' | 'suspended') =>
  t.sql('update users set status = $2 where id = $1', [member.id, status]);

describe('GET /api/users/bookmark leaves out what the owner may not see', () => {
  /** Ann bookmarked a post of Bob's and one of Cat's. */
  async function world() {
    const [ann, bob, cat] = [await t.member(), await t.member(), await t.member()];
    const bobPost = (await as(bob).posts.create({ content: 'by bob' })).id;
    const catPost = (await as(cat).posts.create({ content: 'by cat' })).id;
    for (const postId of [bobPost, catPost]) {
      expect((await post(t.app, `/api/users/bookmark/${postId}`, ann.token)).status).toBe(200);
    }
    return { ann, bob, cat, bobPost, catPost };
  }

  /** Every REST answer that lists Ann's bookmarks: the list (its ids and count), her user object twice. */
  async function bookmarksSeenBy(ann: Member) {
    const list = await get(t.app, '/api/users/bookmark', ann.token);
    expect(list.status).toBe(200);
    const users = (await get(t.app, '/api/users', ann.token)).body.users as {
      _id: string;
      bookmarks: string[];
    }[];
    return {
      list: list.body.bookmarks as string[],
      total: Number(list.headers['x-total-count']),
      inUsers: users.find((user) => user._id === ann.id)!.bookmarks,
      profile: (await get(t.app, `/api/users/${ann.username}`, ann.token)).body.user.bookmarks as string[],
      etag: list.headers.etag as string,
    };
  }

  type Change = (w: Awaited<ReturnType<typeof world>>) => Promise<unknown>;
  const cases: [string, Change, Change][] = [
    [
      'Bob blocks Ann',
      ({ ann, bob }) => as(bob).relations.block({ username: ann.username }),
      ({ ann, bob }) => as(bob).relations.unblock({ username: ann.username }),
    ],
    [
      'Ann blocks Bob',
      ({ ann, bob }) => as(ann).relations.block({ username: bob.username }),
      ({ ann, bob }) => as(ann).relations.unblock({ username: bob.username }),
    ],
    [
      'Ann mutes Bob',
      ({ ann, bob }) => as(ann).relations.mute({ username: bob.username }),
      ({ ann, bob }) => as(ann).relations.unmute({ username: bob.username }),
    ],
    ['Bob is suspended', ({ bob }) => setStatus(bob, 'suspended'), ({ bob }) => setStatus(bob, 'active')],
  ];

  it.each(cases)(
    '%s: the post is gone from every answer, and back once that is undone',
    async (_, hide, show) => {
      const w = await world();
      const both = [w.bobPost, w.catPost];
      const before = await bookmarksSeenBy(w.ann);
      expect(before).toMatchObject({ list: both, total: 2, inUsers: both, profile: both });

      await hide(w);
      const hidden = await bookmarksSeenBy(w.ann);
      expect(hidden).toMatchObject({
        list: [w.catPost],
        total: 1,
        inUsers: [w.catPost],
        profile: [w.catPost],
      });
      // The answer Ann's client holds is not confirmed (304) once the post is hidden.
      const revalidated = await call(t.app, 'GET', '/api/users/bookmark', {
        token: w.ann.token,
        headers: { 'if-none-match': before.etag },
      });
      expect(revalidated.status).toBe(200);
      expect(revalidated.body.bookmarks).toEqual([w.catPost]);
      // tRPC's list agrees.
      expect((await as(w.ann).bookmarks.list({})).items.map((card) => card.id)).toEqual([w.catPost]);

      await show(w);
      expect(await bookmarksSeenBy(w.ann)).toMatchObject({
        list: both,
        total: 2,
        inUsers: both,
        profile: both,
      });
    },
  );
});

describe('a suspended or pending member’s token on the REST reads', () => {
  async function world() {
    const author = await t.member();
    const postId = (await as(author).posts.create({ content: 'hello' })).id;
    await as(author).comments.add({ postId, text: 'a comment' });
    const reads = [
      '/api/posts',
      `/api/posts/${postId}`,
      `/api/posts/user/${author.username}`,
      `/api/comments/${postId}`,
      '/api/users',
      `/api/users/${author.username}`,
    ];
    return { author, postId, reads };
  }

  it.each([
    ['suspended', messages.suspended],
    ['pending', messages.pending],
  ] as const)(
    '%s: 403 on every read; without a token, or with an invalid one, the public reads answer',
    async (status, message) => {
      const { reads } = await world();
      const held = await t.member();
      // A bookmark, so that the users list is built for this member rather than served from the kept answer.
      const postId = (await as(held).posts.create({ content: 'mine' })).id;
      await post(t.app, `/api/users/bookmark/${postId}`, held.token);
      for (const url of reads) expect((await get(t.app, url, held.token)).status, url).toBe(200);
      await setStatus(held, status);

      for (const url of [...reads, '/api/users/bookmark', `/api/users/${held.username}`]) {
        const answer = await get(t.app, url, held.token);
        expect({ url, status: answer.status, body: answer.body }).toEqual({
          url,
          status: 403,
          body: { errors: [message] },
        });
      }
      for (const token of [undefined, 'not-a-token']) {
        for (const url of reads) expect((await get(t.app, url, token)).status, `${url} ${token}`).toBe(200);
      }
    },
  );
});
