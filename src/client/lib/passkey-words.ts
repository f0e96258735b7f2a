/**
 * WebAuthn's JSON as one library declares it and the other reads it: the server's and the browser's
 * SimpleWebAuthn declare the same shapes in types of their own, which TypeScript will not match.
 */
export const webauthnJson = <T>(value: unknown): T => value as T;

/** What a failed passkey ceremony says: the browser's refusals in words, the server's as it wrote them. */
export function passkeyProblem(error: unknown, serverText: (error: unknown) => string): string {
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'The passkey was not used: the request was cancelled or timed out.';
  }
  if (error instanceof Error && error.name === 'InvalidStateError') {
    return 'This passkey is already registered for your account.';
  }
  if (error instanceof Error && /WebAuthn|not supported/i.test(error.message)) {
    return 'This browser cannot use passkeys here.';
  }
  return serverText(error);
}
