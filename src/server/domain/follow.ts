import type { Store, Tx } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { blockedAmong } from './barriers.js';
import { badRequest, forbidden, messages, notFound } from './errors.js';
import { notify, withdrawFollow } from './notifications.js';

/**
 * Locks both members until the write ends (PostgreSQL; SQLite's writer holds them all), so that two follows
 * of one member at once take turns. Always in the order of their ids: two members following each other at
 * once would otherwise each hold the row the other waits for, a deadlock PostgreSQL breaks only after a
 * second. The actor exists (their token resolved); the target must.
 */
export async function lockBoth(tx: Tx, actorId: string, targetId: string): Promise<void> {
  for (const id of [actorId, targetId].sort()) {
    if (!(await tx.members.lock(id)) && id === targetId) throw notFound(messages.userNotFound);
  }
}

/**
 * Spec section 4: follow adds the target to my following and me to their followers. Not while a block
 * stands between us, either way (403).
 */
export async function follow(store: Store, actor: Actor, targetId: string): Promise<void> {
  await store.write(async (tx) => {
    await lockBoth(tx, actor.id, targetId);
    if (targetId === actor.id) throw badRequest(messages.followSelf);
    if ((await blockedAmong(tx, actor.id, [targetId])).size > 0) throw forbidden(messages.blocked);
    if (await tx.follows.has(actor.id, targetId)) throw badRequest(messages.alreadyFollowing);
    const at = now();
    await tx.follows.add(actor.id, targetId, at);
    const notice = { recipientId: targetId, actorId: actor.id, postId: null, commentId: null, at };
    await notify(tx, { ...notice, kind: 'follow' });
  });
}

export async function unfollow(store: Store, actor: Actor, targetId: string): Promise<void> {
  await store.write(async (tx) => {
    await lockBoth(tx, actor.id, targetId);
    if (!(await tx.follows.has(actor.id, targetId))) throw badRequest(messages.notFollowing);
    await tx.follows.remove(actor.id, targetId, now());
    await withdrawFollow(tx, actor.id, targetId);
  });
}
