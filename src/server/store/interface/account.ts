import type { PublicUser } from '../../../shared/public-user.js';
import type { AccountState, Role } from './members.js';

/** The signed-in member as account.me shows them: their own email too (private to them). */
export type AccountRow = PublicUser & {
  role: Role;
  status: AccountState;
  email: string | null;
  handleChangesLeft: number;
};

/** What account.export reads, each list newest first and at most the limit asked for. */
export type ArchiveRows = {
  profile: (PublicUser & { bio: string; link: string; profileBanner: string; createdAt: number }) | undefined;
  posts: {
    id: string;
    content: string;
    createdAt: number;
    updatedAt: number;
    editedAt: number | null;
    likeCount: number;
  }[];
  comments: {
    id: string;
    postId: string;
    text: string;
    createdAt: number;
    updatedAt: number;
    editedAt: number | null;
  }[];
  bookmarks: { postId: string; bookmarkedAt: number }[];
  following: { username: string; since: number }[];
  followers: { username: string; since: number }[];
};

/** A member's own account, as they see and export it. */
export type AccountReads = {
  view(id: string): Promise<AccountRow | undefined>;
  /** Only to check a password the member typed; never answered to anyone. */
  passwordHash(id: string): Promise<string | undefined>;
  /** Six statements, whatever the member wrote: the profile, then each list up to `limit` entries. */
  archive(id: string, limit: number): Promise<ArchiveRows>;
  /** Mastodon's home marker: the status id an app last read to, and when it was saved; undefined: none. */
  homeMarker(id: string): Promise<{ statusId: string; at: number } | undefined>;
};

export type AccountWrites = {
  /**
   * Moves the member's token version on by one, so every token signed before stops working, and answers the
   * new version (undefined: no such member). With `password`, sets the new hash in the same statement, but
   * only while the hash is still `from` (a password changed meanwhile elsewhere: undefined, nothing written).
   */
  endSessions(id: string, password?: { from: string; to: string; at: number }): Promise<number | undefined>;
  setHomeMarker(id: string, statusId: string, at: number): Promise<void>;
};
