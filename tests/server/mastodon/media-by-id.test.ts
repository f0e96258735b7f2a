import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appToken } from '../../helpers/mastodon-token.js';
import { multipartBody } from '../../helpers/multipart-body.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { jpeg, storedFiles } from '../../trpc/media-helpers.js';
import { expectEntity, mediaAttachment } from '../../mastodon/entities/index.js';
import { mediaAttachmentShape } from './media-shape.js';

// GET, PUT and DELETE /api/v1/media/:id: an upload between POST /api/v2/media and the status that takes
// it, seen and changed by its owner only (docs/mastodon-api.md, "Pictures").

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function uploadAs(token: string) {
  const { payload, headers } = await multipartBody({
    file: { bytes: await jpeg(), type: 'image/jpeg', filename: 'p.jpg' },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/media',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; url: string }>();
}

const call = (method: 'GET' | 'PUT' | 'DELETE', id: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/media/${id}`, headers: token ? bearer(token) : {}, payload });

async function owner() {
  const member = await t.member();
  return { member, token: await appToken(t.app, member.token, 'read write') };
}

describe('an upload before a status takes it', () => {
  it('is shown to its owner, and changes its alt text by JSON or by form', async () => {
    const { token } = await owner();
    const { id } = await uploadAs(token);
    const shown = await call('GET', id, token);
    expect(shown.statusCode).toBe(200);
    expect(expectEntity(mediaAttachment, shown.json())).toEqual({
      ...mediaAttachmentShape,
      id,
      description: null,
    });

    const json = await call('PUT', id, token, { description: 'Two cats on a wall' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ ...mediaAttachmentShape, id, description: 'Two cats on a wall' });
    const form = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${id}`,
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'description=Three+cats&focus=0.1,-0.2',
    });
    expect(form.json().description).toBe('Three cats');
    expect((await call('GET', id, token)).json().description).toBe('Three cats');
    // Emptied: no alt text, which Mastodon writes as null.
    expect((await call('PUT', id, token, { description: '' })).json().description).toBeNull();
  });

  it("is Mastodon's 404 to anyone else, to a wrong id, and once a post has it", async () => {
    const { member, token } = await owner();
    const other = await owner();
    const { id } = await uploadAs(token);
    const notFound = { error: 'Record not found' };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, id, other.token, method === 'PUT' ? { description: 'mine' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await call('GET', 'not-an-id', token)).json()).toEqual(notFound);
    expect((await call('GET', crypto.randomUUID(), token)).statusCode).toBe(404);

    await t.caller(member.token).posts.create({ content: 'With a picture', media: [{ id, alt: 'Kept' }] });
    expect((await call('GET', id, token)).statusCode).toBe(404);
    expect((await call('PUT', id, token, { description: 'late' })).statusCode).toBe(404);
    expect((await call('DELETE', id, token)).statusCode).toBe(404);
    const [row] = await t.sql<{ alt: string }>('select alt from media where id = $1', [id]);
    expect(row!.alt).toBe('Kept');
  });

  it('is deleted by its owner, its files with it', async () => {
    const { token } = await owner();
    const { id } = await uploadAs(token);
    expect(storedFiles(t)).toHaveLength(2);
    const res = await call('DELETE', id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await call('GET', id, token)).statusCode).toBe(404);
    await expect.poll(() => storedFiles(t)).toEqual([]);
  });

  it('needs a token with write:media', async () => {
    const { member, token } = await owner();
    const { id } = await uploadAs(token);
    expect((await call('GET', id)).statusCode).toBe(401);
    const reader = await appToken(t.app, member.token, 'read');
    const res = await call('GET', id, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This action is outside the authorized scopes' });
  });
});
