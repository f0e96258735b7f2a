import { afterEach, describe, expect, it } from 'vitest';
import { generateScale, scalePassword, scaleUsername } from '../../seed/scale.js';
import { post } from '../helpers/http.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(() => t?.close());

const one = (sql: string) => t.db.$client.prepare(sql).pluck().get() as number;

describe('the scale generator', () => {
  it('writes members, posts, follows, likes, comments and bookmarks whose counters match the rows', async () => {
    t = await makeTestApp();
    const report = await generateScale(t.db, { users: 300, posts: 3000 });
    expect(report.rows.users).toBe(300);
    expect(report.rows.posts).toBe(3000);
    expect(one('select count(*) from posts')).toBe(3000);
    // Counters are what the app keeps in step: they must equal the rows they count.
    expect(
      one(
        "select count(*) from posts p where p.like_count != (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like')",
      ),
    ).toBe(0);
    expect(
      one(
        'select count(*) from posts p where p.comment_count != (select count(*) from comments c where c.post_id = p.id)',
      ),
    ).toBe(0);
    expect(
      one(
        'select count(*) from users u where u.follower_count != (select count(*) from follows f where f.followee_id = u.id)',
      ),
    ).toBe(0);
    expect(one('select max(comment_count) from posts')).toBeLessThanOrEqual(20);
    // Each member follows 20 to 200 others, never themselves; a few are followed by far more.
    expect(
      one('select min(n) from (select count(*) n from follows group by follower_id)'),
    ).toBeGreaterThanOrEqual(20);
    expect(
      one('select max(n) from (select count(*) n from follows group by follower_id)'),
    ).toBeLessThanOrEqual(200);
    expect(one('select count(*) from follows where follower_id = followee_id')).toBe(0);
    expect(one('select max(follower_count) from users')).toBeGreaterThan(
      2 * one('select avg(follower_count) from users'),
    );
    // A long tail of likes: most posts a few, some many.
    expect(one('select count(*) from posts where like_count <= 3')).toBeGreaterThan(2000);
    expect(one('select max(like_count) from posts')).toBeGreaterThan(50);
  });

  it('builds the same instance from the same arguments', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 50, posts: 200, seed: 7, now: 1_800_000_000_000 });
    const first = await snapshot(t);
    await t.close();
    t = await makeTestApp();
    await generateScale(t.db, { users: 50, posts: 200, seed: 7, now: 1_800_000_000_000 });
    const second = await snapshot(t);
    // Password hashes are salted afresh; everything else is identical.
    const withoutHashes = (s: typeof first) => ({
      ...s,
      users: s.users!.map((u) => ({ ...(u as object), password_hash: null })),
    });
    expect(withoutHashes(second)).toEqual(withoutHashes(first));
  });

  it('gives every member the documented password, and refuses a database that has members', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 20, posts: 10 });
    const login = await post(t.app, '/api/auth/login', undefined, {
      username: scaleUsername(7),
      password: scalePassword,
    });
    expect(login.status).toBe(200);
    await expect(generateScale(t.db, { users: 20, posts: 10 })).rejects.toThrow(/empty database/);
  });
});
