import { useLocation } from 'wouter';
import { session } from './session';

/** Ends this tab's session and goes to the login page (a deliberate sign-out: no "session ended" notice). */
export function useSignOut() {
  const [, navigate] = useLocation();
  return () => {
    session.signOut();
    navigate('/auth', { replace: true });
  };
}
