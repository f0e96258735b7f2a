import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoCredentials, demoHandle } from '../../seed/data.js';
import { runSeed } from '../../seed/seed.js';
import { paths } from '../../src/server/paths.js';
import { get, post } from '../helpers/http.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(() => t?.close());

describe('seed', () => {
  it('holds 7 members, 5 posts with 2 comments each, likes of 0 or 10 and no social graph', async () => {
    t = await makeTestApp({ seed: true });
    const { users } = (await get(t.app, '/api/users')).body;
    const { posts } = (await get(t.app, '/api/posts')).body;
    expect(users).toHaveLength(7);
    expect(posts).toHaveLength(5);
    for (const p of posts) {
      expect(p.comments).toHaveLength(2);
      expect([0, 10]).toContain(p.likes.likeCount);
      expect(p.likes.likedBy).toEqual([]);
      expect(p.likes.dislikedBy).toEqual([]);
    }
    expect(new Set(posts.map((p: { likes: { likeCount: number } }) => p.likes.likeCount))).toEqual(
      new Set([0, 10]),
    );
    for (const u of users) {
      expect(u.followers).toEqual([]);
      expect(u.following).toEqual([]);
      expect(u.bookmarks).toEqual([]);
    }
  });

  it('has a demo member with a handle and an email, who logs in with the email', async () => {
    t = await makeTestApp({ seed: true });
    expect(demoCredentials.username).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    const res = await post(t.app, '/api/auth/login', undefined, demoCredentials);
    expect(res.status).toBe(200);
    expect(res.body.foundUser.username).toBe(demoHandle);
  });

  it('points every picture at a file the app serves', async () => {
    t = await makeTestApp({ seed: true });
    const { users } = (await get(t.app, '/api/users')).body;
    for (const u of users) {
      for (const url of [u.profilePic, u.profileBanner]) {
        expect(url).toMatch(/^\/pictures\/[\w-]+\.svg$/);
        expect(existsSync(join(paths.seedPictures, url.replace('/pictures/', '')))).toBe(true);
        expect((await get(t.app, url)).status).toBe(200);
      }
    }
  });

  it('adds nothing when run again', async () => {
    t = await makeTestApp({ seed: true });
    const before = await snapshot(t);
    expect(await runSeed(t.store)).toEqual({ members: 0, posts: 0 });
    expect(await snapshot(t)).toEqual(before);
  });

  it('keeps a member who signed up under a seed name first, and skips that member posts', async () => {
    t = await makeTestApp();
    await t.member({ username: 'JaneCooper' });
    const added = await runSeed(t.store);
    expect(added.members).toBe(6);
    const { users } = (await get(t.app, '/api/users')).body;
    expect(users.filter((u: { username: string }) => u.username.toLowerCase() === 'janecooper')).toHaveLength(
      1,
    );
  });
});
