import { TRPCClientError } from '@trpc/client';

/** What a signed-in tab may show. Only an active member sees the app; the others see why not. */
export type AccountState = 'active' | 'pending' | 'suspended';

/**
 * The server's refusals that say the account itself cannot act (server/domain/errors.ts `messages.pending`
 * and `messages.suspended`; tests/client/account-state.test.ts keeps the two in step). Other 403s (a block,
 * a moderator's rule) are about one action and leave the account as it is.
 */
export const accountStateMessages = {
  pending: 'Your account is waiting for a moderator to approve it.',
  suspended: 'Your account is suspended by the moderators of this instance.',
} as const;

/** The account state a refusal's message reveals, if it is one of the two above. */
export function accountStateOfMessage(message: string): 'pending' | 'suspended' | null {
  if (message === accountStateMessages.pending) return 'pending';
  if (message === accountStateMessages.suspended) return 'suspended';
  return null;
}

/**
 * What a failed call means for this tab's session: 'ended' (the token no longer works: a password change,
 * "sign out everywhere", a deleted account), 'pending' or 'suspended', or nothing. `sentToken` is the token
 * the call carried: a call that went out with a token since replaced (this tab changed its password) says
 * nothing about the session now.
 */
export function sessionEffectOf(
  error: unknown,
  sentToken: string | null | undefined,
  currentToken: string | null,
): 'ended' | 'pending' | 'suspended' | null {
  if (!(error instanceof TRPCClientError) || !currentToken) return null;
  if (sentToken !== undefined && sentToken !== currentToken) return null;
  const code = (error.data as { code?: string } | undefined)?.code;
  if (code === 'UNAUTHORIZED') return 'ended';
  if (code === 'FORBIDDEN') return accountStateOfMessage(error.message);
  return null;
}
