import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { context, expectEntity, status } from '../../mastodon/entities/index.js';
import { appMember, suspend } from '../../helpers/mastodon-api.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { encodeId } from '../../../src/server/mastodon/ids.js';

// GET /api/v1/statuses/:id and /context: posts, comments and reblogs, with block, mute and suspension
// applied as on every read (docs/mastodon-api.md, "Statuses and timelines"). On the suite's engine.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

async function postBy(token: string, content: string) {
  const card = await t.caller(token).posts.create({ content });
  return { card, id: encodeId('post', card.createdAt, card.id) };
}

describe('a status', () => {
  it('is a post in Mastodon shape, with its HTML, mentions, tags and counts', async () => {
    const jane = await appMember(t, 'read write', { username: 'jane', firstName: 'Jane', lastName: 'Doe' });
    const reader = await appMember(t);
    const { card, id } = await postBy(jane.token, 'Hello @jane and #Garden\nhttps://example.com');
    await t.caller(reader.token).posts.like({ postId: card.id });
    const res = await reader.get(`/api/v1/statuses/${id}`);
    expect(res.statusCode).toBe(200);
    const body = expectEntity(status, res.json());
    expect(body).toMatchObject({
      id,
      visibility: 'public',
      favourites_count: 1,
      favourited: true,
      replies_count: 0,
      in_reply_to_id: null,
      reblog: null,
      account: { id: jane.id, username: 'jane', acct: 'jane', display_name: 'Jane Doe', statuses_count: 1 },
      mentions: [{ id: jane.id, username: 'jane', acct: 'jane' }],
      tags: [{ name: 'garden' }],
    });
    expect(body.url).toMatch(new RegExp(`/post/${card.id}$`));
    expect(body.content).toContain('<p>Hello <span class="h-card" translate="no">');
    expect(body.content).toContain('#<span>Garden</span>');
    expect(body.account.avatar).toMatch(/^http:\/\/.+\/pictures\/missing-avatar\.png$/);
  });

  it('is readable without a token; a token without read is refused; an unknown id is 404', async () => {
    const author = await appMember(t);
    const { id } = await postBy(author.token, 'public');
    expect((await t.app.inject({ url: `/api/v1/statuses/${id}` })).statusCode).toBe(200);
    const writer = await appMember(t, 'write');
    const refused = await writer.get(`/api/v1/statuses/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This action is outside the authorized scopes' });
    expect((await author.get('/api/v1/statuses/nope')).statusCode).toBe(404);
    const otherTime = encodeId('post', Date.parse('2020-01-01'), id.slice(11));
    expect((await author.get(`/api/v1/statuses/${otherTime}`)).statusCode).toBe(404);
    const bad = await t.app.inject({ url: `/api/v1/statuses/${id}`, headers: { authorization: 'Bearer x' } });
    expect(bad.statusCode).toBe(401);
  });

  it('is 404 to whom its author blocked, who muted them, and to everyone once they are suspended', async () => {
    const author = await appMember(t);
    const [blocked, muter, other] = await Promise.all([appMember(t), appMember(t), appMember(t)]);
    const { id } = await postBy(author.token, 'hidden sometimes');
    await t.caller(author.token).relations.block({ username: blocked.username });
    await t.caller(muter.token).relations.mute({ username: author.username });
    expect((await blocked.get(`/api/v1/statuses/${id}`)).statusCode).toBe(404);
    expect((await muter.get(`/api/v1/statuses/${id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/v1/statuses/${id}`)).statusCode).toBe(200);
    await suspend(t, author.id);
    expect((await other.get(`/api/v1/statuses/${id}`)).statusCode).toBe(404);
    // A suspended member's own token is refused at the door.
    const res = await author.get(`/api/v1/statuses/${id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your login is currently disabled' });
  });

  it('of a comment replies to its post; the post’s context holds its comments, oldest first', async () => {
    const author = await appMember(t);
    const commenter = await appMember(t);
    const { card, id } = await postBy(author.token, 'a post');
    await t.caller(commenter.token).comments.add({ postId: card.id, text: 'first @' + author.username });
    await t.caller(author.token).comments.add({ postId: card.id, text: 'second' });
    const res = await commenter.get(`/api/v1/statuses/${id}/context`);
    expect(res.statusCode).toBe(200);
    const ctx = expectEntity(context, res.json());
    expect(ctx.ancestors).toEqual([]);
    expect(ctx.descendants.map((s) => s.content)).toEqual([
      expect.stringContaining('first'),
      '<p>second</p>',
    ]);
    const [first] = ctx.descendants;
    expect(first).toMatchObject({
      in_reply_to_id: id,
      in_reply_to_account_id: author.id,
      account: { id: commenter.id },
      favourites_count: 0,
      favourited: false,
      mentions: [{ id: author.id }],
    });
    expect(first!.id > id).toBe(true);

    const comment = await commenter.get(`/api/v1/statuses/${first!.id}`);
    expect(expectEntity(status, comment.json())).toMatchObject({ id: first!.id, in_reply_to_id: id });
    const up = expectEntity(context, (await commenter.get(`/api/v1/statuses/${first!.id}/context`)).json());
    expect(up.ancestors.map((s) => s.id)).toEqual([id]);
    expect(up.descendants).toEqual([]);
  });

  it('of a quote carries the quoted status in 4.5’s shape, and an unavailable one without it', async () => {
    const quoted = await appMember(t);
    const quoter = await appMember(t);
    const reader = await appMember(t);
    const original = await postBy(quoted.token, 'original');
    const card = await t.caller(quoter.token).posts.create({ content: 'look', quoteOf: original.card.id });
    const id = encodeId('post', card.createdAt, card.id);
    const body = expectEntity(status, (await reader.get(`/api/v1/statuses/${id}`)).json());
    expect(body.quote).toMatchObject({
      state: 'accepted',
      quoted_status: { id: original.id, account: { id: quoted.id } },
    });
    await t.caller(reader.token).relations.mute({ username: quoted.username });
    const hidden = expectEntity(status, (await reader.get(`/api/v1/statuses/${id}`)).json());
    expect(hidden.quote).toEqual({ state: 'unauthorized', quoted_status: null });
  });
});
