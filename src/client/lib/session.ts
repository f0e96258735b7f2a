import { useSyncExternalStore } from 'react';
import type { RouterOutputs } from './trpc-types';

export type SessionUser = RouterOutputs['users']['me'];

// Spec section 3: the session lives in sessionStorage under `token` and `user`.
const TOKEN = 'token';
const USER = 'user';

type Session = { token: string; user: SessionUser } | null;

function read(): Session {
  const token = sessionStorage.getItem(TOKEN);
  const user = sessionStorage.getItem(USER);
  if (!token || !user) return null;
  try {
    return { token, user: JSON.parse(user) as SessionUser };
  } catch {
    return null;
  }
}

let current = read();
/** Set when the server refused the token, so the login page can say why the member is there. */
let expired = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const session = {
  get: () => current,
  token: () => current?.token ?? null,
  signIn(token: string, user: SessionUser) {
    sessionStorage.setItem(TOKEN, token);
    sessionStorage.setItem(USER, JSON.stringify(user));
    current = { token, user };
    emit();
  },
  /** Replaces the stored user (after a profile edit or a follow), keeping the token. */
  setUser(user: SessionUser) {
    if (!current) return;
    sessionStorage.setItem(USER, JSON.stringify(user));
    current = { ...current, user };
    emit();
  },
  signOut(reason: 'logout' | 'expired' = 'logout') {
    expired = reason === 'expired';
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(USER);
    current = null;
    emit();
  },
  /** True once after the server ended the session. */
  takeExpired() {
    const value = expired;
    expired = false;
    return value;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** The signed-in member; only for screens behind the protected routes. */
export function useMe(): SessionUser {
  const current = useSession();
  if (!current) throw new Error('useMe outside a protected route');
  return current.user;
}
