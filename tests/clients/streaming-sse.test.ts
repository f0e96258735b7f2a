import { createOAuthAPIClient, createRestAPIClient, type mastodon } from 'masto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entity from '../mastodon/entities/index.js';
import { launchBrowser } from '../e2e/browser.js';
import { whileCausing } from './live.js';
import { useRealm } from './realm.js';
import { authorizeUrl, codeShownOnPage, outOfBand, scopes } from './sign-in.js';
import { openSse } from './sse.js';

// The Server-Sent Events doors (/api/v1/streaming/user, /public/local, /hashtag): neither masto.js 8 nor
// megalodon 10 reads them any more, so this file signs two members in with masto.js and reads the streams
// with fetch, as an EventSource does, checking each payload against its entity schema.

const realm = useRealm();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const appName = 'streaming test app';

async function signIn(app: mastodon.v1.Client) {
  const member = await realm.newMember();
  const authorize = authorizeUrl(realm.url(), {
    clientId: app.clientId!,
    redirectUri: outOfBand,
    scope: scopes,
  });
  const code = await codeShownOnPage(browser, authorize, member, appName);
  const token = await createOAuthAPIClient({ url: realm.url() }).token.create({
    grantType: 'authorization_code',
    clientId: app.clientId!,
    clientSecret: app.clientSecret!,
    redirectUri: outOfBand,
    code,
  });
  const masto = createRestAPIClient({ url: realm.url(), accessToken: token.accessToken });
  return { token: token.accessToken, masto, id: (await masto.v1.accounts.verifyCredentials()).id };
}

const contentOf = (data: string) => String((JSON.parse(data) as { content?: unknown }).content ?? '');

describe('streaming over Server-Sent Events', () => {
  it('delivers a new post to the user, local and hashtag streams, and a notification to the user stream', async () => {
    const app = await createRestAPIClient({ url: realm.url() }).v1.apps.create({
      clientName: appName,
      redirectUris: outOfBand,
      scopes,
    });
    const reader = await signIn(app);
    const writer = await signIn(app);
    await reader.masto.v1.accounts.$select(writer.id).follow();

    const base = realm.url();
    const streams = {
      user: await openSse(`${base}/api/v1/streaming/user`, reader.token),
      local: await openSse(`${base}/api/v1/streaming/public/local`, reader.token),
      hashtag: await openSse(`${base}/api/v1/streaming/hashtag?tag=ssetag`, reader.token),
    };
    try {
      for (const [name, stream] of Object.entries(streams)) {
        expect(stream.status, name).toBe(200);
        expect(stream.contentType, name).toMatch(/^text\/event-stream/);
      }
      let n = 0;
      const posted = (data: string) => contentOf(data).includes('Streamed live');
      await whileCausing(
        Promise.all(Object.values(streams).map((stream) => stream.next('update', posted))),
        () => writer.masto.v1.statuses.create({ status: `Streamed live ${(n += 1)} #ssetag` }),
      );
      for (const stream of Object.values(streams)) {
        entity.expectEntity(
          entity.status,
          JSON.parse((await stream.next('update', posted)).data),
          'an update',
        );
      }

      const mine = await reader.masto.v1.statuses.create({ status: 'Favourite me over SSE' });
      const notified = streams.user.next('notification', (data) => data.includes(mine.id));
      await writer.masto.v1.statuses.$select(mine.id).favourite();
      const notification = entity.expectEntity(entity.notification, JSON.parse((await notified).data));
      expect(notification).toMatchObject({
        type: 'favourite',
        account: { id: writer.id },
        status: { id: mine.id },
      });

      const gone = await writer.masto.v1.statuses.create({ status: 'Here and gone #ssetag' });
      await streams.hashtag.next('update', (data) => data.includes(gone.id));
      await writer.masto.v1.statuses.$select(gone.id).remove();
      expect((await streams.hashtag.next('delete', (data) => data === gone.id)).data).toBe(gone.id);
    } finally {
      await Promise.all(Object.values(streams).map((stream) => stream.close()));
    }
  });

  it('refuses a stream without a token, with a Mastodon error', async () => {
    const response = await fetch(`${realm.url()}/api/v1/streaming/user`);
    expect(response.status).toBe(401);
    entity.expectEntity(entity.error, await response.json());
  });
});
