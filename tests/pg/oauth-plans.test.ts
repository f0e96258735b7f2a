import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember } from '../../seed/factories.js';
import { oauthWrites } from '../../src/server/store/postgres/oauth.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { nodesOf, plansOf, statementsOf, type PlanNode } from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';

// The PostgreSQL twin of tests/server/mastodon/oauth-plans-sqlite.test.ts: each OAuth statement reads its
// index, with its values and in the generic plan, on 20,000 tokens of 500 members and 5,000 codes; the
// cleanup of apps never authorized by its partial index, on 5,000 apps, a tenth of them never authorized.

let store: PostgresStore;
let member: string;

beforeAll(async () => {
  store = openPostgresStore({ url: await freshDatabase(inject('postgresAdminUrl')), poolSize: 4 });
  member = (await createMember(store, { username: 'member' })).id;
  const q = (text: string) => store.pool.query(text);
  await q(
    `insert into users (id, username, username_key, password_hash, created_at, updated_at)
     select 'u' || i, 'User' || i, 'user' || i, 'x', i, i from generate_series(1, 500) as i`,
  );
  await q(
    `insert into oauth_apps (id, name, redirect_uris, scopes, client_id, client_secret_hash, created_at,
       authorized_at)
     select 'a' || i, 'App', 'urn:ietf:wg:oauth:2.0:oob', 'read', 'client' || i, 'x', i,
       case when i % 10 = 0 then null else i end
     from generate_series(1, 5000) as i`,
  );
  await q(
    `insert into oauth_tokens (id, token_hash, app_id, member_id, member_token_version, scopes, created_at)
     select 't' || i, 'h' || i, 'a' || (i % 50 + 1), 'u' || (i % 500 + 1), 0, 'read', i
     from generate_series(1, 20000) as i`,
  );
  await q(
    `insert into oauth_codes (code_hash, app_id, member_id, scopes, redirect_uri, expires_at)
     select 'c' || i, 'a' || (i % 50 + 1), 'u' || (i % 500 + 1), 'read', 'urn:ietf:wg:oauth:2.0:oob', i
     from generate_series(1, 5000) as i`,
  );
  await q('analyze');
});
afterAll(() => store?.close());

const tables = new Set(['oauth_tokens', 'oauth_codes', 'oauth_apps']);

function problemsOf(plan: PlanNode, index: string): string[] {
  const all = nodesOf(plan);
  const problems = all.flatMap((node) =>
    node['Node Type'] === 'Seq Scan' && tables.has(node['Relation Name'] ?? '')
      ? [`Seq Scan on ${node['Relation Name']}`]
      : [],
  );
  if (!all.some((node) => node['Index Name'] === index)) problems.push(`not read by ${index}`);
  return problems;
}

describe('OAuth statements on PostgreSQL', () => {
  let client: pg.PoolClient;
  beforeAll(async () => void (client = await store.pool.connect()));
  afterAll(() => client.release());

  it('read by index, never scanning the OAuth tables, with and without their values', async () => {
    const writes = oauthWrites(store.pool);
    const reads: [() => Promise<unknown>, string][] = [
      [() => store.read.oauth.tokenByHash('h7'), 'oauth_tokens_hash_idx'],
      [() => store.read.oauth.appByClientId('client3'), 'oauth_apps_client_id_idx'],
      [() => store.read.oauth.authorisedApps(member), 'oauth_tokens_member_app_idx'],
      [() => writes.revokeAppForMember('u7', 'a8'), 'oauth_tokens_member_app_idx'],
      [() => writes.revokeToken('h9', 'a10'), 'oauth_tokens_hash_idx'],
      [() => writes.takeCode('c11'), 'oauth_codes_pkey'],
      [() => writes.markUsed('t12', 5), 'oauth_tokens_pkey'],
      [() => writes.deleteNeverAuthorized(5, 100), 'oauth_apps_unauthorized_idx'],
    ];
    for (const [read, index] of reads) {
      const ran = await statementsOf(store.pool, read);
      expect(ran).toHaveLength(1);
      for (const [i, plan] of (await plansOf(client, ran[0]!)).entries()) {
        expect(problemsOf(plan, index), `${i ? 'generic' : 'custom'} plan of ${ran[0]!.text}`).toEqual([]);
      }
    }
  });
});
