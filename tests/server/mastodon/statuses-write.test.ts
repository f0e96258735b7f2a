import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectEntity, status } from '../../mastodon/entities/index.js';
import { appMember } from '../../helpers/mastodon-api.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { uploaded } from '../../trpc/media-helpers.js';

// Writing statuses: a post, a comment (a reply), a quote; edits and deletes; through the domain's rules.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

type Status = { id: string; content: string; in_reply_to_id: string | null; text?: string };

describe('POST /api/v1/statuses', () => {
  it('posts a status from JSON or a form, as the member', async () => {
    const me = await appMember(t);
    const res = await me.post('/api/v1/statuses', { status: 'hello #realm', visibility: 'public' });
    expect(res.statusCode).toBe(200);
    const body = expectEntity(status, res.json());
    expect(body).toMatchObject({ content: expect.stringContaining('hello'), account: { id: me.id } });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { authorization: me.bearer, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=from+a+form&visibility=public',
    });
    expect(form.json<Status>().content).toBe('<p>from a form</p>');
    const feed = await t.caller(me.token).posts.feed({});
    expect(feed.items.map((card) => card.content)).toEqual(['from a form', 'hello #realm']);
  });

  it('posts pictures with the alt text given at upload or in media_attributes', async () => {
    const me = await appMember(t);
    const [one, two] = [await uploaded(t, me.token), await uploaded(t, me.token)];
    const res = await me.post('/api/v1/statuses', {
      status: 'two pictures',
      media_ids: [one.id, two.id],
      media_attributes: [{ id: two.id, description: 'the second' }],
    });
    expect(res.statusCode).toBe(200);
    const body = expectEntity(status, res.json());
    expect(body.media_attachments.map((m) => [m.id, m.type, m.description])).toEqual([
      [one.id, 'image', null],
      [two.id, 'image', 'the second'],
    ]);
  });

  it('refuses what Realm has not with 422 and a reason', async () => {
    const me = await appMember(t);
    for (const [payload, words] of [
      [{ status: 'secret', visibility: 'private' }, 'public'],
      [{ status: 'careful', spoiler_text: 'cw' }, 'content warnings'],
      [{ status: 'vote', poll: { options: ['a', 'b'], expires_in: 60 } }, 'polls'],
      [{ status: '' }, 'characters'],
      [{ status: 'x'.repeat(501) }, '500'],
    ] as const) {
      const res = await me.post('/api/v1/statuses', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json<{ error: string }>().error).toContain(words);
    }
    expect((await t.caller(me.token).posts.feed({})).items).toEqual([]);
  });

  it('makes a reply to a post a comment, and a reply to a comment a comment on the same post', async () => {
    const author = await appMember(t);
    const me = await appMember(t);
    const post = (await author.post('/api/v1/statuses', { status: 'a post' })).json<Status>();
    const reply = await me.post('/api/v1/statuses', { status: 'a reply', in_reply_to_id: post.id });
    expect(reply.statusCode).toBe(200);
    expect(expectEntity(status, reply.json())).toMatchObject({
      in_reply_to_id: post.id,
      in_reply_to_account_id: author.id,
    });
    const deeper = await author.post('/api/v1/statuses', {
      status: 'and back',
      in_reply_to_id: reply.json<Status>().id,
    });
    expect(deeper.json<Status>().in_reply_to_id).toBe(post.id);
    const context = (await me.get(`/api/v1/statuses/${post.id}/context`)).json<{ descendants: Status[] }>();
    expect(context.descendants.map((s) => s.content)).toEqual(['<p>a reply</p>', '<p>and back</p>']);
    const pictures = await me.post('/api/v1/statuses', {
      status: 'with a picture',
      in_reply_to_id: post.id,
      media_ids: [(await uploaded(t, me.token)).id],
    });
    expect(pictures.statusCode).toBe(422);
    expect(pictures.json<{ error: string }>().error).toContain('comments carry text only');
  });

  it('quotes a post with quoted_status_id', async () => {
    const author = await appMember(t);
    const me = await appMember(t);
    const post = (await author.post('/api/v1/statuses', { status: 'quote me' })).json<Status>();
    const res = await me.post('/api/v1/statuses', { status: 'so true', quoted_status_id: post.id });
    expect(expectEntity(status, res.json()).quote).toMatchObject({
      state: 'accepted',
      quoted_status: { id: post.id },
    });
  });

  it('needs write:statuses', async () => {
    const reader = await appMember(t, 'read');
    expect((await reader.post('/api/v1/statuses', { status: 'no' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/statuses', payload: { status: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('edits a post’s text and alt text, keeps history and source, and refuses another’s', async () => {
    const me = await appMember(t);
    const other = await appMember(t);
    const picture = await uploaded(t, me.token);
    const post = (
      await me.post('/api/v1/statuses', { status: 'first', media_ids: [picture.id] })
    ).json<Status>();
    const edited = await me.put(`/api/v1/statuses/${post.id}`, {
      status: 'second',
      media_attributes: [{ id: picture.id, description: 'a red square' }],
    });
    expect(edited.statusCode).toBe(200);
    const body = expectEntity(status, edited.json());
    expect(body).toMatchObject({ id: post.id, content: '<p>second</p>' });
    expect(body.edited_at).not.toBeNull();
    expect(body.media_attachments[0]!.description).toBe('a red square');
    const history = (await other.get(`/api/v1/statuses/${post.id}/history`)).json<{ content: string }[]>();
    expect(history.map((v) => v.content)).toEqual(['<p>first</p>', '<p>second</p>']);
    expect((await other.get(`/api/v1/statuses/${post.id}/source`)).json()).toEqual({
      id: post.id,
      text: 'second',
      spoiler_text: '',
    });
    const refused = await other.put(`/api/v1/statuses/${post.id}`, { status: 'mine now' });
    expect(refused.statusCode).toBe(403);
  });

  it('edits a comment’s text', async () => {
    const me = await appMember(t);
    const post = (await me.post('/api/v1/statuses', { status: 'post' })).json<Status>();
    const comment = (
      await me.post('/api/v1/statuses', { status: 'typo', in_reply_to_id: post.id })
    ).json<Status>();
    const res = await me.put(`/api/v1/statuses/${comment.id}`, { status: 'fixed' });
    expect(res.json()).toMatchObject({ id: comment.id, content: '<p>fixed</p>', in_reply_to_id: post.id });
  });

  it('deletes a post or a comment and answers it with its text; another’s is 403', async () => {
    const me = await appMember(t);
    const other = await appMember(t);
    const post = (await me.post('/api/v1/statuses', { status: 'soon gone' })).json<Status>();
    const comment = (
      await me.post('/api/v1/statuses', { status: 'me too', in_reply_to_id: post.id })
    ).json<Status>();
    expect((await other.del(`/api/v1/statuses/${post.id}`)).statusCode).toBe(403);
    const gone = await me.del(`/api/v1/statuses/${comment.id}`);
    expect(gone.json()).toMatchObject({ id: comment.id, text: 'me too' });
    const res = await me.del(`/api/v1/statuses/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(expectEntity(status, res.json())).toMatchObject({ id: post.id, text: 'soon gone' });
    expect((await me.get(`/api/v1/statuses/${post.id}`)).statusCode).toBe(404);
  });
});
