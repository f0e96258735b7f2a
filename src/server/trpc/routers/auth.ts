import { loginInput, signupInput } from '../../../shared/schemas.js';
import { login, signup } from '../../domain/auth.js';
import { profileById } from '../../domain/people.js';
import { router, signInProcedure } from '../init.js';

export const authRouter = router({
  signup: signInProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const { userId, token } = await signup(ctx.store, ctx.keys, input);
    return { token, user: await profileById(ctx.store, userId, userId) };
  }),
  login: signInProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { userId, token } = await login(ctx.store, ctx.keys, input, ctx.signInLimits);
    return { token, user: await profileById(ctx.store, userId, userId) };
  }),
});
