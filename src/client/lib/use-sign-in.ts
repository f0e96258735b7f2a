import { useLocation } from 'wouter';
import { session, type SessionUser } from './session';

/** What login and signup answer; `status` says whether the account still waits for a moderator. */
export type SignInAnswer = { token: string; user: SessionUser; status?: 'active' | 'pending' };

/** After login or signup: keep the session, then go where the member was heading (spec section 2), or home. */
export function useSignIn() {
  const [, navigate] = useLocation();
  return ({ token, user, status }: SignInAnswer) => {
    const from = (history.state as { from?: unknown } | null)?.from;
    // A pending account sees only the waiting screen, whatever the address (app.tsx).
    session.signIn(token, user, status === 'pending' ? 'pending' : 'active');
    const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
    navigate(target === '/auth' || target === '/signup' ? '/' : target, { replace: true });
  };
}
