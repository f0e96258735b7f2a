import { useSyncExternalStore } from 'react';
import type { AccountState } from './account-state';
import type { RouterOutputs } from './trpc-types';

export type SessionUser = RouterOutputs['users']['me'];

// Spec section 3: the session lives in sessionStorage under `token` and `user`. A pending or
// suspended account's state is kept beside them, so a reload shows the waiting screen, not a flash of feeds.
const TOKEN = 'token';
const USER = 'user';
const STATE = 'accountState';

export type Session = { token: string; user: SessionUser; state: AccountState } | null;

const isState = (value: unknown): value is AccountState =>
  value === 'active' || value === 'pending' || value === 'suspended';

function read(): Session {
  // On the server, which draws a page's first screen with these components (src/client/ssr/), there is no
  // storage: the session it draws for is set by `drawingAs`.
  if (typeof sessionStorage === 'undefined') return null;
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

/**
 * The tab's token mirrored in a cookie, so that the server can draw a reloaded page's first screen with this
 * member's posts before the bundle has run (docs/performance.md, "First post on screen"). The server reads it
 * only to draw a page (a GET that changes nothing), never to authorize an action: every call still carries
 * the token from `sessionStorage` in its header. SameSite=Strict: a link followed from another site opens a
 * tab without this session, and its page is drawn without it too. A tab whose member differs from the
 * cookie's (another tab signed in since) hides what was drawn (boot/check-drawn-page.ts).
 */
export const pageCookie = 'realm_page';

function mirrorInCookie(token: string | null) {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = token
    ? `${pageCookie}=${token}; Path=/; SameSite=Strict${secure}`
    : `${pageCookie}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
}

let current = read();
if (current?.state === 'active') mirrorInCookie(current.token);
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
    mirrorInCookie(state === 'active' ? token : null);
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
    if (current.state === 'active') mirrorInCookie(token);
    emit();
  },
  /** What the server said of the account: approved, waiting, or suspended. */
  setState(state: AccountState) {
    if (!current || current.state === state) return;
    storeState(state);
    current = { ...current, state };
    mirrorInCookie(state === 'active' ? current.token : null);
    emit();
  },
  signOut(reason: 'logout' | 'expired' = 'logout') {
    expired = reason === 'expired';
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(USER);
    sessionStorage.removeItem(STATE);
    current = null;
    mirrorInCookie(null);
    emit();
  },
  /** True once after the server ended the session. */
  takeExpired() {
    const value = expired;
    expired = false;
    return value;
  },
  /**
   * Runs `draw` with this session as the current one: the server's drawing of a first screen, which is
   * synchronous, so no other request's drawing can see it.
   */
  drawingAs<T>(drawn: Session, draw: () => T): T {
    const kept = current;
    current = drawn;
    try {
      return draw();
    } finally {
      current = kept;
    }
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The signed-in member; only for screens behind the protected routes. */
export function useMe(): SessionUser {
  const current = useSession();
  if (!current) throw new Error('useMe outside a protected route');
  return current.user;
}
