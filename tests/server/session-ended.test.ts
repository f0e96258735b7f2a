import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { listening, openEventStream, type EventStream } from '../helpers/event-stream.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// When a member's tokens stop working (password changed, signed out everywhere, account deleted),
// their open live streams close at once, in every process, and reconnecting with an old token is refused.

const apps: TestApp[] = [];
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function app(options: Parameters<typeof makeTestApp>[0] = {}) {
  const made = await makeTestApp(options);
  apps.push(made);
  return made;
}

async function stream(url: string, token: string) {
  const opened = await openEventStream(url, token);
  streams.push(opened);
  expect(opened.status).toBe(200);
  await opened.next('hello');
  return opened;
}

/** Resolves when the stream has ended, or fails after `ms`. */
const endsWithin = (live: EventStream, ms = 5000) =>
  Promise.race([
    live.ended.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

describe('a session that ends closes its live streams', () => {
  it('on a password change: the stream ends, the old token is refused (401), the new one streams', async () => {
    const t = await app();
    const url = await listening(t.app);
    const me = await t.member();
    const live = await stream(url, me.token);
    const { token } = await t.caller(me.token).account.changePassword({
      currentPassword: factoryPassword,
      newPassword: 'a-brand-new-password',
    });
    expect(await endsWithin(live)).toBe('ended');
    expect(live.events.map((event) => event.type)).toEqual(['hello', 'session-ended']);

    const refused = await openEventStream(url, me.token);
    expect(refused.status).toBe(401);
    await refused.ended;
    await stream(url, token);
  });

  it("on signing out everywhere: every one of the member's streams ends, and nobody else's", async () => {
    const t = await app();
    const url = await listening(t.app);
    const [me, other] = [await t.member(), await t.member()];
    const mine = [await stream(url, me.token), await stream(url, me.token)];
    const theirs = await stream(url, other.token);
    await t.caller(me.token).account.signOutEverywhere();
    for (const live of mine) expect(await endsWithin(live)).toBe('ended');
    expect((await openEventStream(url, me.token)).status).toBe(401);

    const { id: postId } = await t.caller(other.token).posts.create({ content: 'still here' });
    await theirs.next('post', (data) => data.postId === postId);
  });

  it('on deleting the account: the stream ends, and the old token names nobody', async () => {
    const t = await app();
    const url = await listening(t.app);
    const me = await t.member();
    const live = await stream(url, me.token);
    await t.caller(me.token).account.delete({ password: factoryPassword });
    expect(await endsWithin(live)).toBe('ended');
    expect((await openEventStream(url, me.token)).status).toBe(404);
  });

  it.runIf(testEngine === 'postgres')(
    'in every process: a password changed on one PostgreSQL node ends the stream open on another',
    async () => {
      const file = `session-ended-${Date.now()}`;
      const [a, b] = [await app({ file }), await app({ file })];
      const url = await listening(a.app);
      const me = await a.member();
      const live = await stream(url, me.token);
      await b.caller(me.token).account.changePassword({
        currentPassword: factoryPassword,
        newPassword: 'a-brand-new-password',
      });
      expect(await endsWithin(live)).toBe('ended');
      expect((await openEventStream(url, me.token)).status).toBe(401);
    },
  );
});
