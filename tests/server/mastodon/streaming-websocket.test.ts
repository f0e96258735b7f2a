import { describe, expect, it } from 'vitest';
import { postStatusId } from '../../../src/server/mastodon/entities/status.js';
import { expectEntity, notification, status as statusEntity } from '../../mastodon/entities/index.js';
import { useStreamingServer } from '../../helpers/mastodon-streaming-server.js';
import { openMastodonSocket, type MastodonSocket } from '../../helpers/mastodon-stream.js';

// GET /api/v1/streaming over a real WebSocket (docs/mastodon-api.md, "Streaming"): a listening server,
// Node's own WebSocket client, and writes made through the web app's doors, carried by the live events.

const s = useStreamingServer();

async function socket(token: string, query = '', protocols?: string) {
  const url = `${s.base}/api/v1/streaming?${protocols ? '' : `access_token=${token}`}${query}`;
  const opened = await openMastodonSocket(url, protocols);
  s.keep(opened);
  return opened;
}

const post = async (token: string, content: string) => {
  const card = await s.t.caller(token).posts.create({ content });
  return { ...card, statusId: postStatusId(card) };
};

/** After a subscribe, a round trip proves the server has it: an unknown stream's refusal comes back. */
async function settled(ws: MastodonSocket) {
  const before = ws.messages.filter((m) => 'error' in m).length;
  ws.send({ type: 'subscribe', stream: 'nonsense' });
  await expect.poll(() => ws.messages.filter((m) => 'error' in m).length).toBe(before + 1);
}

describe('the streaming WebSocket', () => {
  it('is healthy', async () => {
    const res = await fetch(`${s.base}/api/v1/streaming/health`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
  });

  it('streams the home feed: a followed member’s post and my own as `update`, others’ only on public', async () => {
    const me = await s.member();
    const followed = await s.member();
    const stranger = await s.member();
    await s.t.caller(me.token).follow.follow({ userId: followed.id });
    const ws = await socket(me.app);
    ws.send({ type: 'subscribe', stream: 'user' });
    await settled(ws);

    const theirs = await post(followed.token, 'Hello from someone I follow');
    const update = await ws.next('update', (p) => JSON.parse(p).id === theirs.statusId);
    expect(update.stream).toEqual(['user']);
    const status = expectEntity(statusEntity, JSON.parse(update.payload), 'update');
    expect(status).toMatchObject({
      id: theirs.statusId,
      content: expect.stringContaining('Hello from someone I follow'),
      account: { id: followed.id, acct: followed.username },
      favourited: false,
    });
    // Events come in the order of their writes: once my own post is here, the stranger's went by.
    const strangers = await post(stranger.token, 'Nobody follows me');
    const mine = await post(me.token, 'My own words');
    await ws.next('update', (p) => JSON.parse(p).id === mine.statusId);

    ws.send({ type: 'subscribe', stream: 'public:local' });
    await settled(ws);
    const later = await post(stranger.token, 'Now on public');
    const onPublic = await ws.next('update', (p) => JSON.parse(p).id === later.statusId);
    expect(onPublic.stream).toEqual(['public:local']);
    const ids = ws.messages.filter((m) => m.event === 'update').map((m) => JSON.parse(String(m.payload)).id);
    expect(ids).not.toContain(strangers.statusId);
    expect(ids.filter((id) => id === later.statusId)).toHaveLength(1); // not on `user`: not followed
  });

  it('streams a hashtag, and stops after unsubscribe', async () => {
    const me = await s.member('read');
    const author = await s.member();
    const ws = await socket(me.app, '&stream=hashtag&tag=Cats');
    await settled(ws);
    const tagged = await post(author.token, 'Look #cats');
    const untagged = await post(author.token, 'No tag here');
    const got = await ws.next('update', (p) => JSON.parse(p).id === tagged.statusId);
    expect(got.stream).toEqual(['hashtag', 'Cats']);
    ws.send({ type: 'unsubscribe', stream: 'hashtag', tag: 'cats' });
    await settled(ws);
    const after = await post(author.token, 'Again #cats');
    ws.send({ type: 'subscribe', stream: 'public' });
    await settled(ws);
    const seen = await post(author.token, 'seen on public');
    await ws.next('update', (p) => JSON.parse(p).id === seen.statusId);
    const ids = ws.messages.filter((m) => m.event === 'update').map((m) => JSON.parse(String(m.payload)).id);
    expect(ids).not.toContain(untagged.statusId);
    expect(ids).not.toContain(after.statusId);
  });

  it('tells an edit as `status.update` and a deletion as `delete` with the status id', async () => {
    const me = await s.member();
    const author = await s.member();
    const ws = await socket(me.app, '&stream=public');
    await settled(ws);
    const written = await post(author.token, 'First words');
    await ws.next('update', (p) => JSON.parse(p).id === written.statusId);
    await s.t.caller(author.token).posts.edit({ postId: written.id, content: 'Second words' });
    const edit = await ws.next('status.update', (p) => JSON.parse(p).id === written.statusId);
    expect(expectEntity(statusEntity, JSON.parse(edit.payload), 'status.update')).toMatchObject({
      content: expect.stringContaining('Second words'),
      edited_at: expect.any(String),
    });
    await s.t.caller(author.token).posts.delete({ postId: written.id });
    const deleted = await ws.next('delete');
    expect(deleted).toEqual({ stream: ['public'], event: 'delete', payload: written.statusId });
  });

  it('sends a like of my post as a `notification`', async () => {
    const me = await s.member();
    const fan = await s.member();
    const ws = await socket(me.app, '&stream=user');
    await settled(ws);
    const mine = await post(me.token, 'Like me');
    await s.t.caller(fan.token).posts.like({ postId: mine.id });
    const got = await ws.next('notification');
    expect(got.stream).toEqual(['user']);
    expect(expectEntity(notification, JSON.parse(got.payload), 'notification')).toMatchObject({
      type: 'favourite',
      account: { id: fan.id },
      status: { id: mine.statusId },
    });
  });

  it('never sends a post of a member I blocked or who blocked me', async () => {
    const me = await s.member();
    const blocked = await s.member();
    const blocker = await s.member();
    const other = await s.member();
    await s.t.caller(me.token).relations.block({ username: blocked.username });
    await s.t.caller(blocker.token).relations.block({ username: me.username });
    const ws = await socket(me.app, '&stream=public');
    await settled(ws);
    const hidden = [await post(blocked.token, 'hidden one'), await post(blocker.token, 'hidden two')];
    const shown = await post(other.token, 'shown');
    await ws.next('update', (p) => JSON.parse(p).id === shown.statusId);
    const ids = ws.messages.filter((m) => m.event === 'update').map((m) => JSON.parse(String(m.payload)).id);
    expect(ids).toEqual([shown.statusId]);
    expect(hidden).toHaveLength(2);
  });
});

describe('who may stream', () => {
  it('takes the token as the Sec-WebSocket-Protocol header too', async () => {
    const me = await s.member('read');
    const ws = await socket(me.app, '&stream=public', me.app);
    expect(ws.socket.protocol).toBe(me.app);
    const author = await s.member();
    await settled(ws);
    const written = await post(author.token, 'over the protocol header');
    await ws.next('update', (p) => JSON.parse(p).id === written.statusId);
  });

  it('refuses no token, a bad one, and a token without read scopes at the handshake', async () => {
    const writer = await s.member('write');
    await expect(openMastodonSocket(`${s.base}/api/v1/streaming`)).rejects.toThrow(/refused/);
    await expect(openMastodonSocket(`${s.base}/api/v1/streaming?access_token=nope`)).rejects.toThrow(
      /refused/,
    );
    await expect(openMastodonSocket(`${s.base}/api/v1/streaming?access_token=${writer.app}`)).rejects.toThrow(
      /refused/,
    );
    const res = await fetch(`${s.base}/api/v1/streaming/public?access_token=${writer.app}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'This action is outside the authorized scopes' });
  });

  it('refuses a stream the token may not read, in a message', async () => {
    const me = await s.member('read:notifications');
    const ws = await socket(me.app);
    ws.send({ type: 'subscribe', stream: 'public' });
    expect(await ws.nextError()).toEqual({
      error: 'Access token does not have the required scopes',
      status: 401,
    });
    // Its own stream is taken (nothing comes back); a hashtag needs read:statuses too.
    ws.send({ type: 'subscribe', stream: 'user:notification' });
    ws.send({ type: 'subscribe', stream: 'hashtag', tag: 'cats' });
    await expect.poll(() => ws.messages.length).toBe(2);
    expect(ws.messages[1]).toMatchObject({ status: 401 });

    const reader = await s.member('read');
    const other = await socket(reader.app);
    other.send({ type: 'subscribe', stream: 'hashtag' });
    expect(await other.nextError()).toEqual({ error: 'No tag for stream provided', status: 400 });
    other.send({ type: 'subscribe', stream: 'list', list: '1' });
    await expect.poll(() => other.messages.length).toBe(2);
    expect(other.messages[1]).toEqual({ error: 'Not authorized to stream this list', status: 404 });
  });

  it('closes when the token is revoked, and at once when the member is suspended', async () => {
    const me = await s.member();
    const ws = await socket(me.app, '&stream=user');
    const [grant] = await s.t.caller(me.token).oauth.apps();
    await s.t.caller(me.token).oauth.revokeApp({ appId: grant!.appId });
    await ws.closed; // within a heartbeat (100 ms here)

    const other = await s.member();
    const second = await socket(other.app, '&stream=user');
    const admin = await s.t.member({ role: 'admin' });
    const started = Date.now();
    await s.t.caller(admin.token).admin.suspend({ username: other.username, reason: 'spam' });
    await second.closed;
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(
      openMastodonSocket(`${s.base}/api/v1/streaming?access_token=${other.app}`),
    ).rejects.toThrow();
  });
});
