import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { resolveActor } from '../domain/auth.js';
import { DomainError, messages } from '../domain/errors.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  isDev: false,
  // A bad input answers with its first problem as the message; an unexpected failure never shows its internals
  // (it is logged by the adapter's onError).
  errorFormatter({ shape, error }) {
    const issues = error.cause instanceof ZodError ? error.cause.issues : null;
    return {
      ...shape,
      message:
        error.code === 'INTERNAL_SERVER_ERROR'
          ? messages.unexpected
          : (issues?.[0]?.message ?? shape.message),
      data: {
        ...shape.data,
        issues: issues?.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? null,
      },
    };
  },
});

/**
 * Domain code throws DomainError; callers see the matching tRPC code and the same message. An invalid input
 * says its first problem in plain words, for server-side callers as much as for HTTP clients.
 */
const readableErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? undefined : result.error.cause;
  if (cause instanceof DomainError) throw new TRPCError({ code: cause.kind, message: cause.message, cause });
  if (cause instanceof ZodError) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.issues[0]?.message ?? 'Invalid input', cause });
  }
  return result;
});

/** The most calls one batched tRPC request may carry (each call may be a password check). */
export const maxBatchSize = 10;

/** The longest wait that a refused call asked for (a rate limit, a busy server), for `Retry-After`. */
export function retryAfterOf(errors: TRPCError[]): number | undefined {
  const waits = errors.flatMap((error) =>
    error.cause instanceof DomainError && error.cause.retryAfterSeconds !== undefined
      ? [error.cause.retryAfterSeconds]
      : [],
  );
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone may call it, and no token is even read: login, signup, what the instance says about itself. */
export const anonymousProcedure = t.procedure.use(readableErrors);

/**
 * Anyone may call it; `viewerId` is the signed-in member when a valid token came along, else null. A token
 * that is no longer valid only makes the caller anonymous, but a suspended or pending member is refused
 * (403): they learn why, rather than seeing the instance as a stranger would.
 */
export const publicProcedure = anonymousProcedure.use(async ({ ctx, next }) => {
  const viewer = ctx.authorization
    ? await resolveActor(ctx.store, ctx.keys, ctx.authorization).catch((error: unknown) => {
        if (error instanceof DomainError && error.status === 403) throw error;
        return null;
      })
    : null;
  return next({ ctx: { viewerId: viewer?.id ?? null } });
});

/**
 * Login and signup: each call counts against its client's address before its input is even read, so a batch
 * of calls counts as many attempts as it holds, and the procedure's name however the URL spelled it.
 */
export const signInProcedure = anonymousProcedure.use(async ({ ctx, next }) => {
  await ctx.signInLimits.countAttempt(ctx.clientAddress);
  return next();
});

/**
 * Spec section 6: every write needs a token that resolves to an existing member, and an active one; the
 * role a rule needs is checked inside the rule (domain/roles.ts), as ownership is
 * (docs/decisions/0004-community-moderation.md).
 */
export const protectedProcedure = t.procedure.use(readableErrors).use(async ({ ctx, next }) => {
  const actor = await resolveActor(ctx.store, ctx.keys, ctx.authorization);
  return next({ ctx: { actor } });
});

/** What a member waiting for approval may still call: who they are, and signing out. */
export const pendingAllowedProcedure = t.procedure.use(readableErrors).use(async ({ ctx, next }) => {
  const actor = await resolveActor(ctx.store, ctx.keys, ctx.authorization, { allowPending: true });
  return next({ ctx: { actor } });
});
