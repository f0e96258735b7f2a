import { afterEach, describe, expect, it } from 'vitest';
import type { PostCard } from '../../src/server/domain/views.js';
import { expectInvalid, nextMs } from '../helpers/expect.js';
import { gist, inbox } from '../helpers/notifications.js';
import { blockedRefusal, expectRefusedCall, type Member } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { uploaded } from './media-helpers.js';

// Quote posts (docs/decisions/0010-quotes-and-answer-policies.md): a post may quote another, which its card
// shows inside it, or "unavailable" when the quoted post is deleted or hidden from the reader. The quoted
// author is told; the post lists its quotes. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const as = (member: Member) => t.caller(member.token);
const setStatus = (member: Member, status: 'active' | 'suspended') =>
  t.sql('update users set status = $2 where id = $1', [member.id, status]);
const quoteOf = (card: PostCard) => card.quote;
const unavailable = { unavailable: true };

async function people() {
  return {
    ana: await t.member({ username: 'ana' }),
    ben: await t.member({ username: 'ben' }),
    cat: await t.member({ username: 'cat' }),
  };
}

describe('a quote', () => {
  it('shows the quoted post inside its card: author, text, first picture, time; the quoted author is told', async () => {
    t = await makeTestApp();
    const { ana, ben } = await people();
    const [first, second] = [await uploaded(t, ana.token), await uploaded(t, ana.token)];
    const quoted = await as(ana).posts.create({
      content: 'Sunset over the bay',
      media: [
        { id: first.id, alt: 'Orange sky' },
        { id: second.id, alt: '' },
      ],
    });
    const quote = await as(ben).posts.create({ content: 'Look at this!', quoteOf: quoted.id });
    const expected = {
      unavailable: false,
      id: quoted.id,
      author: quoted.author,
      content: 'Sunset over the bay',
      createdAt: quoted.createdAt,
      picture: { ...first, alt: 'Orange sky' },
      quotesAPost: false,
    };
    expect(quote.quote).toEqual(expected);
    for (const card of [
      await t.caller().posts.byId({ postId: quote.id }),
      (await t.caller().posts.explore({})).items.find((c) => c.id === quote.id)!,
      (await as(ana).posts.byUser({ username: 'ben' })).items[0]!,
    ]) {
      expect(card.quote).toEqual(expected);
    }
    expect((await inbox(t, ana)).map(gist)).toEqual([{ kind: 'quote', actors: ['ben'], actorCount: 1 }]);
    expect((await inbox(t, ana))[0]!.post).toEqual({ id: quote.id, excerpt: 'Look at this!' });
  });

  it('of a quote nests one level only: the inner quote is marked, not shown', async () => {
    t = await makeTestApp();
    const { ana, ben, cat } = await people();
    const original = await as(ana).posts.create({ content: 'original' });
    const middle = await as(ben).posts.create({ content: 'middle', quoteOf: original.id });
    const outer = await as(cat).posts.create({ content: 'outer', quoteOf: middle.id });
    expect(outer.quote).toMatchObject({ id: middle.id, content: 'middle', quotesAPost: true, picture: null });
    expect(outer.quote).not.toHaveProperty('quote');
  });

  it('of one’s own post is allowed, whatever its quote policy, and tells nobody', async () => {
    t = await makeTestApp();
    const { ana } = await people();
    const mine = await as(ana).posts.create({ content: 'mine', quotePolicy: 'nobody' });
    const again = await as(ana).posts.create({ content: 'again', quoteOf: mine.id });
    expect(again.quote).toMatchObject({ id: mine.id });
    expect(await inbox(t, ana)).toEqual([]);
  });

  it('each quote is its own notification; deleting a quote takes its notification with it', async () => {
    t = await makeTestApp();
    const { ana, ben, cat } = await people();
    const quoted = await as(ana).posts.create({ content: 'quote me' });
    const fromBen = await as(ben).posts.create({ content: 'one', quoteOf: quoted.id });
    await nextMs();
    await as(cat).posts.create({ content: 'two', quoteOf: quoted.id });
    await nextMs();
    await as(ben).posts.create({ content: 'three', quoteOf: quoted.id });
    expect((await inbox(t, ana)).map(gist)).toEqual([
      { kind: 'quote', actors: ['ben'], actorCount: 1 },
      { kind: 'quote', actors: ['cat'], actorCount: 1 },
      { kind: 'quote', actors: ['ben'], actorCount: 1 },
    ]);
    await as(ben).posts.delete({ postId: fromBen.id });
    expect(await inbox(t, ana)).toHaveLength(2);
  });

  it('by someone the quoted author muted tells her nothing: the quote is written, the notification not shown', async () => {
    t = await makeTestApp();
    const { ana, ben, cat } = await people();
    const quoted = await as(ana).posts.create({ content: 'quote me' });
    await as(ana).relations.mute({ username: 'ben' });
    const quote = await as(ben).posts.create({ content: 'muted quote', quoteOf: quoted.id });
    expect(quote.quote).toMatchObject({ id: quoted.id });
    expect(await inbox(t, ana)).toEqual([]);
    await as(cat).posts.create({ content: 'heard quote', quoteOf: quoted.id });
    expect((await inbox(t, ana)).map(gist)).toEqual([{ kind: 'quote', actors: ['cat'], actorCount: 1 }]);
  });
});

describe('a quoted post unavailable', () => {
  it('when deleted: the quote stays, its card says unavailable', async () => {
    t = await makeTestApp();
    const { ana, ben } = await people();
    const quoted = await as(ana).posts.create({ content: 'soon gone' });
    const quote = await as(ben).posts.create({ content: 'quoting', quoteOf: quoted.id });
    await as(ana).posts.delete({ postId: quoted.id });
    expect(quoteOf(await as(ben).posts.byId({ postId: quote.id }))).toEqual(unavailable);
    expect(quoteOf(await t.caller().posts.byId({ postId: quote.id }))).toEqual(unavailable);
  });

  it('to a reader who muted or blocked its author, or when its author is suspended; not to others', async () => {
    t = await makeTestApp();
    const { ana, ben, cat } = await people();
    const dan = await t.member({ username: 'dan' });
    const quoted = await as(ana).posts.create({ content: 'by ana' });
    const quote = await as(ben).posts.create({ content: 'quoting ana', quoteOf: quoted.id });
    const seenBy = async (reader: Member | null) =>
      quoteOf(await t.caller(reader?.token).posts.byId({ postId: quote.id }));

    await as(cat).relations.mute({ username: 'ana' });
    await as(dan).relations.block({ username: 'ana' });
    expect(await seenBy(cat)).toEqual(unavailable);
    expect(await seenBy(dan)).toEqual(unavailable);
    expect(await seenBy(ben)).toMatchObject({ unavailable: false, id: quoted.id });
    expect(await seenBy(null)).toMatchObject({ unavailable: false, id: quoted.id });
    await as(ana).relations.block({ username: 'cat' }); // blocked by the quoted author: the same
    expect(await seenBy(cat)).toEqual(unavailable);

    await setStatus(ana, 'suspended');
    expect(await seenBy(ben)).toEqual(unavailable);
    expect(await seenBy(null)).toEqual(unavailable);
    await setStatus(ana, 'active');
    expect(await seenBy(ben)).toMatchObject({ unavailable: false });
  });
});

describe('quoting refused', () => {
  it('when the quoted post does not exist, or is hidden from the writer (mute, suspension); a block answers 403', async () => {
    t = await makeTestApp();
    const { ana, ben, cat } = await people();
    const quoted = await as(ana).posts.create({ content: 'by ana' });
    const notFound = {
      code: 'NOT_FOUND',
      message: 'The post you are quoting does not exist or is not available to you.',
    };
    const quote = (member: Member, id: string) => () =>
      as(member).posts.create({ content: 'quoting', quoteOf: id });
    await expectRefusedCall(t, quote(ben, 'no-such-post'), notFound);
    await as(ben).relations.mute({ username: 'ana' });
    await expectRefusedCall(t, quote(ben, quoted.id), notFound);
    await as(ana).relations.block({ username: 'cat' });
    await expectRefusedCall(t, quote(cat, quoted.id), blockedRefusal);
    expect(await inbox(t, ana)).toEqual([]); // the blocked quoter told her nothing
    await setStatus(ana, 'suspended');
    const dan = await t.member({ username: 'dan' });
    await expectRefusedCall(t, quote(dan, quoted.id), notFound);
  });

  it('by the quote policy: followers only, or nobody; changed later by the author', async () => {
    t = await makeTestApp();
    const { ana, ben, cat } = await people();
    await as(ben).follow.follow({ userId: ana.id });
    const post = await as(ana).posts.create({ content: 'followers', quotePolicy: 'followers' });
    await expectRefusedCall(t, () => as(cat).posts.create({ content: 'q', quoteOf: post.id }), {
      code: 'FORBIDDEN',
      message: "Only @ana's followers can quote this post.",
    });
    expect((await as(cat).posts.byId({ postId: post.id })).mayQuote).toBe(false);
    expect((await as(ben).posts.byId({ postId: post.id })).mayQuote).toBe(true);
    await as(ben).posts.create({ content: 'q', quoteOf: post.id });

    await as(ana).posts.setPolicy({ postId: post.id, quotePolicy: 'nobody' });
    await expectRefusedCall(t, () => as(ben).posts.create({ content: 'q2', quoteOf: post.id }), {
      code: 'FORBIDDEN',
      message: '@ana does not allow quotes of this post.',
    });
    await as(ana).posts.setPolicy({ postId: post.id, quotePolicy: 'everyone' });
    await as(cat).posts.create({ content: 'q3', quoteOf: post.id });
  });

  it('with plain messages for bad input', async () => {
    t = await makeTestApp();
    const { ana } = await people();
    await expectInvalid(
      as(ana).posts.create({ content: 'q', quotePolicy: 'friends' as never }),
      'Who can quote must be "everyone", "followers" or "nobody".',
    );
    await expectInvalid(as(ana).posts.create({ content: 'q', quoteOf: '' }), 'An id is required.');
  });
});

describe('who quoted a post', () => {
  it('lists the quotes newest first, in pages of 20, leaving out those hidden from the reader', async () => {
    t = await makeTestApp();
    const { ana, ben, cat } = await people();
    const quoted = await as(ana).posts.create({ content: 'popular' });
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const writer = i % 2 === 0 ? ben : cat;
      ids.unshift((await as(writer).posts.create({ content: `quote ${i}`, quoteOf: quoted.id })).id);
    }
    await as(ana).posts.create({ content: 'not a quote' });
    const first = await t.caller().posts.quotes({ postId: quoted.id });
    expect(first.items.map((card) => card.id)).toEqual(ids.slice(0, 20));
    const second = await t.caller().posts.quotes({ postId: quoted.id, cursor: first.nextCursor });
    expect(second.items.map((card) => card.id)).toEqual(ids.slice(20));
    expect(second.nextCursor).toBeNull();

    await as(ana).relations.mute({ username: 'cat' });
    const seen = await as(ana).posts.quotes({ postId: quoted.id });
    expect(seen.items.map((card) => card.author.username)).toEqual(Array(11).fill('ben'));
    await as(ben).relations.block({ username: 'ana' });
    await expect(as(ben).posts.quotes({ postId: quoted.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
