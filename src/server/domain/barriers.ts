import type { Tx } from '../store/store.js';
import { forbidden, messages, notFound } from './errors.js';

// Issue 17: what a block refuses. Neither member may follow, comment on, like, dislike, vote on, bookmark
// or mention the other's content; each rule asks here, inside its write, before it changes anything.

/**
 * What a member may not do to another's content (issue 17): refused with 403 when a block stands between
 * them either way, and "not found" when the other is suspended (their content is hidden from everyone).
 * `members` are the content's authors with the message of their own "not found"; an actor's own content
 * passes.
 */
export async function requireReachable(
  tx: Tx,
  actorId: string,
  members: { id: string; notFound: string }[],
): Promise<void> {
  const others = members.filter((member) => member.id !== actorId);
  if (others.length === 0) return;
  const barriers = await tx.relations.barriers(
    actorId,
    others.map((member) => member.id),
  );
  if (barriers.some((barrier) => barrier.blocked)) throw forbidden(messages.blocked);
  const suspended = new Set(barriers.filter((barrier) => barrier.suspended).map((barrier) => barrier.id));
  const gone = others.find((member) => suspended.has(member.id));
  if (gone) throw notFound(gone.notFound);
}

/** Those of `memberIds` whom a block separates from the actor, either way. */
export async function blockedAmong(tx: Tx, actorId: string, memberIds: string[]): Promise<Set<string>> {
  const barriers = await tx.relations.barriers(actorId, memberIds);
  return new Set(barriers.filter((barrier) => barrier.blocked).map((barrier) => barrier.id));
}
