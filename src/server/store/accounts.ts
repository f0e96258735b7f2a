import type { PublicUser } from '../../shared/public-user.js';
import type { AccountState, Role } from './store.js';

// Issue 17: what the instance's settings, invite codes and a member's own account ask of a database. One
// implementation per engine: sqlite/{instance,invites,account}.ts and postgres/{instance,invites,account}.ts.

export type InstanceReads = {
  /** Every stored setting, by key, each value JSON text (domain/instance-settings.ts reads them). */
  settings(): Promise<Record<string, string>>;
  /** The members of this role, longest-serving first, at most `limit` (the index on role). */
  staff(role: 'admin' | 'moderator', limit: number): Promise<PublicUser[]>;
};

export type InstanceWrites = {
  /** Makes `value` (JSON text) the setting's value. */
  set(key: string, value: string): Promise<void>;
};

export type InviteRow = {
  code: string;
  createdBy: PublicUser;
  createdAt: number;
  /** Null: never expires. */
  expiresAt: number | null;
  /** Null: any number of uses. */
  maxUses: number | null;
  uses: number;
};

export type InviteReads = {
  /** The code's creator, if the code exists. */
  creatorOf(code: string): Promise<string | undefined>;
  /** The member's codes, newest first, at most `limit`. */
  byCreator(creatorId: string, limit: number): Promise<InviteRow[]>;
  /** Everyone's codes, newest first, at most `limit` (an admin's list). */
  newest(limit: number): Promise<InviteRow[]>;
};

export type InviteWrites = {
  /** False, and nothing written, when the code exists. */
  insert(row: {
    code: string;
    createdBy: string;
    createdAt: number;
    expiresAt: number | null;
    maxUses: number | null;
  }): Promise<boolean>;
  /**
   * Counts one use of the code if it exists, has not expired at `at` and has a use left; whether it did. One
   * statement, so two signups racing for a last use cannot both have it.
   */
  redeem(code: string, at: number): Promise<boolean>;
  delete(code: string): Promise<void>;
};

/** The signed-in member as account.me shows them. */
export type AccountRow = PublicUser & { role: Role; status: AccountState };

/** What account.export reads, each list newest first and at most the limit asked for. */
export type ArchiveRows = {
  profile: (PublicUser & { bio: string; link: string; profileBanner: string; createdAt: number }) | undefined;
  posts: { id: string; content: string; createdAt: number; updatedAt: number; likeCount: number }[];
  comments: { id: string; postId: string; text: string; createdAt: number; updatedAt: number }[];
  bookmarks: { postId: string; bookmarkedAt: number }[];
  following: { username: string; since: number }[];
  followers: { username: string; since: number }[];
};

export type AccountReads = {
  view(id: string): Promise<AccountRow | undefined>;
  /** Only to check a password the member typed; never answered to anyone. */
  passwordHash(id: string): Promise<string | undefined>;
  /** Six statements, whatever the member wrote: the profile, then each list up to `limit` entries. */
  archive(id: string, limit: number): Promise<ArchiveRows>;
};

export type AccountWrites = {
  /**
   * Moves the member's token version on by one, so every token signed before stops working, and answers the
   * new version (undefined: no such member). With `password`, sets the new hash in the same statement, but
   * only while the hash is still `from` (a password changed meanwhile elsewhere: undefined, nothing written).
   */
  endSessions(id: string, password?: { from: string; to: string; at: number }): Promise<number | undefined>;
};
