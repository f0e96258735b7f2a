/**
 * docs/differences-from-the-mock.md: usernames are unique (item 6), and match at login, without regard to
 * case, in any script. Its own module, free of zod, so the web client's first bundle can fold names
 * (shared/rich-text.ts) without zod.
 */
export const usernameKey = (name: string) => name.normalize('NFKC').toLowerCase();
