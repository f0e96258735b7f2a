import { afterEach, describe, expect, it } from 'vitest';
import { cleanupUnattached } from '../../src/server/domain/media.js';
import { statementsPreparedBy, sqlitePlan } from '../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';
import { uploaded, uploadedAs } from '../trpc/media-helpers.js';

// Pictures' statements read by index on SQLite (`explain query plan`): a card's pictures by media_post_idx,
// the quota's sum from media_owner_idx, the shared-file check by the key indexes, the cleanup by
// media_unattached_idx, a member's avatars and banners by media_owner_idx. Twin: tests/pg/media-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

const scans = /^SCAN (media|posts|users)\b/;

describe.runIf(testEngine === 'sqlite')('pictures on SQLite', () => {
  it('are read, counted, attached and cleaned up by index, never scanning the media table', async () => {
    t = await makeTestApp();
    // Other members' pictures, attached and not, so a scan would have rows to read.
    t.db.$client.exec(`insert into users (id, username, username_key, password_hash, created_at, updated_at)
      values ('other', 'other', 'other', 'x', 1, 1)`);
    t.db.$client.exec(`insert into media (id, owner_id, large_key, preview_key, width, height, preview_width,
        preview_height, placeholder, bytes, created_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      select 'm' || i, 'other', 'k' || i, 'p' || i, 1, 1, 1, 1, '', 10, i from n`);
    t.db.$client.exec('analyze');
    const me = await t.member();
    const api = t.caller(me.token);
    const statements = await statementsPreparedBy(t.db, async () => {
      const [a, b] = [await uploaded(t, me.token), await uploaded(t, me.token)];
      const post = await api.posts.create({
        content: 'two',
        media: [a, b].map(({ id }) => ({ id, alt: '' })),
      });
      await api.posts.edit({ postId: post.id, content: 'one', media: [{ id: a.id, alt: 'a' }] });
      await api.posts.explore({});
      await api.posts.delete({ postId: post.id });
      // An avatar: uploaded (the earlier unchosen one looked for), then chosen (the replaced one looked for).
      const avatar = await uploadedAs(t, me.token, 'avatar');
      await api.users.editProfile({ profilePic: avatar.url });
      await cleanupUnattached(t.store, { put: async () => {}, delete: async () => {} });
    });
    const ours = statements.filter((sql) => /\bmedia\b/.test(sql));
    expect(ours.length).toBeGreaterThanOrEqual(8);
    for (const sql of ours) {
      const plan = sqlitePlan(t.db, sql, '["x"]');
      // The cards' statement sorts its page into the ids' order and each post's latest comments (as it did
      // before pictures: tests/server/query-plans.test.ts); a post's pictures come from media_post_idx.
      const isCards = sql.includes("'latestComments'");
      if (isCards) expect(plan).toContain('SEARCH m USING INDEX media_post_idx (post_id=?)');
      const bad = plan.filter(
        (step) => scans.test(step) || (!isCards && /TEMP B-TREE FOR ORDER BY/.test(step)),
      );
      expect({ sql, bad }).toEqual({ sql, bad: [] });
    }
  });
});
