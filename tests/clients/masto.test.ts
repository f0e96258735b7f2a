import { createOAuthAPIClient, createRestAPIClient, createStreamingAPIClient, type mastodon } from 'masto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as entity from '../mastodon/entities/index.js';
import { inbox, whileCausing } from './live.js';
import { picture } from './pictures.js';
import { rawApi } from './raw-api.js';
import { useRealm } from './realm.js';
import { freshName, signUp } from '../contract/members.js';
import {
  authorizeUrl,
  codeByRedirect,
  codeShownOnPage,
  madeEarlier,
  pushKeys,
  outOfBand,
  pkcePair,
  scopes,
  startCallback,
  useBrowser,
  type Credentials,
} from './sign-in.js';

// masto.js (npm `masto`, the library Elk and Phanpy are built on) through its public API only, against a
// real Realm. The tests run in order and build on each other: Ada signs in by the code flow with PKCE, Bo by
// the out-of-band flow; Bo posts, Ada follows and reads, and so on.

const realm = useRealm();
const browser = useBrowser();

const appName = 'masto.js test app';
type Signed = Credentials & { token: string; id: string; masto: mastodon.rest.Client };
const registeredApp = madeEarlier<{ clientId: string; clientSecret: string }>('app');
const ada = madeEarlier<Signed>('token for Ada');
const bo = madeEarlier<Signed>('token for Bo');
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('masto.js against a real Realm', () => {
  it('registers an app and gets a token by the code flow with PKCE, the consent clicked in Chromium', async () => {
    const callback = await startCallback();
    try {
      const anonymous = createRestAPIClient({ url: realm.url() });
      const registered = await anonymous.v1.apps.create({
        clientName: appName,
        redirectUris: [callback.redirectUri, outOfBand],
        scopes,
        website: 'https://masto.example',
      });
      expect(registered).toMatchObject({ name: appName, scopes: scopes.split(' ') });
      registeredApp.set({ clientId: registered.clientId!, clientSecret: registered.clientSecret! });
      expect(registeredApp.get().clientId && registeredApp.get().clientSecret).toBeTruthy();

      const member = await realm.newMember();
      const { verifier, challenge } = pkcePair();
      const authorize = authorizeUrl(realm.url(), {
        clientId: registeredApp.get().clientId,
        redirectUri: callback.redirectUri,
        scope: scopes,
        state: 'masto-state',
        codeChallenge: challenge,
      });
      const answer = await codeByRedirect(browser.current, authorize, member, appName, callback);
      expect(answer).toMatchObject({ state: 'masto-state', error: null });
      expect(answer.code).toBeTruthy();

      // masto.js's token params have no field for the verifier; it sends every param it is given, snake_cased.
      const exchange = {
        grantType: 'authorization_code',
        clientId: registeredApp.get().clientId,
        clientSecret: registeredApp.get().clientSecret,
        redirectUri: callback.redirectUri,
        code: answer.code!,
        codeVerifier: verifier,
      } as const;
      const token = await createOAuthAPIClient({ url: realm.url() }).token.create(exchange);
      expect(token).toMatchObject({ tokenType: 'Bearer', scope: scopes });

      const masto = createRestAPIClient({ url: realm.url(), accessToken: token.accessToken });
      const me = await masto.v1.accounts.verifyCredentials();
      expect(me).toMatchObject({ username: member.username, acct: member.username });
      ada.set({ ...member, token: token.accessToken, id: me.id, masto });

      const raw = rawApi(realm.url, token.accessToken);
      await raw.get(entity.credentialAccount, '/api/v1/accounts/verify_credentials');
      expect(await raw.get(entity.application, '/api/v1/apps/verify_credentials')).toMatchObject({
        name: appName,
      });
      // A code is good once.
      const again = {
        client_id: registeredApp.get().clientId,
        client_secret: registeredApp.get().clientSecret,
        grant_type: 'authorization_code',
      };
      await raw.refused(400, 'POST', '/oauth/token', {
        ...again,
        code: answer.code,
        redirect_uri: callback.redirectUri,
      });
    } finally {
      await callback.close();
    }
  });

  it('gets a token by the out-of-band flow, the code read off the page', async () => {
    const member = await realm.newMember();
    const authorize = authorizeUrl(realm.url(), {
      clientId: registeredApp.get().clientId,
      redirectUri: outOfBand,
      scope: scopes,
    });
    const code = await codeShownOnPage(browser.current, authorize, member, appName);
    const token = await createOAuthAPIClient({ url: realm.url() }).token.create({
      grantType: 'authorization_code',
      clientId: registeredApp.get().clientId,
      clientSecret: registeredApp.get().clientSecret,
      redirectUri: outOfBand,
      code,
    });
    const masto = createRestAPIClient({ url: realm.url(), accessToken: token.accessToken });
    const me = await masto.v1.accounts.verifyCredentials();
    expect(me.acct).toBe(member.username);
    bo.set({ ...member, token: token.accessToken, id: me.id, masto });
  });

  it('reads the home, local and tag timelines page by page', async () => {
    const [a, b] = [ada.get(), bo.get()];
    expect((await a.masto.v1.accounts.$select(b.id).follow()).following).toBe(true);
    const written: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const status = await b.masto.v1.statuses.create({
        status: `Page walk ${i} #mastopages`,
        visibility: 'public',
      });
      written.unshift(status.id);
    }
    const own = await a.masto.v1.statuses.create({ status: 'My own, on my home too', visibility: 'public' });
    const newestFirst = [own.id, ...written];

    const walk = async (pages: AsyncIterable<mastodon.v1.Status[]>) => {
      const ids: string[] = [];
      let count = 0;
      for await (const page of pages) {
        expect(page.length).toBeLessThanOrEqual(3);
        ids.push(...page.map((s) => s.id));
        if ((count += 1) > 20) break;
      }
      expect(new Set(ids).size, 'no status twice').toBe(ids.length);
      return ids;
    };
    const home = await walk(a.masto.v1.timelines.home.list({ limit: 3 }));
    expect(home.filter((id) => newestFirst.includes(id))).toEqual(newestFirst);
    const local = await walk(a.masto.v1.timelines.public.list({ local: true, limit: 3 }));
    expect(local.filter((id) => newestFirst.includes(id))).toEqual(newestFirst);
    expect(await walk(a.masto.v1.timelines.tag.$select('mastopages').list({ limit: 3 }))).toEqual(written);

    const raw = rawApi(realm.url, a.token);
    for (const path of ['/api/v1/timelines/home?limit=3', '/api/v1/timelines/public?local=true&limit=3']) {
      const first = await raw.page(entity.status, path);
      expect(first.items).toHaveLength(3);
      expect(first.links.next, `${path}: Link rel="next"`).toMatch(/max_id=/);
      const second = await raw.page(entity.status, first.links.next!);
      expect(second.items.map((s) => s.id)).toEqual(newestFirst.slice(3, 6));
    }
    await raw.page(entity.status, '/api/v1/timelines/tag/mastopages?limit=3');
  });

  it('posts a status with two pictures and their alt text', async () => {
    const a = ada.get();
    const red = await a.masto.v2.media.create({
      file: await picture({ r: 200, g: 30, b: 30 }, 'red.png'),
      description: 'A red square',
    });
    const blue = await a.masto.v2.media.create({
      file: await picture({ r: 30, g: 30, b: 200 }, 'blue.png'),
      description: 'A blue square',
    });
    // Mastodon finds a media id here only until a status takes it (MediaController#show).
    const raw = rawApi(realm.url, a.token);
    expect(await raw.get(entity.mediaAttachment, `/api/v1/media/${red.id}`)).toMatchObject({
      description: 'A red square',
    });
    const status = await a.masto.v1.statuses.create({ status: 'Two squares', mediaIds: [red.id, blue.id] });
    expect(status.mediaAttachments.map((m) => [m.type, m.description])).toEqual([
      ['image', 'A red square'],
      ['image', 'A blue square'],
    ]);
    const read = await raw.get(entity.status, `/api/v1/statuses/${status.id}`);
    expect(read.media_attachments.map((m) => m.id)).toEqual([red.id, blue.id]);
    const file = await fetch(read.media_attachments[0]!.url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\//);
  });

  it('replies (a comment), favourites, reblogs and bookmarks', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const post = await a.masto.v1.statuses.create({ status: 'Tell me what you think' });
    const reply = await b.masto.v1.statuses.create({ status: 'I think it is fine', inReplyToId: post.id });
    expect(reply).toMatchObject({ inReplyToId: post.id, inReplyToAccountId: a.id });
    const context = await a.masto.v1.statuses.$select(post.id).context.fetch();
    expect(context.descendants.map((s) => s.id)).toContain(reply.id);

    const statusOf = b.masto.v1.statuses.$select(post.id);
    expect(await statusOf.favourite()).toMatchObject({ favourited: true, favouritesCount: 1 });
    const reblog = await statusOf.reblog();
    expect(reblog.reblog?.id).toBe(post.id);
    expect(await statusOf.bookmark()).toMatchObject({ bookmarked: true });
    const bookmarks = await b.masto.v1.bookmarks.list();
    expect(bookmarks.map((s) => s.id)).toContain(post.id);

    const raw = rawApi(realm.url, b.token);
    const seen = await raw.get(entity.status, `/api/v1/statuses/${post.id}`);
    expect(seen).toMatchObject({ favourited: true, reblogged: true, bookmarked: true, replies_count: 1 });
    await raw.get(entity.context, `/api/v1/statuses/${post.id}/context`);
    await raw.page(entity.status, '/api/v1/bookmarks');
    await raw.page(entity.account, `/api/v1/statuses/${post.id}/favourited_by`);
    expect((await raw.page(entity.status, '/api/v1/favourites')).items.map((s) => s.id)).toContain(post.id);
  });

  it('searches, and follows', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const found = await a.masto.v2.search.list({ q: b.username, type: 'accounts' });
    expect(found.accounts.map((x) => x.id)).toContain(b.id);
    const tagged = await a.masto.v2.search.list({ q: 'Page walk', type: 'statuses' });
    expect(tagged.statuses.length).toBeGreaterThan(0);
    expect(text(tagged.statuses[0]!.content)).toContain('Page walk');

    expect(await b.masto.v1.accounts.$select(a.id).follow()).toMatchObject({ following: true });
    const [relationship] = await b.masto.v1.accounts.relationships.fetch({ id: [a.id] });
    expect(relationship).toMatchObject({ id: a.id, following: true, followedBy: true });

    const raw = rawApi(realm.url, a.token);
    await raw.get(entity.search, `/api/v2/search?q=${encodeURIComponent(b.username)}`);
    await raw.get(z.array(entity.relationship), `/api/v1/accounts/relationships?id[]=${b.id}`);
    await raw.get(entity.account, `/api/v1/accounts/${b.id}`);
  });

  it('looks up by handle a member who signed up with an email, at this host too; the email finds nobody', async () => {
    const email = `${freshName('lookup')}@example.com`;
    const member = await signUp(realm, { username: email });
    expect(member.username).not.toContain('@');
    const { masto } = ada.get();
    for (const acct of [member.username, `${member.username}@${new URL(realm.url()).host}`]) {
      expect((await masto.v1.accounts.lookup({ acct })).id, acct).toBe(member.id);
    }
    await expect(masto.v1.accounts.lookup({ acct: email })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('reads grouped notifications', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const results: mastodon.v1.GroupedNotificationsResults[] = [];
    for await (const page of a.masto.v2.notifications.list({ limit: 20 })) {
      results.push(page);
      if (results.length > 5) break;
    }
    const groups = results.flatMap((r) => r.notificationGroups);
    for (const type of ['favourite', 'reblog', 'follow'] as const) {
      const group = groups.find((g) => g.type === type);
      expect(group, `a ${type} group`).toBeDefined();
      expect(group!.sampleAccountIds).toContain(b.id);
    }
    expect(results.flatMap((r) => r.accounts).map((x) => x.id)).toContain(b.id);

    const raw = rawApi(realm.url, a.token);
    await raw.get(entity.groupedNotificationsResults, '/api/v2/notifications');
    await raw.page(entity.notification, '/api/v1/notifications');
  });

  it('streams over WebSocket: a new post and a notification arrive live', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const instance = await a.masto.v2.instance.fetch();
    const streaming = createStreamingAPIClient({
      streamingApiUrl: instance.configuration.urls.streaming,
      accessToken: a.token,
      implementation: WebSocket,
    });
    try {
      const events = inbox<mastodon.streaming.Event>('the user stream over WebSocket');
      const subscription = streaming.user.subscribe();
      void (async () => {
        for await (const event of subscription) events.push(event);
      })().catch((error: unknown) => events.push({ event: 'error', payload: String(error) } as never));
      let n = 0;
      const update = await whileCausing(
        events.next((e) => e.event === 'update' && text(e.payload.content).includes('Live over WebSocket')),
        () => b.masto.v1.statuses.create({ status: `Live over WebSocket ${(n += 1)}` }),
      );
      expect(update.event === 'update' && update.payload.account.id).toBe(b.id);
      const mine = await a.masto.v1.statuses.create({ status: 'Like this live' });
      const liked = events.next((e) => e.event === 'notification' && e.payload.status?.id === mine.id);
      await b.masto.v1.statuses.$select(mine.id).favourite();
      const notification = await liked;
      expect(notification.payload).toMatchObject({ type: 'favourite', account: { id: b.id } });
      subscription.unsubscribe();
    } finally {
      streaming.close();
    }
  });

  it('subscribes to Web Push, reads and changes the subscription, and removes it', async () => {
    const a = ada.get();
    const endpoint = 'https://push.example/relay/ada';
    const made = await a.masto.v1.push.subscription.create({
      subscription: { endpoint, keys: pushKeys() },
      data: { alerts: { mention: true, favourite: true } },
      policy: 'followed',
    });
    expect(made).toMatchObject({
      endpoint,
      policy: 'followed',
      alerts: { mention: true, favourite: true, follow: false },
    });
    expect(made.serverKey).toBeTruthy();
    expect(await a.masto.v1.push.subscription.fetch()).toMatchObject({ endpoint, policy: 'followed' });
    const changed = await a.masto.v1.push.subscription.update({ data: { alerts: { follow: true } } });
    expect(changed.alerts).toMatchObject({ follow: true, mention: false });
    await a.masto.v1.push.subscription.remove();
    await expect(a.masto.v1.push.subscription.fetch()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('revokes the token, and the token then gets 401', async () => {
    const a = ada.get();
    await createOAuthAPIClient({ url: realm.url() }).revoke({
      clientId: registeredApp.get().clientId,
      clientSecret: registeredApp.get().clientSecret,
      token: a.token,
    });
    await expect(a.masto.v1.accounts.verifyCredentials()).rejects.toMatchObject({ statusCode: 401 });
    await rawApi(realm.url, a.token).refused(401, 'GET', '/api/v1/accounts/verify_credentials');
  });
});
