import type { RelationshipRow } from '../../store/store.js';

// Mastodon's Relationship (https://docs.joinmastodon.org/entities/Relationship/) from what stands between
// the caller and a member. Realm has no follow requests, notes, endorsements, per-follow notifications or
// languages, and no other domains; a mute hides the muted member's notifications too, so muting_notifications
// is the mute itself. showing_reblogs is "Hide boosts" turned off (true when not following, as Mastodon).
export function mastodonRelationship(row: RelationshipRow) {
  return {
    id: row.id,
    following: row.following,
    showing_reblogs: !row.hideBoosts,
    notifying: false,
    languages: null,
    followed_by: row.followedBy,
    blocking: row.blocking,
    blocked_by: row.blockedBy,
    muting: row.muting,
    muting_notifications: row.muting,
    requested: false,
    requested_by: false,
    domain_blocking: false,
    endorsed: false,
    note: '',
  };
}

export type MastodonRelationship = ReturnType<typeof mastodonRelationship>;
