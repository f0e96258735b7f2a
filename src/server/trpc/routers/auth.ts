import { handleAvailableInput, handleSignupInput } from '../../../shared/community-schemas.js';
import { loginInput } from '../../../shared/schemas.js';
import { login, signup } from '../../domain/auth.js';
import { profileById } from '../../domain/people.js';
import { handleAvailability } from '../../domain/handles.js';
import { anonymousProcedure, router, signInProcedure } from '../init.js';

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
  login: signInProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { userId, token, status } = await login(ctx.store, ctx.keys, input, ctx.signInLimits);
    return { token, status, user: await profileById(ctx.store, userId, userId) };
  }),
});
