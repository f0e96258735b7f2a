import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The tab's session (src/client/lib/session.ts) over a stand-in sessionStorage: the token and user the spec
// names, a pending or suspended account's state beside them, and the query cache that starts over for another
// member.

const user = (id: string) => ({ id, username: `${id}@example.com` }) as never;

function storage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let store: ReturnType<typeof storage>;
beforeEach(() => {
  vi.resetModules();
  store = storage();
  vi.stubGlobal('sessionStorage', store);
});
afterEach(() => vi.unstubAllGlobals());

describe('the session', () => {
  it('keeps a pending account pending across a reload, and forgets it on sign-out', async () => {
    const { session } = await import('../../src/client/lib/session.js');
    session.signIn('t1', user('a'), 'pending');
    expect(store.items.get('accountState')).toBe('pending');

    vi.resetModules();
    const reloaded = (await import('../../src/client/lib/session.js')).session;
    expect(reloaded.get()?.state).toBe('pending');
    reloaded.setState('active');
    expect(store.items.has('accountState')).toBe(false);
    reloaded.setState('suspended');
    reloaded.signOut();
    expect([...store.items.keys()]).toEqual([]);
  });

  it('takes the new token of a password change and keeps the member signed in', async () => {
    const { session } = await import('../../src/client/lib/session.js');
    session.signIn('old', user('a'));
    session.setToken('new');
    expect(session.token()).toBe('new');
    expect(store.items.get('token')).toBe('new');
    expect(session.get()?.user).toEqual(user('a'));
  });

  it("clears the query cache when another member signs in, so nobody sees the last one's screens", async () => {
    const { session } = await import('../../src/client/lib/session.js');
    const { createQueryClient } = await import('../../src/client/lib/trpc.js');
    const client = createQueryClient();
    session.signIn('t1', user('a'));
    client.setQueryData(['role'], 'admin');
    session.setToken('t2');
    session.signOut();
    session.signIn('t3', user('a'));
    expect(client.getQueryData(['role'])).toBe('admin'); // the same member again
    session.signOut();
    session.signIn('t4', user('b'));
    expect(client.getQueryData(['role'])).toBeUndefined();
  });
});
