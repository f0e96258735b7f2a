import type { PublicUser } from '../../../shared/public-user.js';

/** A block hides two members from each other, a mute one from the other (domain/relations.ts). */
export type RelationKind = 'block' | 'mute';

/** A member I blocked or muted, and since when. */
export type RelationRow = PublicUser & { since: number };

/**
 * What stands between a member and another: a block either way, or the other's content hidden from the
 * member otherwise (the member muted them, or they are suspended).
 */
export type Barrier = { id: string; blocked: boolean; hidden: boolean };

/** Blocks and mutes. */
export type RelationReads = {
  /** Whom the member blocked or muted, most recent first, at most `limit`. */
  list(memberId: string, kind: RelationKind, limit: number): Promise<RelationRow[]>;
  /** Whether the post exists and its author is not hidden from the viewer. */
  postVisible(viewerId: string | null, postId: string): Promise<boolean>;
};

/** Blocks and mutes. */
export type RelationWrites = {
  /** Records that `fromId` blocks or mutes `toId`; nothing when it already does. */
  add(kind: RelationKind, fromId: string, toId: string, at: number): Promise<void>;
  remove(kind: RelationKind, fromId: string, toId: string): Promise<void>;
  /** Those of `memberIds` with a barrier between `actorId` and them; the others are left out. */
  barriers(actorId: string, memberIds: string[]): Promise<Barrier[]>;
};
