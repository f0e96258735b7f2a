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

/** What stands between the viewer and a member, both ways, as Mastodon's Relationship tells it. */
export type RelationshipRow = {
  id: string;
  following: boolean;
  /** The viewer follows them with "Hide boosts" on. */
  hideBoosts: boolean;
  followedBy: boolean;
  blocking: boolean;
  blockedBy: boolean;
  muting: boolean;
};

/** One side of a member's follows: their followers, or whom they follow. */
export type FollowSide = 'followers' | 'following';

/** A page of a follow list: newest first below `before`, above `after`; `oldestFirst` reads up from `after`. */
export type FollowPageQuery = {
  before: [number, string] | null;
  after: [number, string] | null;
  oldestFirst: boolean;
  limit: number;
};

/** Blocks and mutes. */
export type RelationReads = {
  /** The viewer's relationship with each of these members; ids nobody has are left out. */
  relationships(viewerId: string, memberIds: string[]): Promise<RelationshipRow[]>;
  /**
   * A page of the member's followers or followings, by (follow time, other member's id), leaving out the
   * members hidden from the viewer (blocked either way, muted, suspended); the follows indexes serve it.
   */
  followPage(
    viewerId: string | null,
    memberId: string,
    side: FollowSide,
    query: FollowPageQuery,
  ): Promise<{ id: string; since: number }[]>;
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
