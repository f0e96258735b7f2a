import { afterEach, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/trpc/root.js';
import { adminOf } from '../helpers/accounts.js';
import { call } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// What someone signed out may call. The reads a visitor's screens need (a post, its comments and their edit
// histories, its quotes, a profile
// and its posts, a tag, explore, search) answer anyone, as the original's backend reads did (spec section 6), with
// or without "Visitors may read"; that setting decides what the web app shows a visitor and what shared
// links unfurl to (tests/server/link-previews.test.ts). Every other procedure needs a member.

let t: TestApp;
afterEach(() => t?.close());

const procedures = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
  path,
  type: (procedure as unknown as { _def: { type: string } })._def.type,
}));

/** The procedures that do not refuse an anonymous caller with 401, each called with an empty input. */
async function answeredToAnyone(): Promise<string[]> {
  const answered: string[] = [];
  for (const { path, type } of procedures) {
    const res =
      type === 'query'
        ? await call(t.app, 'GET', `/trpc/${path}?input=${encodeURIComponent('{}')}`)
        : await call(t.app, 'POST', `/trpc/${path}`, { body: {} });
    if (res.status !== 401) answered.push(path);
  }
  return answered.sort();
}

const visitorReads = [
  'comments.history',
  'comments.list',
  'posts.byId',
  'posts.byTag',
  'posts.byUser',
  'posts.explore',
  'posts.history',
  'posts.quotes',
  // Search answers anyone as explore does (docs/search.md).
  'search.posts',
  'users.byUsername',
];
// Signing in and up, what the login and signup screens show of the instance, and which app an app's sign-in
// page (/oauth/authorize) names before the member signs in (docs/decisions/0013-oauth-for-apps.md), the
// sign-in's second step and passkeys (docs/security.md, "Second factors" and "Passkeys"), and whether a
// handle is free, asked as the signup form's handle is typed.
const signInDoors = [
  'auth.handleAvailable',
  'auth.login',
  'auth.passkeyLogin',
  'auth.passkeyOptions',
  'auth.secondStep',
  'auth.signup',
  'instance.about',
  'oauth.describe',
];

describe('anonymous callers', () => {
  it.each([false, true])(
    'may call exactly the visitor reads and the sign-in doors (visitors may read: %s)',
    async (visitors) => {
      t = await makeTestApp();
      await (await adminOf(t)).api.instance.update({ visitorsMayRead: visitors });
      expect(await answeredToAnyone()).toEqual([...signInDoors, ...visitorReads].sort());
    },
  );

  it('read what a visitor sees, and nothing of a suspended member', async () => {
    t = await makeTestApp();
    await (await adminOf(t)).api.instance.update({ visitorsMayRead: true });
    const [ana, sam] = [await t.member(), await t.member()];
    const anaPost = await t.caller(ana.token).posts.create({ content: 'hello #garden' });
    const samPost = await t.caller(sam.token).posts.create({ content: 'mine #garden' });
    await t.sql("update users set status = 'suspended' where id = $1", [sam.id]);
    const visitor = t.caller();
    expect((await visitor.posts.byId({ postId: anaPost.id })).likedByMe).toBe(false);
    await expect(visitor.posts.byId({ postId: samPost.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await visitor.posts.byTag({ tag: 'garden' })).items.map((card) => card.id)).toEqual([anaPost.id]);
    expect((await visitor.posts.explore({})).items.map((card) => card.id)).toEqual([anaPost.id]);
    expect((await visitor.users.byUsername({ username: ana.username })).isMe).toBe(false);
    // Acting still needs a member, whatever the setting.
    await expect(visitor.posts.like({ postId: anaPost.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(visitor.follow.follow({ userId: ana.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the setting', () => {
  it('is off by default, set by admins only, and its change is in the audit log', async () => {
    t = await makeTestApp();
    expect((await t.caller().instance.about()).visitorsMayRead).toBe(false);
    const member = await t.member();
    await expect(t.caller(member.token).instance.update({ visitorsMayRead: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const admin = await adminOf(t);
    expect((await admin.api.instance.update({ visitorsMayRead: true })).visitorsMayRead).toBe(true);
    expect((await t.caller().instance.about()).visitorsMayRead).toBe(true);
    const log = await t.sql<{ detail: string }>(
      "select detail from audit_log where action = 'instance-settings'",
    );
    expect(log).toEqual([{ detail: 'visitors may read off → on' }]);
    await expect(admin.api.instance.update({ visitorsMayRead: 'yes' as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'visitorsMayRead must be true or false.',
    });
  });
});
