import { useSyncExternalStore } from 'react';
import type { AccountState } from './account-state';
import type { RouterOutputs } from './trpc-types';

export type SessionUser = RouterOutputs['users']['me'];

// Spec section 3: the session lives in sessionStorage under `token` and `user`. A pending or
// suspended account's state is kept beside them, so a reload shows the waiting screen, not a flash of feeds.
const TOKEN = 'token';
const USER = 'user';
const STATE = 'accountState';

type Session = { token: string; user: SessionUser; state: AccountState } | null;

const isState = (value: unknown): value is AccountState =>
  value === 'active' || value === 'pending' || value === 'suspended';

function read(): Session {
  const token = sessionStorage.getItem(TOKEN);
  const user = sessionStorage.getItem(USER);
  if (!token || !user) return null;
  const state = sessionStorage.getItem(STATE);
  try {
    return { token, user: JSON.parse(user) as SessionUser, state: isState(state) ? state : 'active' };
  } catch {
    return null;
  }
}

function storeState(state: AccountState) {
  if (state === 'active') sessionStorage.removeItem(STATE);
  else sessionStorage.setItem(STATE, state);
}

let current = read();
/** Set when the server refused the token, so the login page can say why the member is there. */
let expired = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const session = {
  get: () => current,
  token: () => current?.token ?? null,
  signIn(token: string, user: SessionUser, state: AccountState = 'active') {
    sessionStorage.setItem(TOKEN, token);
    sessionStorage.setItem(USER, JSON.stringify(user));
    storeState(state);
    current = { token, user, state };
    emit();
  },
  /** Replaces the stored user (after a profile edit or a follow), keeping the token. */
  setUser(user: SessionUser) {
    if (!current) return;
    sessionStorage.setItem(USER, JSON.stringify(user));
    current = { ...current, user };
    emit();
  },
  /** The token that replaces this tab's own after a password change (which ends every other session). */
  setToken(token: string) {
    if (!current) return;
    sessionStorage.setItem(TOKEN, token);
    current = { ...current, token };
    emit();
  },
  /** What the server said of the account: approved, waiting, or suspended. */
  setState(state: AccountState) {
    if (!current || current.state === state) return;
    storeState(state);
    current = { ...current, state };
    emit();
  },
  signOut(reason: 'logout' | 'expired' = 'logout') {
    expired = reason === 'expired';
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(USER);
    sessionStorage.removeItem(STATE);
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
