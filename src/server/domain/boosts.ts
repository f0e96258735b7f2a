import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages } from './errors.js';
import { lockBoth } from './follow.js';
import { notify, withdrawBoost } from './notifications.js';
import { requireReachablePost } from './posts.js';

// A boost shares a post with the booster's followers: it puts the post in their home feeds at the time of
// the boost (docs/decisions/0011-boosts-in-the-home-feed.md). Refused as a like is across a block (403) and
// on a post hidden from the booster (404); one's own post is refused too, as nobody needs to share it twice.

export async function boostPost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    const post = await requireReachablePost(tx, actor.id, postId);
    if (post.authorId === actor.id) throw badRequest(messages.boostOwnPost);
    if (await tx.boosts.has(postId, actor.id)) throw badRequest(messages.alreadyBoosted);
    const at = now();
    await tx.boosts.add(postId, actor.id, at);
    const notice = { recipientId: post.authorId, actorId: actor.id, postId, commentId: null, at };
    await notify(tx, { ...notice, kind: 'boost' });
    tx.live.emit({ type: 'boost', postId, boosterId: actor.id, authorId: post.authorId, at });
    tx.live.emit({ type: 'post-changed', postId });
  });
}

/** Undo: the boost leaves the feeds it was in and the author's boost notification, as an unlike does. */
export async function unboostPost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    const post = await requireReachablePost(tx, actor.id, postId);
    if (!(await tx.boosts.has(postId, actor.id))) throw badRequest(messages.notBoosted);
    const at = await tx.boosts.remove(postId, actor.id);
    await withdrawBoost(tx, actor.id, post);
    if (at !== undefined) tx.live.emit({ type: 'unboost', postId, boosterId: actor.id, at });
    tx.live.emit({ type: 'post-changed', postId });
  });
}

/** "Hide boosts" / "Show boosts" on a member I follow: whether their boosts come to my home feed. */
export async function setBoostsHidden(
  store: Store,
  actor: Actor,
  followeeId: string,
  hidden: boolean,
): Promise<void> {
  await store.write(async (tx) => {
    await lockBoth(tx, actor.id, followeeId);
    if (!(await tx.follows.has(actor.id, followeeId))) throw badRequest(messages.notFollowingForBoosts);
    await tx.boosts.setHidden(actor.id, followeeId, hidden);
  });
}
