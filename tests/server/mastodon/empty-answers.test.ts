import { afterEach, describe, expect, it } from 'vitest';
import { call, expectCallerChecks, memberWithToken } from '../../helpers/mastodon-calls.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// What Realm has not, answered as empty lists with Mastodon's scopes (docs/mastodon-api.md, "What Realm
// answers empty"). Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const memberLists: [string, string, string][] = [
  ['/api/v1/filters', 'read:filters', 'read:lists'],
  ['/api/v2/filters', 'read:filters', 'read:lists'],
  ['/api/v1/lists', 'read:lists', 'read:filters'],
  ['/api/v1/follow_requests', 'read:follows', 'read:lists'],
  ['/api/v1/followed_tags', 'read:follows', 'read:lists'],
  ['/api/v1/announcements', 'read', 'write'],
  ['/api/v1/conversations', 'read:statuses', 'read:lists'],
  ['/api/v1/scheduled_statuses', 'read:statuses', 'read:lists'],
  ['/api/v1/featured_tags', 'read:accounts', 'read:lists'],
  ['/api/v1/endorsements', 'read:accounts', 'read:lists'],
  ['/api/v1/domain_blocks', 'read:blocks', 'read:lists'],
];

describe('the empty answers', () => {
  it.each(memberLists)('%s answers [] to a member whose token grants %s', async (url, scope, other) => {
    t = await makeTestApp();
    const member = await memberWithToken(t, scope);
    expect(await call(t, 'GET', url, member.app)).toMatchObject({ status: 200, body: [] });
    await expectCallerChecks(t, 'GET', url, other);
  });

  it('the follow scope grants the lists of follows and blocks, read grants them all', async () => {
    t = await makeTestApp();
    const follow = await memberWithToken(t, 'follow');
    expect((await call(t, 'GET', '/api/v1/follow_requests', follow.app)).status).toBe(200);
    expect((await call(t, 'GET', '/api/v1/domain_blocks', follow.app)).status).toBe(200);
    const read = await memberWithToken(t, 'read');
    for (const [url] of memberLists) expect((await call(t, 'GET', url, read.app)).body).toEqual([]);
  });

  it('the notification policy accepts everything, with no requests pending; familiar followers are none', async () => {
    t = await makeTestApp();
    const member = await memberWithToken(t, 'read write follow');
    const v2 = await call(t, 'GET', '/api/v2/notifications/policy', member.app);
    expect(v2.body).toMatchObject({
      for_not_following: 'accept',
      summary: { pending_requests_count: 0, pending_notifications_count: 0 },
    });
    const changed = await call(t, 'PATCH', '/api/v2/notifications/policy', member.app, {
      for_not_following: 'drop',
    });
    expect(changed.body).toEqual(v2.body);
    expect((await call(t, 'GET', '/api/v1/notifications/policy', member.app)).body).toMatchObject({
      filter_not_following: false,
    });
    expect((await call(t, 'GET', '/api/v1/notifications/requests', member.app)).body).toEqual([]);
    const familiar = await call(t, 'GET', '/api/v1/accounts/familiar_followers?id[]=a&id[]=b', member.app);
    expect(familiar.body).toEqual([
      { id: 'a', accounts: [] },
      { id: 'b', accounts: [] },
    ]);
    await expectCallerChecks(t, 'GET', '/api/v2/notifications/policy', 'read:statuses');
    await expectCallerChecks(t, 'PATCH', '/api/v2/notifications/policy', 'read', {});
    await expectCallerChecks(t, 'GET', '/api/v1/accounts/familiar_followers?id=a', 'read:accounts');
  });

  it('trends and featured tags answer [] to anyone', async () => {
    t = await makeTestApp();
    const member = await t.member();
    for (const url of [
      '/api/v1/trends',
      '/api/v1/trends/tags',
      '/api/v1/trends/statuses',
      '/api/v1/trends/links',
      `/api/v1/accounts/${member.id}/featured_tags`,
    ]) {
      expect(await call(t, 'GET', url)).toMatchObject({ status: 200, body: [] });
    }
  });
});
