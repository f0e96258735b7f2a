import { describe, expect, it } from 'vitest';
import { firstRequests } from '../../src/client/boot/first-requests.js';

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
});
