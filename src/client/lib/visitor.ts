import { useLocation } from 'wouter';
import { useSession } from './session';

/**
 * True for someone signed out reading a page the instance opens to visitors ("Visitors may read public
 * profiles and posts"): every action on it asks them to sign in instead.
 */
export function useIsVisitor(): boolean {
  return useSession() === null;
}

/**
 * Sends a visitor to the login page, which brings them back here once signed in (use-sign-in.ts reads
 * `from`, as it does for a protected page opened while signed out).
 */
export function useSignInFirst(): () => void {
  const [location, navigate] = useLocation();
  return () => navigate('/auth', { state: { from: location } });
}
