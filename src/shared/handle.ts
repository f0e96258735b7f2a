import { reservedUsernames } from './limits.js';
import { usernameKey } from './username-key.js';

/**
 * A handle, a member's public name (docs/decisions/0016-handle-and-email.md): Mastodon's rule, letters,
 * digits and underscore, 1 to 30. Free of zod, so the web app's signup can suggest one as a name is typed.
 */
export const handleMax = 30;
export const handlePattern = /^[A-Za-z0-9_]{1,30}$/;

export const isReservedName = (name: string) =>
  (reservedUsernames as readonly string[]).includes(name.toLowerCase());

export const isHandle = (name: string) => handlePattern.test(name) && !isReservedName(name);

export const emailMax = 254;
/** A reasonable email: something, an `@`, a domain with a dot; no spaces, one `@`. */
export const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isEmailLike = (text: string) => text.length <= emailMax && emailPattern.test(text);

/** An email folded for comparison, as usernames are: unique, and what login matches. */
export const emailKey = usernameKey;

/**
 * What a handle made from another name starts from: an email's local part, letters without their accents,
 * every other character `_`, at most 30; `member` when nothing of a letter or digit is left.
 */
export function handleBase(name: string): string {
  const local = isEmailLike(name) ? name.slice(0, name.lastIndexOf('@')) : name;
  const ascii = local
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .slice(0, handleMax);
  return /[A-Za-z0-9]/.test(ascii) ? ascii : 'member';
}

/** The n-th try at a handle from `base`: the base itself, then `base2`, `base3`..., within 30. */
export const handleCandidate = (base: string, n: number) =>
  n <= 1 ? base : `${base.slice(0, handleMax - String(n).length)}${n}`;

/** A handle suggested for what someone typed as their name at signup (the web app's signup). */
export const suggestHandle = (firstName: string, lastName: string) => {
  const name = `${firstName.trim()}_${lastName.trim()}`.replace(/^_+|_+$/g, '');
  const base = handleBase(name).toLowerCase();
  return base === 'member' && name === '' ? '' : base;
};
