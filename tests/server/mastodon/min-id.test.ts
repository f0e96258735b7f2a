import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appMember, linkOf, type AppMember } from '../../helpers/mastodon-api.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { minIdPages } from '../../../src/server/mastodon/timeline-reader.js';

// `min_id`: the items just above an id, newest first, and `prev` links walking up from there to the newest
// (docs/mastodon-api.md, "Pages"). Done once in the timeline reader; read here on home and public. On the
// suite's engine.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

type Status = { id: string; content: string };
const idsOf = (res: { json<T>(): T }) => res.json<Status[]>().map((s) => s.id);

/** The ids of the timeline at `path`, newest first, read by Link next in pages of 40. */
async function everyId(reader: AppMember, path: string) {
  const ids: string[] = [];
  for (let url: string | null = `${path}?limit=40`; url;) {
    const res = await reader.get(url);
    ids.push(...idsOf(res));
    url = res.json<Status[]>().length > 0 ? linkOf(res, 'next') : null;
  }
  return ids;
}

/** Follows Link prev from `first` until a page is empty: every page's ids, in the order read. */
async function walkUp(reader: AppMember, first: string) {
  const pages: string[][] = [];
  for (let url: string | null = first; url && pages.length < 50;) {
    const res = await reader.get(url);
    expect(res.statusCode).toBe(200);
    const ids = idsOf(res);
    if (ids.length === 0) break;
    pages.push(ids);
    url = linkOf(res, 'prev');
  }
  return pages;
}

describe('min_id', () => {
  it('answers the items just above it, newest first, and prev walks up to the newest', async () => {
    const reader = await appMember(t);
    const author = await appMember(t);
    await t.caller(reader.token).follow.follow({ userId: author.id });
    for (let i = 0; i < 45; i++) await t.caller(author.token).posts.create({ content: `post ${i}` });
    const ids = await everyId(reader, '/api/v1/timelines/home');
    expect(ids).toHaveLength(45);

    // ids[29] is the 30th newest: the five just above it are the 29th..25th newest.
    const res = await reader.get(`/api/v1/timelines/home?min_id=${ids[29]}&limit=5`);
    expect(idsOf(res)).toEqual(ids.slice(24, 29));
    expect(linkOf(res, 'prev')).toContain(`min_id=${ids[24]}`);
    expect(linkOf(res, 'next')).toContain(`max_id=${ids[28]}`);

    // Following prev walks up to the newest: no repeat, no gap, each page newest first.
    const pages = await walkUp(reader, `/api/v1/timelines/home?min_id=${ids[29]}&limit=5`);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 5, 4]);
    expect(pages.reverse().flat()).toEqual(ids.slice(0, 29));
    // Above the newest: nothing, and no Link.
    const top = await reader.get(`/api/v1/timelines/home?min_id=${ids[0]}`);
    expect(idsOf(top)).toEqual([]);
    expect(top.headers.link).toBeUndefined();

    // since_id still answers the newest, down to it.
    expect(idsOf(await reader.get(`/api/v1/timelines/home?since_id=${ids[29]}&limit=5`))).toEqual(
      ids.slice(0, 5),
    );
    // With max_id too: the items between, the ones just above min_id.
    const between = await reader.get(`/api/v1/timelines/home?max_id=${ids[10]}&min_id=${ids[29]}&limit=40`);
    expect(idsOf(between)).toEqual(ids.slice(11, 29));
  });

  it(`reads at most ${minIdPages} pages of 20: past them, the oldest items read, the gap left below`, async () => {
    const reader = await appMember(t);
    const author = await appMember(t);
    const total = minIdPages * 20 + 15;
    for (let i = 0; i < total; i++) await t.caller(author.token).posts.create({ content: `post ${i}` });
    const ids = await everyId(reader, '/api/v1/timelines/public');
    expect(ids).toHaveLength(total);

    const oldest = ids.at(-1)!;
    const res = await reader.get(`/api/v1/timelines/public?min_id=${oldest}&limit=5`);
    // The read stopped after minIdPages * 20 items: the answer is the last five of them.
    const read = minIdPages * 20;
    expect(idsOf(res)).toEqual(ids.slice(read - 5, read));
    // Below them, the gap: next (max_id) pages down into it, to min_id's item.
    const below = await reader.get(linkOf(res, 'next')!);
    expect(idsOf(below)).toEqual(ids.slice(read, read + 5));
  });
});
