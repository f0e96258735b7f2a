import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { uploaded } from './media-helpers.js';

// A member's archive (account.export, "Export my data") carries their posts' pictures as links with their
// alt text, in order: paths on the instance, or full addresses when REALM_PUBLIC_URL says where it is.

let t: TestApp;
afterEach(() => t?.close());

describe('account.export with pictures', () => {
  it('lists each post’s pictures in order as paths, with alt text and sizes; a post without any has none', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const api = t.caller(me.token);
    const [first, second] = [await uploaded(t, me.token), await uploaded(t, me.token)];
    await api.posts.create({ content: 'text only' });
    const post = await api.posts.create({
      content: 'two photos',
      media: [
        { id: second.id, alt: 'The harbour at dawn' },
        { id: first.id, alt: '' },
      ],
    });
    // An upload no post took is not part of what the member wrote.
    await uploaded(t, me.token);

    const archive = await api.account.export();
    expect(archive.posts.map((p) => [p.content, p.media.length])).toEqual([
      ['two photos', 2],
      ['text only', 0],
    ]);
    expect(archive.posts[0]!.id).toBe(post.id);
    expect(archive.posts[0]!.media).toEqual([
      {
        url: second.url,
        previewUrl: second.previewUrl,
        width: second.width,
        height: second.height,
        alt: 'The harbour at dawn',
      },
      { url: first.url, previewUrl: first.previewUrl, width: first.width, height: first.height, alt: '' },
    ]);
    // The links work: the archive's reader fetches what a card shows.
    const fetched = await t.app.inject({ method: 'GET', url: archive.posts[0]!.media[0]!.url });
    expect([fetched.statusCode, fetched.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('gives full addresses when the instance knows its public address', async () => {
    t = await makeTestApp({ config: { publicOrigin: 'https://realm.example' } });
    const me = await t.member();
    const picture = await uploaded(t, me.token);
    await t.caller(me.token).posts.create({ content: 'far', media: [{ id: picture.id, alt: 'a field' }] });
    const [post] = (await t.caller(me.token).account.export()).posts;
    expect(post!.media).toEqual([
      expect.objectContaining({
        url: `https://realm.example${picture.url}`,
        previewUrl: `https://realm.example${picture.previewUrl}`,
        alt: 'a field',
      }),
    ]);
  });
});
