import type { RelationKind, RelationRow, Store, Tx } from '../store/store.js';
import type { Actor } from './auth.js';
import { findUserIdByUsername } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound } from './errors.js';
import { lockBoth } from './follow.js';
import { withdrawFollow } from './notifications.js';
import { isoTime, type RelationsView } from './views.js';

// Block and mute (docs/decisions/0004-community-moderation.md). A block hides two members from each other
// everywhere (every read leaves out the other's posts, comments and notifications: store/*/relations.ts says
// whom a viewer does not see) and refuses what one would do to the other: follow, comment, like, vote,
// bookmark, mention. A mute hides the muted member from me alone; they notice nothing and may still do
// everything. Both are undone in /settings.

/** How many of each kind /settings lists. */
const listedMax = 500;

async function requireOther(store: Store, actor: Actor, kind: RelationKind, username: string) {
  const targetId = await findUserIdByUsername(store, username);
  if (!targetId) throw notFound(messages.userNotFound);
  if (targetId === actor.id) throw badRequest(kind === 'block' ? messages.blockSelf : messages.muteSelf);
  return targetId;
}

/** What each sees of the other's notifications changed: their bells count again (a mute's, the muter's only). */
function bellsChanged(tx: Tx, actor: Actor, kind: RelationKind, targetId: string) {
  tx.live.emit({ type: 'notifications', memberId: actor.id });
  if (kind === 'block') tx.live.emit({ type: 'notifications', memberId: targetId });
}

/**
 * Block: both ways hidden, follows both ways removed, each as an unfollow removes it (the follower count
 * moves back, the follow notification goes). Mute: hidden from me alone. Idempotent.
 */
export async function relate(
  store: Store,
  actor: Actor,
  kind: RelationKind,
  username: string,
): Promise<void> {
  const targetId = await requireOther(store, actor, kind, username);
  await store.write(async (tx) => {
    // Locked as a follow locks them, so a follow at the same moment either comes first and is removed here,
    // or comes after and is refused.
    await lockBoth(tx, actor.id, targetId);
    const at = now();
    await tx.relations.add(kind, actor.id, targetId, at);
    if (kind === 'block') {
      for (const [followerId, followeeId] of [
        [actor.id, targetId],
        [targetId, actor.id],
      ] as const) {
        if (!(await tx.follows.has(followerId, followeeId))) continue;
        await tx.follows.remove(followerId, followeeId, at);
        await withdrawFollow(tx, followerId, followeeId);
      }
    }
    bellsChanged(tx, actor, kind, targetId);
  });
}

/** Undoes a block or a mute: the other's content shows again; follows do not come back. Idempotent. */
export async function unrelate(
  store: Store,
  actor: Actor,
  kind: RelationKind,
  username: string,
): Promise<void> {
  const targetId = await requireOther(store, actor, kind, username);
  await store.write(async (tx) => {
    await tx.relations.remove(kind, actor.id, targetId);
    bellsChanged(tx, actor, kind, targetId);
  });
}

/** Whom I blocked and muted, most recent first (at most 500 of each). */
export async function relationsOf(store: Store, actor: Actor): Promise<RelationsView> {
  const [blocked, muted] = await Promise.all([
    store.read.relations.list(actor.id, 'block', listedMax),
    store.read.relations.list(actor.id, 'mute', listedMax),
  ]);
  const view = (rows: RelationRow[]) =>
    rows.map(({ since, ...user }) => ({ ...user, since: isoTime(since) }));
  return { blocked: view(blocked), muted: view(muted) };
}
