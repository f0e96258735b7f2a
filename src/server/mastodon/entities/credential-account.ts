import type { Role } from '../../store/store.js';
import type { MastodonAccount } from './account.js';

// Mastodon's CredentialAccount (entities/Account.md, "CredentialAccount entity attributes"): the caller's own
// Account with `source` (what the profile form edits, as plain text) and `role`. Realm's posts are all
// public, never marked sensitive, of no chosen language; it has no follow requests.

const roleNames: Record<Role, string> = { member: '', moderator: 'Moderator', admin: 'Admin' };

export function credentialAccount(
  account: MastodonAccount,
  profile: { bio: string; link: string },
  role: Role,
) {
  return {
    ...account,
    source: {
      note: profile.bio,
      fields: profile.link ? [{ name: 'Website', value: profile.link, verified_at: null }] : [],
      privacy: 'public',
      sensitive: false,
      language: '',
      follow_requests_count: 0,
      hide_collections: false,
      discoverable: true,
      indexable: true,
      attribution_domains: [] as never[],
      // Who may quote a new post unless its author chooses otherwise: Realm's default, everyone.
      quote_policy: 'public',
    },
    // Realm's moderation is not in this API: a role names itself but grants no Mastodon permission, so apps
    // offer no admin screens that would call endpoints Realm does not have.
    role: {
      id: role === 'member' ? '-99' : role,
      name: roleNames[role],
      permissions: '0',
      color: '',
      highlighted: role !== 'member',
    },
  };
}
