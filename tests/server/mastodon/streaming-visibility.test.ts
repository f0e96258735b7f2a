import { describe, expect, it } from 'vitest';
import { postStatusId } from '../../../src/server/mastodon/entities/status.js';
import { useStreamingServer } from '../../helpers/mastodon-streaming-server.js';
import { openMastodonSocket, openMastodonSse, type MastodonSocket } from '../../helpers/mastodon-stream.js';
import { uploaded } from '../../trpc/media-helpers.js';

// The streams show what the REST reads show (docs/security.md, "What Realm protects"): a quoted post hidden
// from the reader (its author blocked them, or they muted its author) is streamed as GET
// /api/v1/statuses/:id shows it to them, and a limited member's posts stay off the streams whose timeline
// leaves them out. A streamed status is read by nobody in particular, so the reader's own `quote_approval`
// is left out of the comparison (docs/mastodon-api.md, "Streaming").

const s = useStreamingServer();

type Status = { id: string; quote: unknown; reblog: Status | null };
type Member = Awaited<ReturnType<typeof s.member>>;

const post = async (token: string, content: string, extra: { quoteOf?: string } = {}) => {
  const card = await s.t.caller(token).posts.create({ content, ...extra });
  return { ...card, statusId: postStatusId(card) };
};

/** New members by these names, each with an app token. */
async function members<Name extends string>(...names: Name[]) {
  const made = {} as Record<Name, Member>;
  for (const name of names) made[name] = await s.member();
  return made;
}

/** A REST read on the same server the streams come from, so that their URLs share its origin. */
async function rest(reader: Member, path: string) {
  const res = await fetch(s.base + path, { headers: { authorization: `Bearer ${reader.app}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Status & Status[];
}

/** What the reader may see of a quote, without what only their own read can say (`quote_approval`). */
const seen = (quote: unknown) =>
  JSON.parse(JSON.stringify(quote, (key, value: unknown) => (key === 'quote_approval' ? undefined : value)));

async function socket(reader: Member, subscriptions: object[]) {
  const ws = s.keep(await openMastodonSocket(`${s.base}/api/v1/streaming?access_token=${reader.app}`));
  for (const sub of subscriptions) ws.send({ type: 'subscribe', ...sub });
  // A refusal coming back proves the subscriptions before it are taken.
  ws.send({ type: 'subscribe', stream: 'nonsense' });
  await ws.nextError();
  return ws;
}

/** The status `id` as it came on one stream of the socket (`["hashtag", "news"]`), once it has. */
async function statusOn(ws: MastodonSocket, stream: string[], id: string) {
  const label = JSON.stringify(stream);
  const find = () =>
    ws.messages.find(
      (m) =>
        m.event === 'update' &&
        JSON.stringify(m.stream) === label &&
        (JSON.parse(String(m.payload)) as Status).id === id,
    );
  await expect.poll(find).toBeDefined();
  return JSON.parse(String(find()!.payload)) as Status;
}

describe('a quoted post hidden from the reader', () => {
  it('is streamed on public, local and hashtag as REST shows it: unauthorized, with no status', async () => {
    const { quoted, quoter, blocked, muting, plain } = await members(
      'quoted',
      'quoter',
      'blocked',
      'muting',
      'plain',
    );
    await s.t.caller(quoted.token).relations.block({ username: blocked.username });
    await s.t.caller(muting.token).relations.mute({ username: quoted.username });
    const streams = [{ stream: 'public' }, { stream: 'public:local' }, { stream: 'hashtag', tag: 'news' }];
    const readers = [blocked, muting, plain];
    const sockets = await Promise.all(readers.map((reader) => socket(reader, streams)));
    const original = await post(quoted.token, 'The original');
    const quote = await post(quoter.token, 'Look at this #news', { quoteOf: original.id });

    for (const [i, reader] of readers.entries()) {
      const shown = await rest(reader, `/api/v1/statuses/${quote.statusId}`);
      for (const label of [['public'], ['public:local'], ['hashtag', 'news']]) {
        const streamed = await statusOn(sockets[i]!, label, quote.statusId);
        expect(seen(streamed.quote)).toEqual(seen(shown.quote));
        // Each has their own: the quote hidden from the others is not hidden from the one who may see it.
        expect(streamed.quote).toEqual(
          reader === plain
            ? expect.objectContaining({
                state: 'accepted',
                quoted_status: expect.objectContaining({ id: original.statusId }),
              })
            : { state: 'unauthorized', quoted_status: null },
        );
      }
    }
  });

  it('two quotes deep, over SSE: the quoted post’s own quote is unauthorized, as REST shows it', async () => {
    const { first, middle, quoter, reader } = await members('first', 'middle', 'quoter', 'reader');
    await s.t.caller(first.token).relations.block({ username: reader.username });
    const sse = s.keep(await openMastodonSse(`${s.base}/api/v1/streaming/hashtag?tag=deep`, reader.app));
    await expect.poll(() => sse.comments.includes('thump')).toBe(true);
    const original = await post(first.token, 'The first');
    const inner = await post(middle.token, 'About the first', { quoteOf: original.id });
    const outer = await post(quoter.token, 'About that #deep', { quoteOf: inner.id });

    const event = await sse.next('update', (data) => (JSON.parse(data) as Status).id === outer.statusId);
    const streamed = JSON.parse(event.data) as Status;
    const shown = await rest(reader, `/api/v1/statuses/${outer.statusId}`);
    expect(shown.quote).toMatchObject({
      state: 'accepted',
      quoted_status: { id: inner.statusId, quote: { state: 'unauthorized', quoted_status: null } },
    });
    expect(seen(streamed.quote)).toEqual(seen(shown.quote));
  });

  it('comes to the home stream through a boost as the home timeline shows it', async () => {
    const { quoted, author, booster, blocked, muting, plain } = await members(
      'quoted',
      'author',
      'booster',
      'blocked',
      'muting',
      'plain',
    );
    await s.t.caller(quoted.token).relations.block({ username: blocked.username });
    await s.t.caller(muting.token).relations.mute({ username: quoted.username });
    const readers = [blocked, muting, plain];
    for (const reader of readers) await s.t.caller(reader.token).follow.follow({ userId: booster.id });
    const sockets = await Promise.all(readers.map((reader) => socket(reader, [{ stream: 'user' }])));
    const original = await post(quoted.token, 'The original');
    const quote = await post(author.token, 'Look at this', { quoteOf: original.id });
    await s.t.caller(booster.token).posts.boost({ postId: quote.id });

    for (const [i, reader] of readers.entries()) {
      const event = await sockets[i]!.next('update', (p) => (JSON.parse(p) as Status).reblog !== null);
      const streamed = JSON.parse(event.payload) as Status;
      const timeline = await rest(reader, '/api/v1/timelines/home');
      const shown = timeline.find((status) => status.id === streamed.id);
      expect(shown?.reblog?.id).toBe(quote.statusId);
      expect(seen(streamed.reblog!.quote)).toEqual(seen(shown!.reblog!.quote));
      expect(streamed.reblog!.quote).toMatchObject({ state: reader === plain ? 'accepted' : 'unauthorized' });
    }
  });
});

describe('a limited member’s new post', () => {
  it('reaches none of the public, local and media streams, as the public timeline; home and hashtag, as theirs', async () => {
    const moderator = await s.t.member({ role: 'moderator' });
    const { limited, other, follower, stranger } = await members('limited', 'other', 'follower', 'stranger');
    await s.t.caller(moderator.token).admin.limit({ username: limited.username });
    await s.t.caller(follower.token).follow.follow({ userId: limited.id });
    const streams = [
      { stream: 'user' },
      { stream: 'public' },
      { stream: 'public:local' },
      { stream: 'public:media' },
      { stream: 'public:local:media' },
      { stream: 'hashtag', tag: 'cats' },
    ];
    const readers = [follower, stranger];
    const sockets = await Promise.all(readers.map((reader) => socket(reader, streams)));
    const pictured = async (member: Member, content: string) => {
      const picture = await uploaded(s.t, member.token);
      const card = await s.t
        .caller(member.token)
        .posts.create({ content, media: [{ id: picture.id, alt: '' }] });
      return postStatusId(card);
    };
    const theirs = await pictured(limited, 'Limited, with a picture #cats');
    // Events come in order: once the next post is on every stream, the limited one went by.
    const marker = await pictured(other, 'Anyone, with a picture #cats');
    const carrying = (ws: MastodonSocket, id: string) =>
      ws.messages
        .filter((m) => m.event === 'update' && (JSON.parse(String(m.payload)) as Status).id === id)
        .map((m) => (m.stream as string[])[0]);
    // Not followed: on every stream but the home one.
    for (const ws of sockets) await expect.poll(() => carrying(ws, marker)).toHaveLength(streams.length - 1);
    const onTimeline = async (reader: Member, url: string) =>
      (await rest(reader, url)).some((status) => status.id === theirs);
    for (const [i, reader] of readers.entries()) {
      expect(await onTimeline(reader, '/api/v1/timelines/public')).toBe(false);
      expect(await onTimeline(reader, '/api/v1/timelines/public?only_media=true')).toBe(false);
      expect(await onTimeline(reader, '/api/v1/timelines/tag/cats')).toBe(true);
      expect(await onTimeline(reader, '/api/v1/timelines/home')).toBe(reader === follower);
      expect(carrying(sockets[i]!, theirs).sort()).toEqual(
        reader === follower ? ['hashtag', 'user'] : ['hashtag'],
      );
    }
  });
});
