import { mentionsAndTags } from '../../../shared/rich-text.js';
import type { PostCard } from '../../domain/views.js';
import type { Store } from '../../store/store.js';
import { postStatus, reblogStatus } from '../entities/status.js';
import { statusCards, statusContext } from '../statuses-view.js';

// A streamed status is written once per event (and per origin), not once per client: as read by nobody in
// particular, so a new post shows no one's favourite or bookmark, as Mastodon's streamed statuses do. Who
// may receive it is decided apart (dispatch.ts), by the same rule as every read.

export type StreamedPost = {
  /** Its tags, folded, for the hashtag streams. */
  tags: Set<string>;
  hasMedia: boolean;
  /** The status's JSON text for an origin. */
  json(origin: string): Promise<string>;
};

function remembered(render: (origin: string) => Promise<string>) {
  const byOrigin = new Map<string, Promise<string>>();
  return (origin: string) => {
    let text = byOrigin.get(origin);
    if (!text) byOrigin.set(origin, (text = render(origin)));
    return text;
  };
}

const tagsOf = (card: PostCard) =>
  new Set(mentionsAndTags(card.content).tags.map((tag) => tag.toLowerCase()));

/** The post as a status, or null when it is gone or nobody may read it (its author suspended). */
export async function streamedPost(store: Store, postId: string): Promise<StreamedPost | null> {
  const [card] = await statusCards(store, null, [postId]);
  if (!card) return null;
  return {
    tags: tagsOf(card),
    hasMedia: card.media.length > 0,
    json: remembered(async (origin) => {
      const ctx = await statusContext({ store }, null, origin, [card]);
      return JSON.stringify(postStatus(ctx, card));
    }),
  };
}

/** A boost as Mastodon's reblog: the booster's status around the post, its id carrying the boost's time. */
export async function streamedBoost(
  store: Store,
  postId: string,
  boosterId: string,
  at: number,
): Promise<StreamedPost | null> {
  const [card] = await statusCards(store, null, [postId], [boosterId]);
  if (!card?.boostedBy) return null;
  const booster = card.boostedBy;
  return {
    tags: tagsOf(card),
    hasMedia: card.media.length > 0,
    json: remembered(async (origin) => {
      const ctx = await statusContext({ store }, null, origin, [card]);
      return JSON.stringify(reblogStatus(ctx, card, booster, at));
    }),
  };
}
