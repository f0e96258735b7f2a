import generator, {
  detector,
  NotificationType,
  type Entity,
  type MegalodonInterface,
  type WebSocketInterface,
} from 'megalodon';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as entity from '../mastodon/entities/index.js';
import { inbox, whileCausing } from './live.js';
import { pictureStream } from './pictures.js';
import { rawApi } from './raw-api.js';
import { useRealm } from './realm.js';
import {
  codeByRedirect,
  codeShownOnPage,
  madeEarlier,
  pushKeys,
  scopes,
  startCallback,
  useBrowser,
  type Credentials,
} from './sign-in.js';

// megalodon (the library behind Whalebird and Fedistar) through its public API only, against a real Realm.
// megalodon 10 builds the authorize address itself (registerApp) without PKCE, so the code flow here is
// the plain one Mastodon also accepts; masto.test.ts covers PKCE. Tests run in order and build on each other.

const realm = useRealm();
const browser = useBrowser();

const appName = 'megalodon test app';
type Signed = Credentials & { token: string; id: string; client: MegalodonInterface };
const registeredApp = madeEarlier<{ clientId: string; clientSecret: string }>('app');
const ada = madeEarlier<Signed>('token for Ada');
const bo = madeEarlier<Signed>('token for Bo');
const text = (html: string) => html.replace(/<[^>]+>/g, '');
const client = (token?: string) => generator('mastodon', realm.url(), token ?? null);

async function signIn(member: Credentials, token: string): Promise<Signed> {
  const megalodon = client(token);
  const me = (await megalodon.verifyAccountCredentials()).data;
  expect(me).toMatchObject({ username: member.username, acct: member.username });
  return { ...member, token, id: me.id, client: megalodon };
}

describe('megalodon against a real Realm', () => {
  it('detects Realm as a Mastodon server from its NodeInfo, as apps do before they pick a client', async () => {
    expect(await detector(realm.url())).toBe('mastodon');
  });

  it('registers an app and gets a token by the code flow, the consent clicked in Chromium', async () => {
    const callback = await startCallback();
    try {
      const registered = await client().registerApp(appName, {
        scopes: scopes.split(' '),
        redirect_uris: callback.redirectUri,
        website: 'https://megalodon.example',
      });
      registeredApp.set({ clientId: registered.client_id, clientSecret: registered.client_secret });
      expect(registered.url).toContain('/oauth/authorize?');
      expect(
        (await client()
          .verifyAppCredentials()
          .catch((e: unknown) => e)) as object,
      ).toMatchObject({
        response: { status: 401 },
      });

      const member = await realm.newMember();
      const answer = await codeByRedirect(browser.current, registered.url!, member, appName, callback);
      expect(answer).toMatchObject({ error: null });
      const token = await client().fetchAccessToken(
        registeredApp.get().clientId,
        registeredApp.get().clientSecret,
        answer.code!,
        callback.redirectUri,
      );
      expect(token.scope).toBe(scopes);
      ada.set(await signIn(member, token.access_token));
      expect((await ada.get().client.verifyAppCredentials()).data).toMatchObject({ name: appName });

      const raw = rawApi(realm.url);
      // What POST /api/v1/apps and a client-credentials token answer, raw.
      const other = await raw.post(entity.credentialApplication, '/api/v1/apps', {
        client_name: 'raw app',
        redirect_uris: callback.redirectUri,
        scopes: 'read',
      });
      await raw.post(entity.token, '/oauth/token', {
        grant_type: 'client_credentials',
        client_id: other.client_id,
        client_secret: other.client_secret,
        scope: 'read',
      });
    } finally {
      await callback.close();
    }
  });

  it('gets a token by the out-of-band flow, the code read off the page', async () => {
    const registered = await client().registerApp(`${appName} (out of band)`, { scopes: scopes.split(' ') });
    const member = await realm.newMember();
    const code = await codeShownOnPage(browser.current, registered.url!, member, `${appName} (out of band)`);
    const token = await client().fetchAccessToken(registered.client_id, registered.client_secret, code);
    bo.set(await signIn(member, token.access_token));
  });

  it('reads the home, local and tag timelines page by page with max_id', async () => {
    const [a, b] = [ada.get(), bo.get()];
    expect((await a.client.followAccount(b.id)).data.following).toBe(true);
    const written: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      written.unshift((await b.client.postStatus(`Paged ${i} #megapages`, { visibility: 'public' })).data.id);
    }
    const own = (await a.client.postStatus('Mine, on my home too', { visibility: 'public' })).data.id;
    const newestFirst = [own, ...written];

    const walk = async (read: (maxId?: string) => Promise<{ data: Entity.Status[] }>) => {
      const ids: string[] = [];
      let maxId: string | undefined;
      for (let pages = 0; pages < 20; pages += 1) {
        const { data } = await read(maxId);
        expect(data.length).toBeLessThanOrEqual(3);
        if (!data.length) break;
        ids.push(...data.map((s) => s.id));
        maxId = data[data.length - 1]!.id;
      }
      expect(new Set(ids).size, 'no status twice').toBe(ids.length);
      return ids;
    };
    const home = await walk((max_id) => a.client.getHomeTimeline({ limit: 3, max_id }));
    expect(home.filter((id) => newestFirst.includes(id))).toEqual(newestFirst);
    const local = await walk((max_id) => a.client.getLocalTimeline({ limit: 3, max_id }));
    expect(local.filter((id) => newestFirst.includes(id))).toEqual(newestFirst);
    expect(await walk((max_id) => a.client.getTagTimeline('megapages', { limit: 3, max_id }))).toEqual(
      written,
    );

    // Newer than a page: since_id and min_id.
    const since = await a.client.getHomeTimeline({ since_id: newestFirst[3] });
    expect(since.data.map((s) => s.id)).toEqual(newestFirst.slice(0, 3));
    const raw = rawApi(realm.url, a.token);
    const min = await raw.page(entity.status, `/api/v1/timelines/home?min_id=${newestFirst[3]}&limit=2`);
    expect(min.items.map((s) => s.id)).toEqual(newestFirst.slice(1, 3));
    await raw.page(entity.status, `/api/v1/timelines/public?local=true&max_id=${newestFirst[2]}`);
    await raw.page(entity.status, `/api/v1/timelines/tag/megapages?max_id=${written[2]}`);
  });

  it('posts a status with two pictures and their alt text', async () => {
    const a = ada.get();
    // megalodon sends files with the form-data package: a file is a stream, as its README's fs.createReadStream.
    const upload = async (color: { r: number; g: number; b: number }, name: string, description: string) =>
      (await a.client.uploadMedia(await pictureStream(color, name), { description })).data;
    const green = await upload({ r: 30, g: 200, b: 30 }, 'green.png', 'A green square');
    const grey = await upload({ r: 120, g: 120, b: 120 }, 'grey.png', 'A grey square');
    // Mastodon finds a media id here only until a status takes it (MediaController#show).
    expect((await a.client.getMedia(green.id)).data.url).toMatch(/^http/);
    await rawApi(realm.url, a.token).get(entity.mediaAttachment, `/api/v1/media/${grey.id}`);
    const status = (await a.client.postStatus('Two more squares', { media_ids: [green.id, grey.id] })).data;
    expect(status.media_attachments?.map((m) => [m.type, m.description])).toEqual([
      ['image', 'A green square'],
      ['image', 'A grey square'],
    ]);
    const raw = rawApi(realm.url, a.token);
    const read = await raw.get(entity.status, `/api/v1/statuses/${status.id}`);
    expect(read.media_attachments.map((m) => m.description)).toEqual(['A green square', 'A grey square']);
  });

  it('replies (a comment), favourites, reblogs and bookmarks', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const post = (await a.client.postStatus('What do you all think?')).data;
    const reply = (await b.client.postStatus('Looks right to me', { in_reply_to_id: post.id })).data;
    expect(reply).toMatchObject({ in_reply_to_id: post.id, in_reply_to_account_id: a.id });
    const context = (await a.client.getStatusContext(post.id)).data;
    expect(context.descendants.map((s) => s.id)).toContain(reply.id);

    expect((await b.client.favouriteStatus(post.id)).data).toMatchObject({
      favourited: true,
      favourites_count: 1,
    });
    expect((await b.client.reblogStatus(post.id)).data.reblog?.id).toBe(post.id);
    expect((await b.client.bookmarkStatus(post.id)).data.bookmarked).toBe(true);
    expect((await b.client.getBookmarks()).data.map((s) => s.id)).toContain(post.id);

    const raw = rawApi(realm.url, b.token);
    const seen = await raw.get(entity.status, `/api/v1/statuses/${post.id}`);
    expect(seen).toMatchObject({ favourited: true, reblogged: true, bookmarked: true, replies_count: 1 });
    await raw.page(entity.account, `/api/v1/statuses/${post.id}/reblogged_by`);

    // The write answers the libraries turn into their own objects, raw: each a Status (a reblog wraps one).
    const made = await rawApi(realm.url, a.token).post(entity.status, '/api/v1/statuses', {
      status: 'Raw, for Bo to act on',
      visibility: 'public',
    });
    const acts = ['favourite', 'reblog', 'bookmark', 'unfavourite', 'unreblog', 'unbookmark'];
    for (const act of acts) await raw.post(entity.status, `/api/v1/statuses/${made.id}/${act}`);
    await raw.post(entity.relationship, `/api/v1/accounts/${a.id}/follow`);
    // Last, so that the checks above run whatever it answers.
    expect((await b.client.getFavourites()).data.map((s) => s.id)).toContain(post.id);
  });

  it('searches, and follows', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const found = (await a.client.search(b.username, { type: 'accounts' })).data;
    expect(found.accounts.map((x) => x.id)).toContain(b.id);
    const tags = (await a.client.search('megapages', { type: 'hashtags' })).data;
    expect(tags.hashtags.map((t) => t.name)).toContain('megapages');
    const statuses = (await a.client.search('Paged', { type: 'statuses' })).data;
    expect(statuses.statuses.map((s) => text(s.content))).toEqual(
      expect.arrayContaining([expect.stringContaining('Paged')]),
    );

    expect((await b.client.followAccount(a.id)).data.following).toBe(true);
    expect((await b.client.getRelationship(a.id)).data).toMatchObject({ following: true, followed_by: true });
    await rawApi(realm.url, b.token).get(
      z.array(entity.relationship),
      `/api/v1/accounts/relationships?id[]=${a.id}`,
    );
  });

  it('reads notifications (megalodon offers the v1 list), and the v2 groups raw', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const { data } = await a.client.getNotifications({ limit: 30 });
    // Bo's comment may come as a mention (as replies do on GoToSocial) or not at all (as on Mastodon when
    // the reply names nobody): not asserted.
    for (const type of ['favourite', 'reblog', 'follow']) {
      const found = data.find((n) => n.type === type);
      expect(found, `a ${type} notification`).toBeDefined();
      expect(found!.account?.id).toBe(b.id);
    }
    const { Mention, Status, Reblog, Follow, FollowRequest, PollExpired, Update, Quote } = NotificationType;
    const others = [Mention, Status, Reblog, Follow, FollowRequest, PollExpired, Update, Quote];
    const favourites = await a.client.getNotifications({ exclude_types: others });
    expect(new Set(favourites.data.map((n) => n.type))).toEqual(new Set(['favourite']));
    const raw = rawApi(realm.url, a.token);
    const groups = await raw.get(entity.groupedNotificationsResults, '/api/v2/notifications');
    expect(groups.notification_groups.map((g) => g.type)).toEqual(
      expect.arrayContaining(['favourite', 'follow']),
    );
    await raw.page(entity.notification, '/api/v1/notifications?types[]=favourite');
  });

  it('streams over WebSocket: a new post and a notification arrive live', async () => {
    const [a, b] = [ada.get(), bo.get()];
    const updates = inbox<Entity.Status>('the user stream (megalodon)');
    const notifications = inbox<Entity.Notification>('the user stream (megalodon)');
    const errors: unknown[] = [];
    const socket: WebSocketInterface = await a.client.userStreaming();
    try {
      socket.on('update', (status: Entity.Status) => updates.push(status));
      socket.on('notification', (n: Entity.Notification) => notifications.push(n));
      socket.on('error', (error: unknown) => errors.push(error));
      socket.on('parser-error', (error: unknown) => errors.push(error));
      let n = 0;
      const update = await whileCausing(
        updates.next((s) => text(s.content).includes('Live for megalodon')),
        () => b.client.postStatus(`Live for megalodon ${(n += 1)}`),
      );
      expect(update.account.id).toBe(b.id);
      const mine = (await a.client.postStatus('Boost this live')).data;
      const boosted = notifications.next((x) => x.type === 'reblog' && x.status?.id === mine.id);
      await b.client.reblogStatus(mine.id);
      expect((await boosted).account?.id).toBe(b.id);
      expect(errors).toEqual([]);
    } finally {
      socket.stop();
    }
  });

  it('subscribes to Web Push, reads and changes the subscription, and removes it', async () => {
    const a = ada.get();
    const endpoint = 'https://push.example/relay/ada-megalodon';
    const made = (
      await a.client.subscribePushNotification({ endpoint, keys: pushKeys() }, { alerts: { reblog: true } })
    ).data;
    expect(made).toMatchObject({ endpoint, alerts: { reblog: true, mention: false } });
    expect(made.server_key).toBeTruthy();
    expect((await a.client.getPushSubscription()).data).toMatchObject({ endpoint });
    const changed = (await a.client.updatePushSubscription({ alerts: { mention: true } })).data;
    expect(changed.alerts).toMatchObject({ mention: true, reblog: false });
    await a.client.deletePushSubscription();
    await expect(a.client.getPushSubscription()).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('revokes the token, and the token then gets 401', async () => {
    const a = ada.get();
    await client().revokeToken(registeredApp.get().clientId, registeredApp.get().clientSecret, a.token);
    await expect(a.client.verifyAccountCredentials()).rejects.toMatchObject({ response: { status: 401 } });
    await rawApi(realm.url, a.token).refused(401, 'GET', '/api/v1/timelines/home');
  });
});
