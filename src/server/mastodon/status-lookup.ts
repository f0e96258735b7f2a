import { DomainError } from '../domain/errors.js';
import type { CommentView, PostCard } from '../domain/views.js';
import type { Store } from '../store/store.js';
import { commentStatus, postStatus, reblogStatus, type MastodonStatus } from './entities/status.js';
import { decodeId, encodeId, type DecodedId } from './ids.js';
import { statusCards, statusContext } from './statuses-view.js';

// A status by its id (ids.ts): a post, a comment or a boost, read as the web app reads it, so an author
// hidden from the reader (block either way, mute, suspension) or a post that is gone is Mastodon's 404.

export const recordNotFound = () => new DomainError(404, 'Record not found', 'NOT_FOUND');

export type FoundStatus =
  | { kind: 'post'; card: PostCard }
  | { kind: 'boost'; card: PostCard; boostedAt: number }
  | { kind: 'comment'; comment: CommentView; post: PostCard };

/** The id as ours, or 404: text of another shape names nothing here. */
export function decodeStatusId(id: string): DecodedId & { id: string } {
  const decoded = decodeId(id);
  if (!decoded || decoded.kind === 'notification') throw recordNotFound();
  return { ...decoded, id };
}

const sameTime = (decoded: DecodedId, iso: string) => Date.parse(iso) === decoded.time;

async function visibleCard(store: Store, viewerId: string | null, postId: string, boosterId?: string) {
  const [card] = await statusCards(store, viewerId, [postId], boosterId ? [boosterId] : []);
  return card;
}

/** The comment, read from its post's thread (which leaves out authors hidden from the reader). */
async function visibleComment(store: Store, viewerId: string | null, postId: string, decoded: DecodedId) {
  const rows = await store.read.cards.thread(viewerId, postId, [decoded.time, '']);
  const row = rows[0];
  if (!row || row.id !== decoded.uuid) return undefined;
  return JSON.parse(row.json) as CommentView;
}

export async function findStatus(
  store: Store,
  viewerId: string | null,
  decoded: DecodedId,
): Promise<FoundStatus> {
  if (decoded.kind === 'comment') {
    const row = await store.read.interactions.comment(decoded.uuid);
    const post = row?.createdAt === decoded.time && (await visibleCard(store, viewerId, row.postId));
    const comment = post && (await visibleComment(store, viewerId, post.id, decoded));
    if (!post || !comment) throw recordNotFound();
    return { kind: 'comment', comment, post };
  }
  if (decoded.kind === 'boost') {
    const booster = await store.read.interactions.boosterAt(viewerId, decoded.uuid, decoded.time);
    const card = booster && (await visibleCard(store, viewerId, decoded.uuid, booster));
    if (!card || !card.boostedBy) throw recordNotFound();
    return { kind: 'boost', card, boostedAt: decoded.time };
  }
  const card = await visibleCard(store, viewerId, decoded.uuid);
  // The same post under another time is no id of ours: apps must see one id per status.
  if (!card || !sameTime(decoded, card.createdAt)) throw recordNotFound();
  return { kind: 'post', card };
}

/** The post an action (like, boost, bookmark, reply) is about: a post, or the post a boost shares. */
export async function findPostFor(store: Store, viewerId: string | null, id: string): Promise<PostCard> {
  const found = await findStatus(store, viewerId, decodeStatusId(id));
  return found.kind === 'comment' ? found.post : found.card;
}

/** The status as Mastodon's entity, with the page context it needs (its accounts, the post it quotes). */
export async function statusOf(
  store: Store,
  viewerId: string | null,
  origin: string,
  found: FoundStatus,
): Promise<MastodonStatus> {
  if (found.kind === 'comment') {
    const ctx = await statusContext({ store }, viewerId, origin, [found.post], [found.comment]);
    return commentStatus(ctx, found.comment, { ...found.post, authorId: found.post.author.id });
  }
  const ctx = await statusContext({ store }, viewerId, origin, [found.card]);
  if (found.kind === 'boost' && found.card.boostedBy) {
    return reblogStatus(ctx, found.card, found.card.boostedBy, found.boostedAt);
  }
  return postStatus(ctx, found.card);
}

/** A post's status after a write: read again for the reader, as the web app's writes answer the card. */
export async function postStatusAfterWrite(
  store: Store,
  viewerId: string,
  origin: string,
  postId: string,
): Promise<MastodonStatus> {
  const [card] = await statusCards(store, viewerId, [postId]);
  if (!card) throw recordNotFound();
  return statusOf(store, viewerId, origin, { kind: 'post', card });
}

export const postIdOf = (card: { id: string; createdAt: string }) =>
  encodeId('post', card.createdAt, card.id);
