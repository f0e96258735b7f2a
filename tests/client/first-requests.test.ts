import { afterEach, describe, expect, it } from 'vitest';
import {
  firstDataGlobal,
  firstRequests,
  requestKey,
  requestUrl,
  takeAnswered,
  takeFirstData,
  type FirstData,
} from '../../src/client/boot/first-requests.js';
import { makeTestApp } from '../helpers/test-app.js';

describe('the first requests of an address', () => {
  it('are the queries each first screen sends, as its hooks send them', () => {
    expect(firstRequests('/')).toEqual([
      { path: 'posts.feed', input: { mode: 'latest', direction: 'forward' } },
    ]);
    expect(firstRequests('/explore')).toEqual([{ path: 'posts.explore', input: { direction: 'forward' } }]);
    expect(firstRequests('/profile/ana%40realm.social')).toEqual([
      { path: 'users.byUsername', input: { username: 'ana@realm.social' } },
      { path: 'posts.byUser', input: { username: 'ana@realm.social', direction: 'forward' } },
    ]);
    expect(firstRequests('/post/p%201')).toEqual([
      { path: 'posts.byId', input: { postId: 'p 1' } },
      { path: 'comments.list', input: { postId: 'p 1', direction: 'forward' } },
    ]);
  });

  it('are none where the first screen shows no posts, or the address is not one of the app', () => {
    for (const path of [
      '/auth',
      '/signup',
      '/settings',
      '/notifications',
      '/about',
      '/nowhere',
      '/post/',
      '/post/%E0%A4%A',
      '/profile/a/b',
    ])
      expect(firstRequests(path), path).toEqual([]);
  });

  it('key a query by procedure and input, whatever the order of its fields', () => {
    expect(requestKey('posts.feed', { mode: 'latest', direction: 'forward' })).toBe(
      requestKey('posts.feed', { direction: 'forward', mode: 'latest', cursor: undefined }),
    );
    expect(requestKey('posts.feed', { mode: 'latest' })).not.toBe(
      requestKey('posts.feed', { mode: 'latest', direction: 'forward' }),
    );
    expect(requestKey('posts.feed', { mode: 'latest' })).not.toBe(
      requestKey('posts.explore', { mode: 'latest' }),
    );
  });

  it('are answered by the server as tRPC answers the app (GET /trpc/<procedure>?input=...)', async () => {
    const t = await makeTestApp();
    try {
      const ana = await t.member();
      const post = await t.caller(ana.token).posts.create({ content: 'first' });
      for (const address of [
        '/',
        '/explore',
        `/profile/${encodeURIComponent(ana.username)}`,
        `/post/${post.id}`,
      ]) {
        for (const request of firstRequests(address)) {
          const answer = await t.app.inject({
            url: requestUrl(request),
            headers: { authorization: ana.token },
          });
          expect(answer.statusCode, `${address} ${request.path}`).toBe(200);
          expect(answer.json()).toHaveProperty('result.data');
        }
      }
    } finally {
      await t.close();
    }
  });
});

describe('a preloaded answer', () => {
  const globals = globalThis as unknown as Record<string, FirstData[] | undefined>;
  afterEach(() => {
    delete globals[firstDataGlobal];
  });
  const preload = (token: string, startedAt = performance.now(), answer?: { data: unknown }) => {
    const data = Promise.resolve({ items: [] });
    const [path, input] = ['posts.explore', { direction: 'forward' }] as const;
    const key = requestKey(path, input);
    globals[firstDataGlobal] = [{ path, input, key, token, startedAt, data, ...(answer && { answer }) }];
    return data;
  };

  it('is taken once, for the same query and token', () => {
    const data = preload('t1');
    expect(takeFirstData('posts.explore', { direction: 'forward' }, 't1')).toBe(data);
    expect(takeFirstData('posts.explore', { direction: 'forward' }, 't1')).toBeNull();
  });

  it('is not taken for another query, another token, no token, or once it is old', () => {
    preload('t1');
    expect(takeFirstData('posts.explore', { direction: 'forward', cursor: 'x' }, 't1')).toBeNull();
    expect(takeFirstData('posts.explore', { direction: 'forward' }, null)).toBeNull();
    expect(takeFirstData('posts.explore', { direction: 'forward' }, 't2')).toBeNull();
    // The refused one is gone too: no later screen gets it.
    expect(takeFirstData('posts.explore', { direction: 'forward' }, 't1')).toBeNull();
    preload('t1', performance.now() - 60_000);
    expect(takeFirstData('posts.explore', { direction: 'forward' }, 't1')).toBeNull();
  });

  it('that has come is handed over once, before the app first renders, for the same token only', () => {
    preload('t1');
    expect(takeAnswered('t1')).toEqual([]); // not come yet: the link takes it when asked
    expect(takeFirstData('posts.explore', { direction: 'forward' }, 't1')).not.toBeNull();
    preload('t1', performance.now(), { data: { items: [] } });
    expect(takeAnswered('t2')).toEqual([]);
    expect(takeAnswered('t1')).toEqual([]); // refused for t2, and gone
    preload('t1', performance.now(), { data: { items: [] } });
    expect(takeAnswered('t1').map((e) => e.answer.data)).toEqual([{ items: [] }]);
    expect(takeFirstData('posts.explore', { direction: 'forward' }, 't1')).toBeNull();
  });
});
