import { describe, expect, it } from 'vitest';
import { postStatusId } from '../../../src/server/mastodon/entities/status.js';
import { expectEntity, notification, status } from '../../mastodon/entities/index.js';
import { useStreamingServer } from '../../helpers/mastodon-streaming-server.js';
import { openMastodonSse, type MastodonSse } from '../../helpers/mastodon-stream.js';

// Mastodon's older streaming paths as Server-Sent Events (docs/mastodon-api.md, "Streaming"), read with
// fetch from a listening server.

const s = useStreamingServer();

async function sse(path: string, token?: string) {
  const opened = await openMastodonSse(`${s.base}/api/v1/streaming/${path}`, token);
  s.keep(opened);
  // The first heartbeat comes once the server has the stream listed.
  if (opened.status === 200) await expect.poll(() => opened.comments.includes('thump')).toBe(true);
  return opened;
}

const post = async (token: string, content: string) => {
  const card = await s.t.caller(token).posts.create({ content });
  return { ...card, statusId: postStatusId(card) };
};
const idOf = (data: string) => (JSON.parse(data) as { id: string }).id;

describe('the SSE streams', () => {
  it('/user: a followed member’s post, their boost as a reblog (and its undoing), and a notification', async () => {
    const me = await s.member();
    const friend = await s.member();
    const author = await s.member();
    await s.t.caller(me.token).follow.follow({ userId: friend.id });
    const stream = await sse('user', me.app);
    expect(stream.comments[0]).toBe(')');

    const written = await post(friend.token, 'From a friend');
    await stream.next('update', (data) => idOf(data) === written.statusId);

    const boosted = await post(author.token, 'Worth sharing');
    await s.t.caller(friend.token).posts.boost({ postId: boosted.id });
    const reblog = await stream.next('update', (data) => JSON.parse(data).reblog !== null);
    expect(expectEntity(status, JSON.parse(reblog.data), 'reblog')).toMatchObject({
      account: { id: friend.id },
      reblog: { id: boosted.statusId, account: { id: author.id } },
    });
    expect(idOf(reblog.data)).not.toBe(boosted.statusId);
    // Undone, the reblog is dropped by its id.
    await s.t.caller(friend.token).posts.unboost({ postId: boosted.id });
    await stream.next('delete', (data) => data === idOf(reblog.data));

    await s.t.caller(friend.token).follow.follow({ userId: me.id });
    const followed = await stream.next('notification');
    expect(expectEntity(notification, JSON.parse(followed.data))).toMatchObject({
      type: 'follow',
      account: { id: friend.id },
    });
  });

  it('/user/notification carries notifications only', async () => {
    const me = await s.member('read:notifications');
    const fan = await s.member();
    const stream = await sse('user/notification', me.app);
    await s.t.caller(fan.token).follow.follow({ userId: me.id });
    await stream.next('notification');
    await post(fan.token, 'not for this stream');
    expect(stream.events.map((event) => event.event)).toEqual(['notification']);
  });

  it('/public/local and /hashtag?tag= carry what they name', async () => {
    const me = await s.member('read:statuses');
    const author = await s.member();
    const local = await sse('public/local', me.app);
    const tag = await sse('hashtag?tag=realm', me.app);
    const plain = await post(author.token, 'Plain words');
    const tagged = await post(author.token, 'All about #Realm');
    await local.next('update', (data) => idOf(data) === tagged.statusId);
    await tag.next('update', (data) => idOf(data) === tagged.statusId);
    expect(local.events.map((event) => idOf(event.data))).toEqual([plain.statusId, tagged.statusId]);
    expect(tag.events.map((event) => idOf(event.data))).toEqual([tagged.statusId]);
  });

  it('refuses without a token (401), with the wrong scope (403), and a hashtag without a tag (400)', async () => {
    const res = await fetch(`${s.base}/api/v1/streaming/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'This method requires an authenticated user' });
    const reader = await s.member('read:notifications');
    const wrong = await fetch(`${s.base}/api/v1/streaming/public?access_token=${reader.app}`);
    expect(wrong.status).toBe(403);
    const statuses = await s.member('read');
    const untagged = await fetch(`${s.base}/api/v1/streaming/hashtag`, {
      headers: { authorization: `Bearer ${statuses.app}` },
    });
    expect(untagged.status).toBe(400);
    expect(await untagged.json()).toEqual({ error: 'No tag for stream provided' });
  });
});

describe('bounded streams', () => {
  it('keep at most 8 a member: a ninth ends their oldest', async () => {
    const me = await s.member('read');
    const mine: MastodonSse[] = [];
    for (let i = 0; i < 8; i++) mine.push(await sse('public', me.app));
    await sse('public', me.app);
    await mine[0]!.ended;
    const author = await s.member();
    const written = await post(author.token, 'still heard');
    for (const stream of mine.slice(1))
      await stream.next('update', (data) => idOf(data) === written.statusId);
  });

  it('end when the member’s sessions end', async () => {
    const me = await s.member('read');
    const stream = await sse('public', me.app);
    await s.t.caller(me.token).account.signOutEverywhere();
    await stream.ended;
    const again = await fetch(`${s.base}/api/v1/streaming/public?access_token=${me.app}`);
    expect(again.status).toBe(401);
  });
});
