/** A member's passkey as kept (domain/passkeys.ts): the public half only, never a secret. */
export type PasskeyRow = {
  id: string;
  memberId: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  /** Comma-separated, as the authenticator named them ('' for none). */
  transports: string;
  createdAt: number;
  lastUsedAt: number | null;
};

/** Passkeys (WebAuthn credentials). */
export type PasskeyReads = {
  /** The member's passkeys, oldest first. */
  byMember(memberId: string): Promise<PasskeyRow[]>;
  /** The passkey with this credential id, whoever's it is. */
  find(id: string): Promise<PasskeyRow | undefined>;
};

export type PasskeyWrites = {
  /** False, and nothing written, when a passkey with this credential id exists. */
  insert(row: PasskeyRow): Promise<boolean>;
  /** Keeps the counter the authenticator reported and when it signed in. */
  used(id: string, counter: number, at: number): Promise<void>;
  /** Removes the member's passkey; whether there was one. */
  remove(memberId: string, id: string): Promise<boolean>;
};
