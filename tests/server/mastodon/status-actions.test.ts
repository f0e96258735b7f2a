import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { account, expectEntity, status } from '../../mastodon/entities/index.js';
import { appMember, linkOf } from '../../helpers/mastodon-api.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// Favourite, reblog and bookmark, each undone, and who liked or boosted: idempotent as on Mastodon.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

type Status = { id: string; favourited: boolean; favourites_count: number; reblogged: boolean };

async function aPost() {
  const author = await appMember(t);
  const post = (await author.post('/api/v1/statuses', { status: 'like me' })).json<Status>();
  return { author, post };
}

describe('favourite', () => {
  it('likes once however often it is sent, and unfavourite takes the like back', async () => {
    const { post } = await aPost();
    const me = await appMember(t);
    for (let i = 0; i < 2; i++) {
      const res = await me.post(`/api/v1/statuses/${post.id}/favourite`);
      expect(res.statusCode).toBe(200);
      expect(expectEntity(status, res.json())).toMatchObject({ favourited: true, favourites_count: 1 });
    }
    for (let i = 0; i < 2; i++) {
      const res = await me.post(`/api/v1/statuses/${post.id}/unfavourite`);
      expect(res.json()).toMatchObject({ favourited: false, favourites_count: 0 });
    }
  });

  it('needs write:favourites, and is refused on a comment and across a block', async () => {
    const { author, post } = await aPost();
    const reader = await appMember(t, 'read write:statuses');
    expect((await reader.post(`/api/v1/statuses/${post.id}/favourite`)).statusCode).toBe(403);
    const comment = (
      await author.post('/api/v1/statuses', { status: 'c', in_reply_to_id: post.id })
    ).json<Status>();
    const me = await appMember(t);
    expect((await me.post(`/api/v1/statuses/${comment.id}/favourite`)).statusCode).toBe(422);
    await t.caller(author.token).relations.block({ username: me.username });
    expect((await me.post(`/api/v1/statuses/${post.id}/favourite`)).statusCode).toBe(404);
  });

  it('lists who favourited, newest first, paged by Link', async () => {
    const { post } = await aPost();
    const likers = [];
    for (let i = 0; i < 3; i++) {
      const m = await appMember(t);
      await m.post(`/api/v1/statuses/${post.id}/favourite`);
      likers.push(m);
    }
    const reader = await appMember(t);
    const first = await reader.get(`/api/v1/statuses/${post.id}/favourited_by?limit=2`);
    const page = first.json<{ id: string }[]>();
    page.forEach((a) => expectEntity(account, a));
    expect(page.map((a) => a.id)).toEqual([likers[2]!.id, likers[1]!.id]);
    const next = await reader.get(linkOf(first, 'next')!);
    expect(next.json<{ id: string }[]>().map((a) => a.id)).toEqual([likers[0]!.id]);
    expect(linkOf(next, 'next')).toBeNull();
  });

  it('answers who favourited since an id: the newest above it, by the prev link and by since_id', async () => {
    const { post } = await aPost();
    const likers = [];
    for (let i = 0; i < 2; i++) {
      const m = await appMember(t);
      await m.post(`/api/v1/statuses/${post.id}/favourite`);
      likers.push(m);
    }
    const reader = await appMember(t);
    const first = await reader.get(`/api/v1/statuses/${post.id}/favourited_by`);
    const prev = linkOf(first, 'prev')!;
    const ids = async (url: string) => (await reader.get(url)).json<{ id: string }[]>().map((a) => a.id);
    expect(await ids(prev)).toEqual([]);
    const later = await appMember(t);
    await later.post(`/api/v1/statuses/${post.id}/favourite`);
    expect(await ids(prev)).toEqual([later.id]);
    const sinceId = new URL(prev, 'http://x').searchParams.get('min_id')!;
    expect(await ids(`/api/v1/statuses/${post.id}/favourited_by?since_id=${sinceId}`)).toEqual([later.id]);
    expect((await reader.get(`/api/v1/statuses/${post.id}/favourited_by?since_id=nonsense`)).statusCode).toBe(
      422,
    );
  });
});

describe('reblog', () => {
  it('answers the reblog around the post, is idempotent, and unreblog undoes it', async () => {
    const { author, post } = await aPost();
    const me = await appMember(t);
    for (let i = 0; i < 2; i++) {
      const res = await me.post(`/api/v1/statuses/${post.id}/reblog`);
      expect(res.statusCode).toBe(200);
      const reblog = expectEntity(status, res.json());
      expect(reblog.account.id).toBe(me.id);
      expect(reblog.reblog).toMatchObject({ id: post.id, reblogged: true, reblogs_count: 1 });
    }
    const by = await me.get(`/api/v1/statuses/${post.id}/reblogged_by`);
    expect(by.json<{ id: string }[]>().map((a) => a.id)).toEqual([me.id]);
    const undone = await me.post(`/api/v1/statuses/${post.id}/unreblog`);
    expect(undone.json()).toMatchObject({ id: post.id, reblogged: false, reblogs_count: 0 });
    // Realm refuses boosting one's own post, as the web app does.
    expect((await author.post(`/api/v1/statuses/${post.id}/reblog`)).statusCode).toBe(422);
  });
});

describe('bookmark', () => {
  it('bookmarks once however often, and unbookmark removes it', async () => {
    const { post } = await aPost();
    const me = await appMember(t);
    for (let i = 0; i < 2; i++) {
      expect((await me.post(`/api/v1/statuses/${post.id}/bookmark`)).json()).toMatchObject({
        bookmarked: true,
      });
    }
    expect((await me.get('/api/v1/bookmarks')).json<Status[]>().map((s) => s.id)).toEqual([post.id]);
    for (let i = 0; i < 2; i++) {
      expect((await me.post(`/api/v1/statuses/${post.id}/unbookmark`)).json()).toMatchObject({
        bookmarked: false,
      });
    }
    const reader = await appMember(t, 'read write:statuses');
    expect((await reader.post(`/api/v1/statuses/${post.id}/bookmark`)).statusCode).toBe(403);
  });
});
