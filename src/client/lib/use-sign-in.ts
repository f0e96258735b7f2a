import { useLocation } from 'wouter';
import { session, type SessionUser } from './session';

/** After login or signup: keep the session, then go where the member was heading (spec section 2), or home. */
export function useSignIn() {
  const [, navigate] = useLocation();
  return (token: string, user: SessionUser) => {
    const from = (history.state as { from?: unknown } | null)?.from;
    session.signIn(token, user);
    const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
    navigate(target === '/auth' || target === '/signup' ? '/' : target, { replace: true });
  };
}
