import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  accountStateMessages,
  accountStateOfMessage,
  sessionEffectOf,
} from '../../src/client/lib/account-state.js';
import { messages } from '../../src/server/domain/errors.js';

// What a failed call means for a signed-in tab (src/client/lib/account-state.ts): the session ended, the
// account waits for approval or is suspended, or nothing at all.

const refusal = (code: string, message: string) =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code } } });

describe("a tab's account state", () => {
  it("knows the server's two account messages word for word", () => {
    expect(accountStateMessages).toEqual({ pending: messages.pending, suspended: messages.suspended });
    expect(accountStateOfMessage(messages.pending)).toBe('pending');
    expect(accountStateOfMessage(messages.suspended)).toBe('suspended');
    expect(accountStateOfMessage(messages.blocked)).toBeNull();
    expect(accountStateOfMessage('')).toBeNull();
  });

  it('ends the session at a 401 sent with the current token, or with a token it cannot tell', () => {
    const error = refusal('UNAUTHORIZED', messages.invalidToken);
    expect(sessionEffectOf(error, 'token-1', 'token-1')).toBe('ended');
    expect(sessionEffectOf(error, undefined, 'token-1')).toBe('ended');
  });

  it('ignores a 401 for a token this tab has since replaced (its own password change), or when signed out', () => {
    const error = refusal('UNAUTHORIZED', messages.invalidToken);
    expect(sessionEffectOf(error, 'old-token', 'new-token')).toBeNull();
    expect(sessionEffectOf(error, 'token-1', null)).toBeNull();
  });

  it('shows the waiting or suspended screen at their 403, and nothing at any other 403', () => {
    expect(sessionEffectOf(refusal('FORBIDDEN', messages.pending), 't', 't')).toBe('pending');
    expect(sessionEffectOf(refusal('FORBIDDEN', messages.suspended), 't', 't')).toBe('suspended');
    expect(sessionEffectOf(refusal('FORBIDDEN', messages.blocked), 't', 't')).toBeNull();
    expect(sessionEffectOf(refusal('FORBIDDEN', messages.moderatorsOnly), 't', 't')).toBeNull();
  });

  it('leaves the session alone for other failures', () => {
    expect(sessionEffectOf(refusal('NOT_FOUND', messages.postNotFound), 't', 't')).toBeNull();
    expect(sessionEffectOf(refusal('INTERNAL_SERVER_ERROR', messages.unexpected), 't', 't')).toBeNull();
    expect(sessionEffectOf(new Error('offline'), 't', 't')).toBeNull();
  });
});
