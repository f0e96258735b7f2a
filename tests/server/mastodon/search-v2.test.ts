import { afterEach, describe, expect, it } from 'vitest';
import { call, memberWithToken, suspend } from '../../helpers/mastodon-calls.js';
import { expectEntity, search } from '../../mastodon/entities/index.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// GET /api/v2/search over Realm's searches of posts, people and tags (docs/mastodon-api.md, "Search"), with
// blocks, mutes and suspensions applied as everywhere. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const ids = (list: { id: string }[]) => list.map((item) => item.id);
const contents = (list: { content: string }[]) => list.map((item) => item.content);

async function world() {
  const me = await memberWithToken(t, 'read write follow');
  const ada = await t.member({ username: 'gardenada', firstName: 'Ada' });
  const bo = await t.member({ username: 'gardenbo' });
  await t.caller(ada.token).posts.create({ content: 'tomatoes grow well #garden' });
  await t.caller(bo.token).posts.create({ content: 'tomatoes from bo' });
  await t.caller(me.token).posts.create({ content: 'no fruit here' });
  return { me, ada, bo };
}

describe('GET /api/v2/search', () => {
  it('finds statuses by their words, accounts by their names, hashtags by their start', async () => {
    t = await makeTestApp();
    const { me, ada, bo } = await world();
    const { status, body } = await call(t, 'GET', '/api/v2/search?q=tomatoes', me.app);
    expect(status).toBe(200);
    expectEntity(search, body);
    expect(contents(body.statuses).sort()).toEqual(
      ['<p>tomatoes from bo</p>', expect.stringContaining('tomatoes grow well')].sort(),
    );
    expect(body.accounts).toEqual([]);
    const people = await call(t, 'GET', '/api/v2/search?q=garden&type=accounts', me.app);
    expect(ids(people.body.accounts).sort()).toEqual([ada.id, bo.id].sort());
    expect(people.body.statuses).toEqual([]);
    const tags = await call(t, 'GET', '/api/v2/search?q=%23gard&type=hashtags', me.app);
    expectEntity(search, tags.body);
    expectEntity(search, people.body);
    expect(tags.body.hashtags).toEqual([
      { id: 'garden', name: 'garden', url: 'http://realm.example/tag/garden', history: [], following: false },
    ]);
    const byTag = await call(t, 'GET', '/api/v2/search?q=%23garden&type=statuses', me.app);
    expect(byTag.body.statuses).toHaveLength(1);
    const fromBo = await call(t, 'GET', '/api/v2/search?q=from:gardenbo%20tomatoes&type=statuses', me.app);
    expect(ids(fromBo.body.statuses)).toHaveLength(1);
    expect(fromBo.body.statuses[0].account.id).toBe(bo.id);
  });

  it('pages statuses and accounts by offset and limit', async () => {
    t = await makeTestApp();
    const { me } = await world();
    const first = await call(t, 'GET', '/api/v2/search?q=tomatoes&type=statuses&limit=1', me.app);
    const second = await call(t, 'GET', '/api/v2/search?q=tomatoes&type=statuses&limit=1&offset=1', me.app);
    expect(first.body.statuses).toHaveLength(1);
    expect(second.body.statuses).toHaveLength(1);
    expect(first.body.statuses[0].id).not.toBe(second.body.statuses[0].id);
    const people = await call(t, 'GET', '/api/v2/search?q=garden&type=accounts&limit=1&offset=1', me.app);
    expect(people.body.accounts).toHaveLength(1);
  });

  it('leaves out whom I blocked or muted and suspended members, in statuses and accounts', async () => {
    t = await makeTestApp();
    const { me, ada, bo } = await world();
    await call(t, 'POST', `/api/v1/accounts/${ada.id}/block`, me.app);
    await suspend(t, bo.id);
    const { body } = await call(t, 'GET', '/api/v2/search?q=tomatoes', me.app);
    expect(body.statuses).toEqual([]);
    expect((await call(t, 'GET', '/api/v2/search?q=garden', me.app)).body.accounts).toEqual([]);
    const other = await memberWithToken(t);
    await t.sql(`update users set status = 'active' where id = $1`, [bo.id]);
    await call(t, 'POST', `/api/v1/accounts/${bo.id}/mute`, me.app);
    expect((await call(t, 'GET', '/api/v2/search?q=tomatoes', me.app)).body.statuses).toEqual([]);
    expect((await call(t, 'GET', '/api/v2/search?q=tomatoes', other.app)).body.statuses).toHaveLength(2);
  });

  it('signed out: statuses only; a token must be valid, grant read:search, and not be a suspended member’s', async () => {
    t = await makeTestApp();
    await world();
    const anonymous = await call(t, 'GET', '/api/v2/search?q=garden');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ accounts: [], hashtags: [] });
    expect((await call(t, 'GET', '/api/v2/search?q=tomatoes')).body.statuses).toHaveLength(2);
    expect((await call(t, 'GET', '/api/v2/search?q=x', 'nonsense')).status).toBe(401);
    const narrow = await memberWithToken(t, 'read:accounts');
    expect((await call(t, 'GET', '/api/v2/search?q=x', narrow.app)).status).toBe(403);
    const search = await memberWithToken(t, 'read:search');
    expect((await call(t, 'GET', '/api/v2/search?q=garden', search.app)).body.accounts).toHaveLength(2);
    await suspend(t, search.id);
    expect((await call(t, 'GET', '/api/v2/search?q=x', search.app)).status).toBe(403);
    expect((await call(t, 'GET', '/api/v2/search', search.app)).status).toBe(403);
  });

  it('a query the language cannot read finds nothing; no q is a 400', async () => {
    t = await makeTestApp();
    const { me } = await world();
    const unreadable = await call(t, 'GET', '/api/v2/search?q=%22open&type=statuses', me.app);
    expect(unreadable.status).toBe(200);
    expect((await call(t, 'GET', '/api/v2/search', me.app)).status).toBe(400);
  });
});
