import { handleAvailableInput, handleSignupInput } from '../../../shared/community-schemas.js';
import { loginInput } from '../../../shared/schemas.js';
import { passkeySignInInput, secondStepInput } from '../../../shared/second-factor-schemas.js';
import { login, loginSecondStep, loginWithPasskey, signup } from '../../domain/auth.js';
import { beginPasskeySignIn } from '../../domain/passkeys.js';
import { profileById } from '../../domain/people.js';
import { handleAvailability } from '../../domain/handles.js';
import { anonymousProcedure, router, signInProcedure } from '../init.js';
import { relyingPartyOf } from './passkeys.js';

// Both answers carry the account's `status`; a 'pending' one waits for a moderator's approval.
export const authRouter = router({
  signup: signInProcedure.input(handleSignupInput).mutation(async ({ ctx, input }) => {
    const { inviteCode, ...fields } = input;
    const { userId, token, status } = await signup(
      ctx.store,
      ctx.keys,
      fields,
      {},
      {
        registrationDefault: ctx.registrationDefault,
        inviteCode,
      },
    );
    return { token, status, user: await profileById(ctx.store, userId, userId) };
  }),
  /** Whether a handle may be signed up with, or why not; asked as the signup form's handle is typed. */
  handleAvailable: anonymousProcedure
    .input(handleAvailableInput)
    .query(({ ctx, input }) => handleAvailability(ctx.store, input.handle)),
  /** A member with a second factor gets `secondFactorTicket` instead, for secondStep (no token yet). */
  login: signInProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await login(ctx.store, ctx.keys, input, ctx.signInLimits, ctx.factors);
    if (!('token' in result)) return { secondFactorTicket: result.secondFactorTicket };
    const { userId, token, status } = result;
    return { token, status, user: await profileById(ctx.store, userId, userId) };
  }),
  /** The code after the password: the ticket login gave and a code from the app, or a recovery code. */
  secondStep: signInProcedure.input(secondStepInput).mutation(async ({ ctx, input }) => {
    const { userId, token, status } = await loginSecondStep(
      ctx.store,
      ctx.keys,
      ctx.factors,
      ctx.signInLimits,
      input,
    );
    return { token, status, user: await profileById(ctx.store, userId, userId) };
  }),
  /** "Sign in with a passkey": options naming no passkey (the browser offers those it holds) and the ceremony. */
  passkeyOptions: signInProcedure.mutation(async ({ ctx }) =>
    beginPasskeySignIn(ctx.factors, await relyingPartyOf(ctx)),
  ),
  passkeyLogin: signInProcedure.input(passkeySignInInput).mutation(async ({ ctx, input }) => {
    const rp = await relyingPartyOf(ctx);
    const { userId, token, status } = await loginWithPasskey(
      ctx.store,
      ctx.keys,
      ctx.factors,
      rp,
      input,
      ctx.signInLimits,
    );
    return { token, status, user: await profileById(ctx.store, userId, userId) };
  }),
});
