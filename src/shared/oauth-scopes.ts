// Mastodon's OAuth scopes (mastodon/documentation content/en/api/oauth-scopes.md): four top-level scopes,
// `profile`, and the granular ones under read and write. `follow` is the older name for reading and writing
// blocks, follows and mutes. admin:* scopes are not offered: Realm's moderation is not in this API
// (docs/decisions/0013-oauth-for-apps.md). Here in src/shared because the domain checks them and the consent
// screen names them; the Mastodon adapter takes them from src/server/mastodon/oauth/scopes.ts.

export const readScopes = [
  'read:accounts',
  'read:blocks',
  'read:bookmarks',
  'read:favourites',
  'read:filters',
  'read:follows',
  'read:lists',
  'read:mutes',
  'read:notifications',
  'read:search',
  'read:statuses',
] as const;

export const writeScopes = [
  'write:accounts',
  'write:blocks',
  'write:bookmarks',
  'write:conversations',
  'write:favourites',
  'write:filters',
  'write:follows',
  'write:lists',
  'write:media',
  'write:mutes',
  'write:notifications',
  'write:reports',
  'write:statuses',
] as const;

export const topScopes = ['read', 'write', 'follow', 'push', 'profile'] as const;

export type Scope = (typeof topScopes)[number] | (typeof readScopes)[number] | (typeof writeScopes)[number];

export const allScopes: readonly Scope[] = [...topScopes, ...readScopes, ...writeScopes];

const known = new Set<string>(allScopes);
export const isScope = (scope: string): scope is Scope => known.has(scope);

/** What `follow` stands for: Mastodon's docs list it as these six. */
const followCovers = new Set<Scope>([
  'read:blocks',
  'write:blocks',
  'read:follows',
  'write:follows',
  'read:mutes',
  'write:mutes',
]);

/**
 * Whether the scopes granted to a token allow `needed`: granted itself, or its parent (`read` grants every
 * read:*), or `follow` for the block, follow and mute scopes. `profile` grants only itself: the caller asks
 * for `profile` (or read:accounts) on verify_credentials alone.
 */
export function grants(granted: readonly string[], needed: Scope): boolean {
  if (granted.includes(needed)) return true;
  const parent = needed.split(':')[0]!;
  if (parent !== needed && granted.includes(parent)) return true;
  return granted.includes('follow') && followCovers.has(needed);
}

/** The scope words of an OAuth `scope` parameter (space-separated; some apps send `+` or commas). */
export function parseScopes(text: string | undefined | null): string[] {
  return [...new Set((text ?? '').split(/[\s+,]+/).filter(Boolean))];
}
