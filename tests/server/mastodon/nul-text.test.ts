import { afterEach, describe, expect, it } from 'vitest';
import { call, memberWithToken } from '../../helpers/mastodon-calls.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// U+0000 in a parameter of the Mastodon API is refused with 400 and tRPC's message, wherever it is (the
// address, the path, a body), and nothing is written; on PostgreSQL, which cannot hold it, these answered
// 500 (docs/mastodon-api.md, "Search"). Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const refusal = (name: string) => ({ error: `${name} must not contain the NUL character (U+0000).` });

describe('a NUL in the Mastodon API', () => {
  it('is refused in a search, as tRPC refuses it, and in every read that takes text', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    await t.caller(me.token).posts.create({ content: 'tomatoes #garden' });
    const trpc = await t
      .caller(me.token)
      .search.posts({ q: 'toma\u0000toes' })
      .catch((error: Error) => error);
    expect(String(trpc)).toContain('must not contain the NUL character (U+0000).');
    const reads: [string, string][] = [
      ['/api/v2/search?q=toma%00toes', 'q'],
      ['/api/v2/search?q=toma%00toes&type=statuses', 'q'],
      ['/api/v2/search?q=gar%00den&type=accounts', 'q'],
      ['/api/v2/search?q=%23gar%00den&type=hashtags', 'q'],
      ['/api/v2/search?q=from:a%00', 'q'],
      ['/api/v1/accounts/search?q=a%00b', 'q'],
      ['/api/v1/accounts/lookup?acct=a%00b', 'acct'],
      ['/api/v1/timelines/tag/gar%00den', 'hashtag'],
      ['/api/v1/timelines/public?max_id=a%00', 'max_id'],
      ['/api/v1/accounts/relationships?id[]=a%00', 'id[]'],
    ];
    for (const [url, name] of reads) {
      const res = await call(t, 'GET', url, me.app);
      expect([res.status, res.body], url).toEqual([400, refusal(name)]);
    }
    expect((await call(t, 'GET', '/api/v2/search?q=tomatoes', me.app)).body.statuses).toHaveLength(1);
  });

  it('is refused in a body, writing nothing: an app, a token request, a status, a report', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    const other = await t.member();
    const app = { client_name: 'Nul app', redirect_uris: 'https://app.example/callback' };
    const before = await t.sql('select count(*) as n from oauth_apps');
    const writes: [string, Record<string, unknown>, number, unknown][] = [
      ['/api/v1/apps', { ...app, client_name: 'Nul\u0000app' }, 400, refusal('client_name')],
      ['/api/v1/apps', { ...app, website: 'https://app.example/\u0000' }, 400, refusal('website')],
      [
        '/api/v1/apps',
        { ...app, redirect_uris: ['https://app.example/\u0000'] },
        400,
        refusal('redirect_uris[]'),
      ],
      [
        '/oauth/token',
        { grant_type: 'client_credentials', client_id: 'a\u0000', client_secret: 'b' },
        400,
        { error: 'invalid_request', error_description: refusal('client_id').error },
      ],
      ['/api/v1/statuses', { status: 'hello', media_ids: ['a\u0000'] }, 400, refusal('media_ids[]')],
      ['/api/v1/reports', { account_id: other.id, comment: 'spam\u0000' }, 400, refusal('comment')],
    ];
    for (const [url, payload, status, body] of writes) {
      const res = await call(t, 'POST', url, me.app, payload);
      expect([res.status, res.body], `${url} ${JSON.stringify(payload)}`).toEqual([status, body]);
    }
    expect(await t.sql('select count(*) as n from oauth_apps')).toEqual(before);
    expect(await t.sql('select count(*) as n from posts')).toEqual([{ n: 0 }]);
    expect(await t.sql('select count(*) as n from reports')).toEqual([{ n: 0 }]);
  });
});
