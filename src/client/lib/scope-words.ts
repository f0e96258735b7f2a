import { parseScopes } from '../../shared/oauth-scopes';

// What each OAuth scope lets an app do, in the words a member reads on the consent page and in settings.

const words: Record<string, string> = {
  read: 'Read everything your account can see: posts, people, notifications and bookmarks',
  write: 'Post, comment, like, boost, bookmark, follow and change your profile for you',
  follow: 'See and change whom you follow, block and mute',
  push: 'Send notifications to your device',
  profile: 'See who you are (your username and profile)',
  'read:accounts': 'See profiles, yours included',
  'read:blocks': 'See whom you blocked',
  'read:bookmarks': 'See your bookmarks',
  'read:favourites': 'See the posts you liked',
  'read:filters': 'See your filters',
  'read:follows': 'See whom you follow',
  'read:lists': 'See your lists',
  'read:mutes': 'See whom you muted',
  'read:notifications': 'Read your notifications',
  'read:search': 'Search for you',
  'read:statuses': 'Read posts and comments',
  'write:accounts': 'Change your profile',
  'write:blocks': 'Block and unblock members',
  'write:bookmarks': 'Bookmark posts for you',
  'write:conversations': 'Change your conversations',
  'write:favourites': 'Like posts for you',
  'write:filters': 'Change your filters',
  'write:follows': 'Follow and unfollow members for you',
  'write:lists': 'Change your lists',
  'write:media': 'Upload pictures for you',
  'write:mutes': 'Mute and unmute members',
  'write:notifications': 'Clear your notifications',
  'write:reports': 'Report posts and members for you',
  'write:statuses': 'Post, edit, delete, boost and comment for you',
};

export const scopeWords = (scope: string) => words[scope] ?? scope;

/** The sentences for a list of scopes, without those a broader scope in the list already says. */
export function scopeSentences(scopes: readonly string[]): string[] {
  const all = parseScopes(scopes.join(' '));
  return all
    .filter((scope) => {
      const parent = scope.split(':')[0]!;
      return parent === scope || !all.includes(parent);
    })
    .map(scopeWords);
}
