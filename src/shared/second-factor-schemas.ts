import { z } from 'zod';

// Inputs of second factors (docs/security.md, "Second factors"): a code is six digits from an authenticator
// app or a recovery code (spaces and dashes allowed, as written on the sheet).

export const secondFactorCode = z
  .string({ error: 'A code is required.' })
  .trim()
  .min(1, 'Enter the code from your app or a recovery code.')
  .max(40, 'A code is at most 40 characters.');

const sealed = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .min(1, `${what} is required.`)
    .max(2000, `${what} is too long.`);

const password = z
  .string({ error: 'The password is required.' })
  .min(1, 'The password is required.')
  .max(1000, 'The password is at most 1000 characters.');

export const secondStepInput = z.object({ ticket: sealed('The sign-in ticket'), code: secondFactorCode });
export const confirmTotpInput = z.object({
  enrolment: sealed('The setup'),
  code: secondFactorCode,
  password,
});
export const disableTotpInput = z.object({ code: secondFactorCode, password });

/** A WebAuthn answer as @simplewebauthn/browser gives it; its contents are checked by the server's library. */
const webauthnAnswer = z.looseObject({
  id: z.string({ error: 'The passkey answer is missing.' }).min(1).max(1500),
  type: z.literal('public-key', { error: 'The passkey answer is not a public key.' }),
  response: z.looseObject({ clientDataJSON: z.string().max(4000) }),
});

export const passkeyName = z
  .string({ error: 'A name is required.' })
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(60, 'A name is at most 60 characters.');

export const addPasskeyInput = z.object({
  ticket: sealed('The passkey request'),
  name: passkeyName,
  password,
  response: webauthnAnswer,
});
export const passkeySignInInput = z.object({
  ticket: sealed('The passkey request'),
  response: webauthnAnswer,
});
export const removePasskeyInput = z.object({ id: z.string().min(1).max(1500) });
