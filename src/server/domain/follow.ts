import type { Store, Tx } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound } from './errors.js';

/** The member, locked until the write ends: two follows of one member at once take turns (PostgreSQL). */
async function requireMember(tx: Tx, userId: string): Promise<void> {
  if (!(await tx.members.lock(userId))) throw notFound(messages.userNotFound);
}

/** Spec section 4: follow adds the target to my following and me to their followers. */
export async function follow(store: Store, actor: Actor, targetId: string): Promise<void> {
  await store.write(async (tx) => {
    await requireMember(tx, targetId);
    if (targetId === actor.id) throw badRequest(messages.followSelf);
    if (await tx.follows.has(actor.id, targetId)) throw badRequest(messages.alreadyFollowing);
    await tx.follows.add(actor.id, targetId, now());
  });
}

export async function unfollow(store: Store, actor: Actor, targetId: string): Promise<void> {
  await store.write(async (tx) => {
    await requireMember(tx, targetId);
    if (!(await tx.follows.has(actor.id, targetId))) throw badRequest(messages.notFollowing);
    await tx.follows.remove(actor.id, targetId, now());
  });
}
