import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectEntity, status } from '../../mastodon/entities/index.js';
import { appMember, linkOf, suspend, type AppMember } from '../../helpers/mastodon-api.js';
import { statementsRunBy } from '../../helpers/statements.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { encodeId } from '../../../src/server/mastodon/ids.js';

// Timelines over Realm's feeds, paged by Link headers (docs/mastodon-api.md, "Pages"). On the suite's engine.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

type Status = { id: string; content: string; account: { id: string }; reblog: Status | null };

/** Follows Link next from `first` to the end: every page's statuses, in order. */
async function walk(reader: AppMember, first: string) {
  const pages: Status[][] = [];
  for (let url: string | null = first; url && pages.length < 20;) {
    const res = await reader.get(url);
    expect(res.statusCode).toBe(200);
    const page = res.json<Status[]>();
    if (page.length === 0) break;
    pages.push(page);
    url = linkOf(res, 'next');
  }
  return pages;
}

describe('the home timeline', () => {
  it('walks 45 posts in pages of 20 by Link headers, newest first, with no repeat and no gap', async () => {
    const reader = await appMember(t);
    const author = await appMember(t);
    await t.caller(reader.token).follow.follow({ userId: author.id });
    for (let i = 0; i < 45; i++) await t.caller(author.token).posts.create({ content: `post ${i}` });
    const pages = await walk(reader, '/api/v1/timelines/home?limit=20');
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    const all = pages.flat();
    expect(all.map((s) => s.content)).toEqual(Array.from({ length: 45 }, (_, i) => `<p>post ${44 - i}</p>`));
    // Ids sort by time: newest first is descending text order.
    const ids = all.map((s) => s.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(new Set(ids).size).toBe(45);
    for (const s of all.slice(0, 3)) expectEntity(status, s);

    // since_id answers the newest down to it; min_id the ones just above it, here the same three.
    const since = await reader.get(`/api/v1/timelines/home?since_id=${ids[3]}`);
    expect(since.json<Status[]>().map((s) => s.id)).toEqual(ids.slice(0, 3));
    const min = await reader.get(`/api/v1/timelines/home?min_id=${ids[3]}`);
    expect(min.json<Status[]>().map((s) => s.id)).toEqual(ids.slice(0, 3));
    // The prev link points above the first status.
    const firstPage = await reader.get('/api/v1/timelines/home?limit=5');
    expect(linkOf(firstPage, 'prev')).toContain(`min_id=${ids[0]}`);
    // limit up to 40 reads two of Realm's pages at once.
    const forty = await reader.get('/api/v1/timelines/home?limit=40');
    expect(forty.json<Status[]>().map((s) => s.id)).toEqual(ids.slice(0, 40));
  });

  it('shows a boost as a reblog by the booster, at the boost’s time', async () => {
    const reader = await appMember(t);
    const booster = await appMember(t);
    const author = await appMember(t);
    await t.caller(reader.token).follow.follow({ userId: booster.id });
    const card = await t.caller(author.token).posts.create({ content: 'worth sharing' });
    await t.caller(booster.token).posts.boost({ postId: card.id });
    const res = await reader.get('/api/v1/timelines/home');
    const [first] = res.json<Status[]>();
    const reblog = expectEntity(status, first);
    expect(reblog.id.slice(10, 11)).toBe('b');
    expect(reblog.account.id).toBe(booster.id);
    expect(reblog.reblog).toMatchObject({
      id: encodeId('post', card.createdAt, card.id),
      account: { id: author.id },
      content: '<p>worth sharing</p>',
    });
    // The reblog's own id reads back as the same reblog.
    const again = await reader.get(`/api/v1/statuses/${reblog.id}`);
    expect(again.json()).toMatchObject({ id: reblog.id, account: { id: booster.id } });
  });

  it('leaves out the posts of members blocked, muted or suspended', async () => {
    const reader = await appMember(t);
    const [muted, suspended, kept] = await Promise.all([appMember(t), appMember(t), appMember(t)]);
    for (const m of [muted, suspended, kept]) {
      await t.caller(reader.token).follow.follow({ userId: m.id });
      await t.caller(m.token).posts.create({ content: `by ${m.username}` });
    }
    await t.caller(reader.token).relations.mute({ username: muted.username });
    await suspend(t, suspended.id);
    const home = (await reader.get('/api/v1/timelines/home')).json<Status[]>();
    expect(home.map((s) => s.account.id)).toEqual([kept.id]);
    const pub = (await reader.get('/api/v1/timelines/public?local=true')).json<Status[]>();
    expect(pub.map((s) => s.account.id)).toEqual([kept.id]);
  });

  it('costs the same few statements for a page of 20 as for a page of 2', async () => {
    const reader = await appMember(t);
    const authors = await Promise.all(Array.from({ length: 5 }, () => appMember(t)));
    for (const a of authors) {
      await t.caller(reader.token).follow.follow({ userId: a.id });
      for (let i = 0; i < 4; i++)
        await t.caller(a.token).posts.create({ content: `@${reader.username} #tag ${i}` });
    }
    await reader.get('/api/v1/timelines/home?limit=2');
    const small = await statementsRunBy(t, () => reader.get('/api/v1/timelines/home?limit=2'));
    const large = await statementsRunBy(t, () => reader.get('/api/v1/timelines/home?limit=20'));
    expect(large).toBe(small);
  });

  it('needs a member’s token with read:statuses', async () => {
    expect((await t.app.inject({ url: '/api/v1/timelines/home' })).statusCode).toBe(401);
    const writer = await appMember(t, 'write');
    expect((await writer.get('/api/v1/timelines/home')).statusCode).toBe(403);
    const member = await appMember(t);
    await suspend(t, member.id);
    expect((await member.get('/api/v1/timelines/home')).statusCode).toBe(403);
  });
});

describe('other timelines', () => {
  it('public: everyone’s posts, signed out too; remote=true is empty; only_media keeps posts with pictures', async () => {
    const author = await appMember(t);
    await t.caller(author.token).posts.create({ content: 'out loud' });
    const res = await t.app.inject({ url: '/api/v1/timelines/public' });
    expect(res.json<Status[]>().map((s) => s.content)).toEqual(['<p>out loud</p>']);
    expect((await t.app.inject({ url: '/api/v1/timelines/public?remote=true' })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/timelines/public?only_media=true' })).json()).toEqual([]);
  });

  it('tag: the posts with the tag, whatever its case; a tag no post could carry is 404', async () => {
    const author = await appMember(t);
    await t.caller(author.token).posts.create({ content: 'about #Gardens' });
    await t.caller(author.token).posts.create({ content: 'about nothing' });
    const res = await author.get('/api/v1/timelines/tag/gardens');
    expect(res.json<Status[]>().map((s) => s.content)).toEqual([expect.stringContaining('Gardens')]);
    expect((await author.get('/api/v1/timelines/tag/GARDENS')).json()).toHaveLength(1);
    expect((await author.get('/api/v1/timelines/tag/no%20tag')).statusCode).toBe(404);
  });

  it('bookmarks: mine, most recently bookmarked first, with read:bookmarks', async () => {
    const me = await appMember(t);
    const author = await appMember(t);
    const a = await t.caller(author.token).posts.create({ content: 'a' });
    const b = await t.caller(author.token).posts.create({ content: 'b' });
    await t.caller(me.token).bookmarks.add({ postId: b.id });
    await t.caller(me.token).bookmarks.add({ postId: a.id });
    const res = await me.get('/api/v1/bookmarks');
    expect(res.json<Status[]>().map((s) => s.content)).toEqual(['<p>a</p>', '<p>b</p>']);
    expect(res.json<{ bookmarked: boolean }[]>().every((s) => s.bookmarked)).toBe(true);
    const reader = await appMember(t, 'read:statuses');
    expect((await reader.get('/api/v1/bookmarks')).statusCode).toBe(403);
    expect((await me.get('/api/v1/favourites')).json()).toEqual([]);
  });

  it('an account’s statuses: their posts; pinned is empty; an unknown account is 404', async () => {
    const author = await appMember(t);
    const reader = await appMember(t);
    await t.caller(author.token).posts.create({ content: 'mine' });
    const res = await reader.get(`/api/v1/accounts/${author.id}/statuses?exclude_replies=true`);
    expect(res.json<Status[]>().map((s) => s.content)).toEqual(['<p>mine</p>']);
    expect((await reader.get(`/api/v1/accounts/${author.id}/statuses?pinned=true`)).json()).toEqual([]);
    expect((await reader.get(`/api/v1/accounts/${reader.id.replace(/.$/, '0')}x/statuses`)).statusCode).toBe(
      404,
    );
    await t.caller(author.token).relations.block({ username: reader.username });
    expect((await reader.get(`/api/v1/accounts/${author.id}/statuses`)).json()).toEqual([]);
  });
});
