/** A member's TOTP second factor, as kept: the secret sealed, never answered to anyone. */
export type TotpRow = { sealedSecret: string; lastStep: number; enabledAt: number };

/** Second factors (domain/second-factor.ts). */
export type SecondFactorReads = {
  /** The member's TOTP factor, if it is on. */
  totp(memberId: string): Promise<TotpRow | undefined>;
  /** How many of the member's recovery codes are still unused. */
  recoveryCodesLeft(memberId: string): Promise<number>;
};

export type SecondFactorWrites = {
  /**
   * Turns the factor on with its recovery codes' hashes, `lastStep` the step of the code that confirmed it;
   * false, and nothing written, when the member has one already.
   */
  enable(memberId: string, row: TotpRow, recoveryHashes: string[]): Promise<boolean>;
  /** Records `step` as used if it is later than the last one used; whether it was (one statement). */
  useStep(memberId: string, step: number): Promise<boolean>;
  /** Deletes the member's recovery code with this hash; whether there was one (one statement). */
  useRecoveryCode(memberId: string, codeHash: string): Promise<boolean>;
  /** Turns the factor off, with its recovery codes; whether it was on. */
  disable(memberId: string): Promise<boolean>;
};
