import type { PublicUser } from '../../../shared/public-user.js';

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

/** Invite codes. */
export type InviteReads = {
  /** The code's creator, if the code exists. */
  creatorOf(code: string): Promise<string | undefined>;
  /** The member's codes, newest first, at most `limit`. */
  byCreator(creatorId: string, limit: number): Promise<InviteRow[]>;
  /** How many of the member's codes are live at `at`: not expired, and a use left. */
  liveCount(creatorId: string, at: number): Promise<number>;
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
