import { loginInput, signupInput } from '../../../shared/schemas.js';
import { login, signup } from '../../domain/auth.js';
import { profileById } from '../../domain/people.js';
import { publicProcedure, router } from '../init.js';

export const authRouter = router({
  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const { userId, token } = await signup(ctx.db, ctx.keys, input);
    return { token, user: profileById(ctx.db, userId, userId) };
  }),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { userId, token } = await login(ctx.db, ctx.keys, input);
    return { token, user: profileById(ctx.db, userId, userId) };
  }),
});
