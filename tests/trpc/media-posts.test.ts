import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { jpeg, keyOf, mediaRows, stored, storedFiles, uploaded, type Uploaded } from './media-helpers.js';

// Pictures on posts through tRPC: attached by posts.create and posts.edit, shown on every card, and deleted
// with the post (rows at once, files once no row uses them).

let t: TestApp;
afterEach(() => t?.close());

/** What a card shows of an uploaded picture with this alt text. */
const shown = (picture: Uploaded, alt: string) => ({ ...picture, alt });

/** Files are deleted just after the write commits: wait for it. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

describe('a post with pictures', () => {
  it('shows them in order with their alt text on the feed, explore, the profile, the post page and bookmarks', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const [a, b] = [await uploaded(t, author.token), await uploaded(t, author.token)];
    const card = await t.caller(author.token).posts.create({
      content: 'Two photos',
      media: [
        { id: b.id, alt: 'A blue sky' },
        { id: a.id, alt: '' },
      ],
    });
    const expected = [shown(b, 'A blue sky'), shown(a, '')];
    expect(card.media).toEqual(expected);
    const me = t.caller(author.token);
    await me.bookmarks.add({ postId: card.id });
    const follower = await t.member();
    await t.caller(follower.token).follow.follow({ userId: author.id });
    const cards = [
      (await t.caller(follower.token).posts.feed({})).items[0],
      (await t.caller().posts.explore({})).items[0],
      (await t.caller().posts.byUser({ username: author.username })).items[0],
      await t.caller().posts.byId({ postId: card.id }),
      (await me.bookmarks.list({})).items[0],
    ];
    for (const seen of cards) expect(seen?.media).toEqual(expected);
    expect((await mediaRows(t)).every((row) => row.post_id === card.id)).toBe(true);
  });

  it('may have no text; without pictures a blank post is still refused', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const picture = await uploaded(t, author.token);
    const card = await t
      .caller(author.token)
      .posts.create({ content: '  ', media: [{ id: picture.id, alt: 'x' }] });
    expect(card.content).toBe('');
    await expect(t.caller(author.token).posts.create({ content: ' ', media: [] })).rejects.toThrow(
      'Post content must be 1 to 500 characters.',
    );
  });

  it("refuses someone else's upload, one already on another post, and the same one twice", async () => {
    t = await makeTestApp();
    const [author, other] = [await t.member(), await t.member()];
    const theirs = await uploaded(t, other.token);
    const me = t.caller(author.token);
    const message = 'A picture in this post is not one of your uploads, or it was deleted. Upload it again.';
    await expect(me.posts.create({ content: 'mine?', media: [{ id: theirs.id, alt: '' }] })).rejects.toThrow(
      message,
    );
    await expect(
      me.posts.create({ content: 'gone', media: [{ id: 'no-such-upload', alt: '' }] }),
    ).rejects.toThrow(message);
    const mine = await uploaded(t, author.token);
    await me.posts.create({ content: 'first', media: [{ id: mine.id, alt: '' }] });
    await expect(me.posts.create({ content: 'again', media: [{ id: mine.id, alt: '' }] })).rejects.toThrow(
      message,
    );
    const another = await uploaded(t, author.token);
    await expect(
      me.posts.create({
        content: 'twice',
        media: [
          { id: another.id, alt: '' },
          { id: another.id, alt: '' },
        ],
      }),
    ).rejects.toThrow('The same picture is in this post twice.');
    // Nothing of a refused post is left: no post, and its upload still unattached.
    expect((await t.caller().posts.explore({})).items.map((card) => card.content)).toEqual(['first']);
    expect((await mediaRows(t)).find((row) => row.id === another.id)?.post_id).toBeNull();
  });

  it('refuses a fifth picture and alt text over 1,500 characters', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const five = [];
    for (let i = 0; i < 5; i++) five.push({ id: (await uploaded(t, author.token)).id, alt: '' });
    const me = t.caller(author.token);
    await expect(me.posts.create({ content: 'five', media: five })).rejects.toThrow(
      'A post can have at most 4 pictures.',
    );
    await expect(
      me.posts.create({ content: 'long alt', media: [{ id: five[0]!.id, alt: 'a'.repeat(1501) }] }),
    ).rejects.toThrow('Alt text must be at most 1500 characters.');
    const card = await me.posts.create({
      content: 'ok',
      media: [{ id: five[0]!.id, alt: 'a'.repeat(1500) }],
    });
    expect(card.media[0]?.alt).toHaveLength(1500);
  });

  it('takes its edits: reordered, alt text changed, one removed (its row and files deleted)', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const [a, b, c] = [
      await uploaded(t, author.token),
      await uploaded(t, author.token),
      await uploaded(t, author.token),
    ];
    const me = t.caller(author.token);
    const post = await me.posts.create({
      content: 'three',
      media: [a, b, c].map((p) => ({ id: p.id, alt: '' })),
    });
    const edited = await me.posts.edit({
      postId: post.id,
      content: 'two now',
      media: [
        { id: c.id, alt: 'third, now first' },
        { id: a.id, alt: 'first' },
      ],
    });
    expect(edited.media).toEqual([shown(c, 'third, now first'), shown(a, 'first')]);
    // An edit without `media` keeps them.
    expect((await me.posts.edit({ postId: post.id, content: 'text only' })).media).toEqual(edited.media);
    expect((await mediaRows(t)).map((row) => row.id).sort()).toEqual([a.id, c.id].sort());
    await eventually(() => expect(stored(t, b.url) || stored(t, b.previewUrl)).toBe(false));
    expect(stored(t, a.url) && stored(t, c.url)).toBe(true);
  });

  it('when deleted, by its author or a moderator, takes its rows and the files no other upload shares', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const shared = await jpeg(800, 600);
    const [a, b] = [await uploaded(t, author.token), await uploaded(t, author.token, shared)];
    // The same picture as `b`, uploaded again and kept unattached: the files they share must stay.
    const again = await uploaded(t, author.token, shared);
    expect(again.url).toBe(b.url);
    const me = t.caller(author.token);
    const post = await me.posts.create({
      content: 'bye',
      media: [
        { id: a.id, alt: '' },
        { id: b.id, alt: '' },
      ],
    });
    await me.posts.delete({ postId: post.id });
    expect((await mediaRows(t)).map((row) => row.id)).toEqual([again.id]);
    await eventually(() =>
      expect(storedFiles(t).sort()).toEqual([keyOf(again.url), keyOf(again.previewUrl)].sort()),
    );

    const moderator = await t.member({ role: 'moderator' });
    const c = await uploaded(t, author.token);
    const removed = await me.posts.create({ content: 'spam', media: [{ id: c.id, alt: '' }] });
    await t.caller(moderator.token).admin.removeContent({ kind: 'post', postId: removed.id, reason: 'spam' });
    await eventually(() => expect(stored(t, c.url) || stored(t, c.previewUrl)).toBe(false));
    expect((await mediaRows(t)).map((row) => row.id)).toEqual([again.id]);
  });
});
