import type { EmailTokenPurpose, EmailTokenRow, Tx } from '../store/store.js';
import { now } from './clock.js';
import { hashSecret, newSecret } from './oauth-secrets.js';

// The links Realm mails (docs/mail.md): a token of 32 random bytes in the link's fragment, kept only as its
// SHA-256, so neither a copy of the database nor a log of requests opens an account. Each is spent once.

/** How long a link works: a reset one hour (a mailbox may be read by others later), a confirmation a week. */
export const linkLifetimeMs: Record<EmailTokenPurpose, number> = {
  reset: 60 * 60_000,
  confirm: 7 * 24 * 60 * 60_000,
};

/**
 * Makes a link for `purpose` to `email` inside `tx` and answers its token, the only copy. A new confirmation
 * spends the member's earlier ones (only the latest address asked for may be confirmed); reset links stay
 * valid side by side until one is used (a mail may arrive late or out of order).
 */
export async function issueLink(
  tx: Tx,
  memberId: string,
  purpose: EmailTokenPurpose,
  email: string,
): Promise<string> {
  const at = now();
  if (purpose === 'confirm') await tx.emailTokens.spendAll(memberId, purpose, at);
  const token = newSecret();
  await tx.emailTokens.insert({
    tokenHash: hashSecret(token),
    memberId,
    purpose,
    email,
    createdAt: at,
    expiresAt: at + linkLifetimeMs[purpose],
    usedAt: null,
  });
  return token;
}

/**
 * Spends the link whose token is `token`, when it is for `purpose` and still good; undefined when it is
 * unknown, spent, expired or for another purpose (the caller says so in one message for all four).
 */
export async function takeLink(
  tx: Tx,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenRow | undefined> {
  if (token.length > 100) return undefined;
  return tx.emailTokens.take(hashSecret(token), purpose, now());
}
