import { afterEach, describe, expect, it } from 'vitest';
import { adminOf } from '../helpers/accounts.js';
import { builtClient } from '../helpers/built-client.js';
import { call } from '../helpers/http.js';
import { appToken } from '../helpers/mastodon-token.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A member's email is private on every door (docs/decisions/0016-handle-and-email.md): what anyone reads
// through tRPC, REST, the Mastodon API, visitors' pages and their link previews, search included, is searched
// for every member's email; it is found only in the member's own account view. Both engines run it
// (`npm run test:pg` runs this suite on PostgreSQL).

let t: TestApp;
afterEach(() => t?.close());

const password = 'private-password-1';
const anaEmail = 'Ana.Private@Mail-Secret.test';
const benEmail = 'ben.hidden@mail-secret.test';

/** What a reader must never find: either email, or even the domain both share. */
const secrets = [anaEmail, benEmail, 'mail-secret'];
const expectNoEmail = (label: string, answer: unknown) => {
  const text = (typeof answer === 'string' ? answer : JSON.stringify(answer)).toLowerCase();
  for (const secret of secrets)
    expect(text, `${label} carries ${secret}`).not.toContain(secret.toLowerCase());
};

async function instance() {
  t = await makeTestApp({ serveBuiltClient: true, clientDir: builtClient() });
  const admin = await adminOf(t);
  await admin.api.instance.update({ visitorsMayRead: true });
  // Ana signs up in the web app with a handle and an email; Ben over REST with his email as the username.
  const ana = await t.caller().auth.signup({ username: 'ana', email: anaEmail, password, firstName: 'Ana' });
  const benRes = await call(t.app, 'POST', '/api/auth/signup', {
    body: { username: benEmail, password, firstName: 'Ben' },
  });
  expect(benRes.status).toBe(201);
  const ben = {
    token: benRes.body.encodedToken as string,
    handle: benRes.body.createdUser.username as string,
  };
  expect(ben.handle).toBe('ben_hidden');
  const anaApi = t.caller(ana.token);
  const benApi = t.caller(ben.token);
  await anaApi.follow.follow({ userId: benRes.body.createdUser._id as string });
  const post = await anaApi.posts.create({ content: `Hello @${ben.handle}, see you soon` });
  await benApi.comments.add({ postId: post.id, text: 'Hi @ana' });
  return { admin, ana, ben, anaApi, benApi, post };
}

describe('a member’s email', () => {
  it('is in no answer of any door to anyone but the member themself', async () => {
    const { admin, ana, ben, anaApi, benApi, post } = await instance();
    const readers = { stranger: t.caller(), ben: benApi, admin: admin.api };
    for (const [who, api] of Object.entries(readers)) {
      expectNoEmail(`${who}: users.byUsername`, await api.users.byUsername({ username: 'ana' }));
      expectNoEmail(`${who}: posts.byUser`, await api.posts.byUser({ username: 'ana' }));
      expectNoEmail(`${who}: posts.explore`, await api.posts.explore({}));
      expectNoEmail(`${who}: posts.byId`, await api.posts.byId({ postId: post.id }));
      expectNoEmail(`${who}: comments.list`, await api.comments.list({ postId: post.id }));
      // Search is for members signed in.
      if (who === 'stranger') continue;
      for (const q of ['ana', 'ben', 'mail-secret', 'ana.private', 'ben.hidden'])
        expectNoEmail(`${who}: search.people ${q}`, await api.search.people({ q }));
      expectNoEmail(`${who}: search.posts`, await api.search.posts({ q: 'hello' }));
    }
    // Search never matches on an email: the email's local part and domain find nobody.
    expect((await benApi.search.people({ q: 'mail-secret' })).items).toEqual([]);
    expect((await benApi.search.people({ q: 'ana.private' })).items).toEqual([]);
    expectNoEmail('ben: notifications', await benApi.notifications.list({ filter: 'all' }));
    expectNoEmail('ana: notifications', await anaApi.notifications.list({ filter: 'all' }));
    expectNoEmail('ben: whoToFollow', await benApi.users.whoToFollow());
    // The member's own account view shows their own email, and only theirs.
    expect((await anaApi.account.me()).email).toBe(anaEmail);
    expect((await benApi.account.me()).email).toBe(benEmail);
    expect(JSON.stringify(await anaApi.account.me())).not.toContain(benEmail);

    // REST, signed out and as another member.
    for (const token of [undefined, ben.token]) {
      for (const path of [
        '/api/users',
        '/api/users/ana',
        '/api/posts',
        '/api/posts/user/ana',
        `/api/posts/${post.id}`,
      ]) {
        const res = await call(t.app, 'GET', path, { token });
        expect(res.status, path).toBe(200);
        expectNoEmail(`REST ${path}`, res.body);
      }
      expect((await call(t.app, 'GET', `/api/users/${encodeURIComponent(benEmail)}`, { token })).status).toBe(
        404,
      );
    }
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { username: anaEmail, password } });
    expect(login.status).toBe(200);
    expectNoEmail('REST login', login.body);

    // The Mastodon API, as an app of Ben's.
    const app = await appToken(t.app, ben.token);
    for (const path of [
      '/api/v1/accounts/lookup?acct=ana',
      '/api/v1/accounts/verify_credentials',
      '/api/v1/accounts/search?q=ana',
      '/api/v1/accounts/search?q=mail-secret',
      '/api/v2/search?q=ana',
      '/api/v2/search?q=mail-secret',
      '/api/v1/timelines/public',
      '/api/v1/timelines/home',
      '/api/v1/notifications',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${app}` },
      });
      expect(res.statusCode, path).toBe(200);
      expectNoEmail(`Mastodon ${path}`, res.body);
    }

    // Visitors' pages, drawn by the server with their link previews.
    for (const path of ['/profile/ana', `/profile/${ben.handle}`, `/post/${post.id}`, '/explore', '/']) {
      const res = await call(t.app, 'GET', path);
      expect(res.status, path).toBe(200);
      expectNoEmail(`page ${path}`, String(res.body));
    }
    expect(ana.user.username).toBe('ana');
  });
});
