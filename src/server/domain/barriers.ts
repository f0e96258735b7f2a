import type { Tx } from '../store/store.js';
import { forbidden, messages, notFound } from './errors.js';

// What a block refuses, and what is not there for a member. Neither member of a block may
// follow, comment on, like, dislike, vote on, bookmark or mention the other's content (403, the block's
// message); and content hidden from a member otherwise (they muted its author, or its author is suspended)
// is "not found" to their writes as to their reads. Each rule asks here, inside its write, before it
// changes anything: so no write answers with a card its caller may not see.

/**
 * Refuses the actor's write on content by `members` (a post's author, a comment's), each with the message
 * of its own "not found"; the actor's own content passes.
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
  const hidden = new Set(barriers.map((barrier) => barrier.id));
  const gone = others.find((member) => hidden.has(member.id));
  if (gone) throw notFound(gone.notFound);
}

/** Those of `memberIds` whom a block separates from the actor, either way. */
export async function blockedAmong(tx: Tx, actorId: string, memberIds: string[]): Promise<Set<string>> {
  const barriers = await tx.relations.barriers(actorId, memberIds);
  return new Set(barriers.filter((barrier) => barrier.blocked).map((barrier) => barrier.id));
}
