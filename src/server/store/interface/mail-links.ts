/** A link mailed to a member (domain/mail-links.ts), as kept: its token only as SHA-256 (hex). */
export type EmailTokenRow = {
  tokenHash: string;
  memberId: string;
  purpose: EmailTokenPurpose;
  /** The address the link was sent to; for 'confirm', the address it confirms. */
  email: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
};

/** 'confirm': confirms `email` as the member's address; 'reset': lets them choose a new password. */
export type EmailTokenPurpose = 'confirm' | 'reset';

export type EmailTokenReads = {
  /** The member's newest link for `purpose` that is neither used nor expired at `at`. */
  pending(memberId: string, purpose: EmailTokenPurpose, at: number): Promise<EmailTokenRow | undefined>;
};

export type EmailTokenWrites = {
  insert(row: EmailTokenRow): Promise<void>;
  /**
   * Spends the link with this hash, when it is for `purpose`, unused and unexpired at `at`, and answers it;
   * undefined (nothing written) otherwise. Two takers of one link: one gets it.
   */
  take(tokenHash: string, purpose: EmailTokenPurpose, at: number): Promise<EmailTokenRow | undefined>;
  /** Spends every unused link of the member's for `purpose` (a newer one replaces them, or one was used). */
  spendAll(memberId: string, purpose: EmailTokenPurpose, at: number): Promise<void>;
};

/** The browsers and apps a member signed in from, by a hash of their key, for the notice of a new sign-in. */
export type KnownDeviceWrites = {
  /** Notes a sign-in from `deviceKey` at `at`; true when the member had not signed in from it before. */
  seen(memberId: string, deviceKey: string, at: number): Promise<boolean>;
};
