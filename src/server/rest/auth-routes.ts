import type { FastifyInstance } from 'fastify';
import { limits } from '../../shared/limits.js';
import { signupWithInviteInput } from '../../shared/community-schemas.js';
import { loginInput } from '../../shared/schemas.js';
import { login, signup } from '../domain/auth.js';
import { badRequest, DomainError } from '../domain/errors.js';
import type { SignInLimits } from '../domain/sign-in-limits.js';
import { bodyOf, parse, type RestDeps } from './request.js';
import { legacyUser } from './user-views.js';

// Keys signup understands (the invite code too: it is redeemed, never kept), and keys no extra field may ever
// set (docs/differences-from-the-mock.md item 6).
const known = new Set(Object.keys(signupWithInviteInput.shape));
const protectedKeys = new Set([
  '_id',
  'id',
  'followers',
  'following',
  'bookmarks',
  'createdAt',
  'updatedAt',
  'followerCount',
  'usernameKey',
  'extra',
]);
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Extras are shown to everyone with the profile, so anything that looks like a secret is never kept:
// a signup form's `confirmPassword` must not end up public, nor an `email` (a member's email is private).
const secretLooking = /pass|secret|token|hash|e-?mail/i;

/**
 * Spec section 3: "Signup accepts any extra fields and stores them", within the limits of
 * docs/differences-from-the-mock.md items 6 and 12: flat values only, because the filters above cannot see
 * inside an object or a list (`{"form": {"password": ...}}`).
 */
function extraFields(body: Record<string, unknown>, password: string): Record<string, unknown> {
  const extra = Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) =>
        !known.has(key) && !protectedKeys.has(key) && !secretLooking.test(key) && value !== password,
    ),
  );
  for (const [key, value] of Object.entries(extra)) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      throw badRequest(`The extra field "${key}" must be a string, a number or true/false.`);
    }
    // As every stored text (shared/schemas.ts): PostgreSQL cannot store U+0000.
    if (`${key}${String(value)}`.includes('\u0000')) {
      throw badRequest(`The extra field "${key}" must not contain the NUL character (U+0000).`);
    }
    // Extras are kept as JSON text, where half of a UTF-16 surrogate pair is an escape PostgreSQL refuses.
    if (loneSurrogate.test(`${key}${String(value)}`)) {
      throw badRequest(`The extra field "${key}" must be valid Unicode text.`);
    }
  }
  if (
    Object.keys(extra).length > limits.signupExtraKeys ||
    Buffer.byteLength(JSON.stringify(extra)) > limits.signupExtraBytes
  ) {
    throw badRequest(
      `Signup accepts at most ${limits.signupExtraKeys} extra fields of ${limits.signupExtraBytes / 1024} KB in all.`,
    );
  }
  return extra;
}

/** What REST login answers (401), once the password was right, for an account with a second factor. */
export const secondFactorOnTheWeb = 'This account uses two-factor authentication. Please sign in on the web.';

/** Each attempt counts against the client's address before its input is checked (sign-in-limits.ts). */
export function authRoutes(app: FastifyInstance, deps: RestDeps, limits: SignInLimits) {
  app.post('/auth/signup', async (request, reply) => {
    await limits.countAttempt(request.ip);
    const body = bodyOf(request);
    const { inviteCode, ...input } = parse(signupWithInviteInput, body);
    // Registration is obeyed as on tRPC; its refusals are 403s in the spec's `{ errors }`. The answer
    // keeps the spec's two keys (a pending account shows as such when it calls anything else).
    const { userId, token } = await signup(deps.store, deps.keys, input, extraFields(body, input.password), {
      registrationDefault: deps.registrationDefault,
      inviteCode,
      fromName: true,
    });
    return reply.code(201).send({ createdUser: await legacyUser(deps, userId, userId), encodedToken: token });
  });

  app.post('/auth/login', async (request) => {
    await limits.countAttempt(request.ip);
    const input = parse(loginInput, bodyOf(request));
    const result = await login(deps.store, deps.keys, input, limits, deps.factors);
    // The contract has no second step: such an account signs in on the web (docs/api.md).
    if (!('token' in result)) throw new DomainError(401, secondFactorOnTheWeb, 'UNAUTHORIZED');
    return { foundUser: await legacyUser(deps, result.userId, result.userId), encodedToken: result.token };
  });
}
