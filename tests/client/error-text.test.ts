import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  offlineText,
  serverFailureText,
  signupProblem,
} from '../../src/client/lib/error-text.js';

// What the web app says when a call fails: the words a member reads in every form and toast.

const answered = (message: string, data: Record<string, unknown>) =>
  new TRPCClientError<never>(message, { result: { error: { message, code: -32600, data } } as never });

describe('errorMessage', () => {
  it('says a call that never reached Realm is offline, not "Failed to fetch"', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(offlineText);
    const failed = new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') });
    expect(errorMessage(failed)).toBe(offlineText);
  });

  it("says a server fault is on Realm's side, and keeps a busy server's own words", () => {
    const fault = answered('Something went wrong on our side. Please try again.', { httpStatus: 500 });
    expect(errorMessage(fault)).toBe(serverFailureText);
    const busy = answered('Realm is busy. Try again in 2 seconds.', { httpStatus: 503 });
    expect(errorMessage(busy)).toBe('Realm is busy. Try again in 2 seconds.');
  });

  it("keeps a refusal's own words", () => {
    const refusal = answered('Post content must be 1 to 500 characters.', { httpStatus: 400 });
    expect(errorMessage(refusal)).toBe('Post content must be 1 to 500 characters.');
  });
});

describe('signupProblem', () => {
  it('puts a taken handle next to the Handle field', () => {
    const taken = answered('Unprocessable Entity. Username Already Exists.', {
      httpStatus: 422,
      code: 'CONFLICT',
    });
    expect(signupProblem(taken)).toEqual({
      field: 'username',
      message: 'That handle is taken. Please choose another.',
    });
  });

  it('puts a taken email next to the Email field, with a way to log in', () => {
    const taken = answered('That email is already registered. Log in with it, or use another email.', {
      httpStatus: 422,
      code: 'CONFLICT',
    });
    expect(signupProblem(taken)).toEqual({
      field: 'email',
      message: 'That email is already registered.',
      logIn: true,
    });
  });

  it("puts a rule's own words next to the field it is about", () => {
    const bad = answered('A handle is 1 to 30 letters, digits or underscores (_).', {
      httpStatus: 400,
      issues: [{ path: 'username', message: 'A handle is 1 to 30 letters, digits or underscores (_).' }],
    });
    expect(signupProblem(bad)).toEqual({
      field: 'username',
      message: 'A handle is 1 to 30 letters, digits or underscores (_).',
    });
  });

  it('says offline for the whole form', () => {
    expect(signupProblem(new TypeError('Failed to fetch'))).toEqual({ field: null, message: offlineText });
  });
});
