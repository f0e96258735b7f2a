import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember } from '../../seed/factories.js';
import { accountsOf } from '../../src/server/domain/people.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { nodesOf, plansOf, statementsOf, type PlanNode } from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';

// The PostgreSQL twin of tests/server/mastodon-plans.test.ts: the Mastodon client API's own reads (a page's
// cards and accounts, a comment's post, who liked or boosted a post, a member's favourites) read by index, with their values and in the
// generic plan, on 2,000 members, 20,000 posts, and a post with 2,000 likes and boosts.

let store: PostgresStore;
let viewer: string;

beforeAll(async () => {
  store = openPostgresStore({ url: await freshDatabase(inject('postgresAdminUrl')), poolSize: 4 });
  viewer = (await createMember(store, { username: 'viewer' })).id;
  const q = (text: string) => store.pool.query(text);
  await q(
    `insert into users (id, username, username_key, password_hash, created_at, updated_at)
     select 'u' || i, 'User' || i, 'user' || i, 'x', i, i from generate_series(1, 2000) as i`,
  );
  await q(
    `insert into posts (id, author_id, content, created_at, updated_at)
     select 'p' || i, 'u' || (i % 2000 + 1), 'post', i, i from generate_series(1, 20000) as i`,
  );
  await q(
    `insert into comments (id, post_id, author_id, text, created_at, updated_at)
     select 'c' || i, 'p' || i, 'u' || (i % 2000 + 1), 'c', i, i from generate_series(1, 5000) as i`,
  );
  await q(
    `insert into post_reactions (post_id, user_id, kind, created_at)
     select 'p1', 'u' || i, 'like', i from generate_series(1, 2000) as i`,
  );
  // One member's 3,000 reactions, a third of them dislikes: their favourites.
  await q(
    `insert into post_reactions (post_id, user_id, kind, created_at)
     select 'p' || i, 'u7', case when i % 3 = 0 then 'dislike' else 'like' end, i from generate_series(2, 3001) as i`,
  );
  await q(
    `insert into boosts (post_id, user_id, created_at) select 'p1', 'u' || i, i from generate_series(2, 2000) as i`,
  );
  // And one member's boosts of 3,000 other posts, so that a post's boosts are a few, as on an instance.
  await q(
    `insert into boosts (post_id, user_id, created_at) select 'p' || i, 'u1', 100000 + i from generate_series(2, 3001) as i`,
  );
  await q('analyze');
});
afterAll(() => store?.close());

const scansOf = (plan: PlanNode) =>
  nodesOf(plan).flatMap((node) =>
    node['Node Type'] === 'Seq Scan' &&
    ['users', 'posts', 'comments', 'post_reactions', 'boosts'].includes(node['Relation Name']!)
      ? [`Seq Scan on ${node['Relation Name']}`]
      : [],
  );

describe('Mastodon statements on PostgreSQL', () => {
  let client: pg.PoolClient;
  beforeAll(async () => void (client = await store.pool.connect()));
  afterAll(() => client.release());

  it('read by index, never scanning a table, with and without their values', async () => {
    const { interactions } = store.read;
    const reads: (() => Promise<unknown>)[] = [
      () => accountsOf(store, ['u1', 'u2', 'u3'], ['user4']),
      () => interactions.comment('c7'),
      () => interactions.boosterAt(viewer, 'p1', 5),
      () => interactions.boostTime('p1', 'u9'),
      () => interactions.likers(viewer, 'p1', [1500, 'u1500'], 40),
      () => interactions.boosters(null, 'p1', null, 40),
      // Statuses' cards: a page's cards without their latest comments.
      () => store.read.cards.json(viewer, ['p5', 'p6'], ['u3', null], { latestComments: false }),
    ];
    for (const read of reads) {
      const ran = await statementsOf(store.pool, read);
      expect(ran).toHaveLength(1);
      for (const [i, plan] of (await plansOf(client, ran[0]!)).entries()) {
        expect(scansOf(plan), `${i ? 'generic' : 'custom'} plan of ${ran[0]!.text}`).toEqual([]);
      }
    }
  });

  it('read a member’s likes newest first from post_reactions_user_kind_created_idx, with no sort', async () => {
    for (const key of [null, [1500, 'p1500']]) {
      const ran = await statementsOf(store.pool, () => store.read.feeds.likes('u7', key));
      expect(ran).toHaveLength(1);
      for (const [i, plan] of (await plansOf(client, ran[0]!)).entries()) {
        const nodes = nodesOf(plan);
        const label = `${i ? 'generic' : 'custom'} plan of ${ran[0]!.text}`;
        expect(scansOf(plan), label).toEqual([]);
        expect(
          nodes.map((node) => node['Index Name']),
          label,
        ).toContain('post_reactions_user_kind_created_idx');
        expect(
          nodes.filter((node) => node['Node Type'] === 'Sort'),
          label,
        ).toEqual([]);
      }
    }
  });
});
