import { mentionsAndTags } from '../../../shared/rich-text.js';
import { withHiddenQuotes } from '../../domain/quote-views.js';
import type { PostCard } from '../../domain/views.js';
import type { Store } from '../../store/store.js';
import { postStatus, reblogStatus, type MastodonStatus, type StatusContext } from '../entities/status.js';
import { statusCards, statusContext } from '../statuses-view.js';

// A streamed status is written once per event (and per origin), not once per client: as read by nobody in
// particular, so a new post shows no one's favourite or bookmark, as Mastodon's streamed statuses do. Who
// may receive it is decided apart (dispatch.ts), by the same rule as every read, and so is whom the posts
// it quotes are hidden from: they have it written as their own read would, the quote unavailable.

export type StreamedPost = {
  /** Its tags, folded, for the hashtag streams. */
  tags: Set<string>;
  hasMedia: boolean;
  /** The posts it shows quoted: the one it quotes, and the one that one quotes (named by its id). */
  quoted: string[];
  /** The status's JSON text for an origin, for a reader from whom `hidden` (of `quoted`) are hidden. */
  json(origin: string, hidden?: readonly string[]): string;
};

const tagsOf = (card: PostCard) =>
  new Set(mentionsAndTags(card.content).tags.map((tag) => tag.toLowerCase()));

const quotedId = (card: PostCard | undefined) =>
  card?.quote && !card.quote.unavailable ? [card.quote.id] : [];

async function streamed(
  store: Store,
  card: PostCard,
  write: (ctx: StatusContext, card: PostCard) => MastodonStatus,
): Promise<StreamedPost> {
  // What the context reads does not depend on the origin: read once, written for each origin.
  const read = await statusContext({ store }, null, '', [card]);
  const [first] = quotedId(card);
  const texts = new Map<string, string>();
  return {
    tags: tagsOf(card),
    hasMedia: card.media.length > 0,
    quoted: first === undefined ? [] : [first, ...quotedId(read.quoted.get(first))],
    json(origin, hidden = []) {
      const key = `${origin}\u0000${hidden.join()}`;
      let text = texts.get(key);
      if (text === undefined) {
        const gone = new Set(hidden);
        const quoted = new Map([...read.quoted].map(([id, one]) => [id, withHiddenQuotes(one, gone)]));
        const ctx = { ...read, origin, quoted, written: new Map() };
        texts.set(key, (text = JSON.stringify(write(ctx, withHiddenQuotes(card, gone)))));
      }
      return text;
    },
  };
}

/** The post as a status, or null when it is gone or nobody may read it (its author suspended). */
export async function streamedPost(store: Store, postId: string): Promise<StreamedPost | null> {
  const [card] = await statusCards(store, null, [postId]);
  return card ? streamed(store, card, postStatus) : null;
}

/** A boost as Mastodon's reblog: the booster's status around the post, its id carrying the boost's time. */
export async function streamedBoost(
  store: Store,
  postId: string,
  boosterId: string,
  at: number,
): Promise<StreamedPost | null> {
  const [card] = await statusCards(store, null, [postId], [boosterId]);
  const booster = card?.boostedBy;
  if (!card || !booster) return null;
  return streamed(store, card, (ctx, shown) => reblogStatus(ctx, shown, booster, at));
}
