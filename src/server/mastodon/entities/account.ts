import type { PublicAccountRow } from '../../store/store.js';
import { contentHtml, escapeHtml } from '../content-html.js';
import { absoluteUrl, profileUrl } from '../web-urls.js';

// Mastodon's Account (https://docs.joinmastodon.org/entities/Account/) from a member
// (docs/mastodon-api.md, "Accounts in statuses"). Realm has one instance and no remote accounts, so `acct`
// is the username; every URL is absolute because apps load them as they are.

export type MastodonAccount = ReturnType<typeof mastodonAccount>;

// A member without a picture: the web app draws their initials, which an app cannot; these are plain
// pictures in the initials' colours, served beside the seed's (seed/pictures).
export const missingAvatar = '/pictures/missing-avatar.png';
export const missingHeader = '/pictures/missing-header.png';

/** Mastodon gives an account's creation as midnight UTC of its day, so it tells no one the time of signup. */
const dayOf = (ms: number) => `${new Date(ms).toISOString().slice(0, 10)}T00:00:00.000Z`;

/** The profile link as Mastodon writes a field's value: its own link markup, so apps show it as one. */
function linkField(origin: string, link: string) {
  return {
    name: 'Website',
    value: contentHtml(link, { origin, mentions: [] }).replace(/^<p>|<\/p>$/g, '') || escapeHtml(link),
    verified_at: null,
  };
}

/** `bioMentions`: the members the bio mentions who exist (people.ts profileById), linked as in a status. */
export function mastodonAccount(
  origin: string,
  member: PublicAccountRow,
  bioMentions: readonly string[] = [],
) {
  const url = profileUrl(origin, member.username);
  const avatar = absoluteUrl(origin, member.profilePic || missingAvatar);
  const header = absoluteUrl(origin, member.profileBanner || missingHeader);
  return {
    id: member.id,
    username: member.username,
    acct: member.username,
    url,
    uri: url,
    display_name: `${member.firstName} ${member.lastName}`.trim(),
    note: contentHtml(member.bio, { origin, mentions: bioMentions }),
    avatar,
    avatar_static: avatar,
    header,
    header_static: header,
    locked: false,
    bot: false,
    group: false,
    discoverable: true,
    indexable: true,
    hide_collections: false,
    noindex: false,
    created_at: dayOf(member.createdAt),
    last_status_at:
      member.lastPostAt === null ? null : new Date(member.lastPostAt).toISOString().slice(0, 10),
    statuses_count: member.postCount,
    followers_count: member.followerCount,
    following_count: member.followingCount,
    fields: member.link ? [linkField(origin, member.link)] : [],
    emojis: [] as never[],
    roles: [] as never[],
  };
}
