import type { PostCountsFor, Store } from '../store/store.js';

// Whom a live event may reach among the members connected to one process (the web app's live updates and
// the Mastodon API's streaming; docs/decisions/0003-notifications-and-live-events.md): the rule of every
// read (blocks either way, mutes, suspension; a limited author off explore), asked in one statement per
// event whatever the number of streams (store/interface/fan-out.ts).

/** Among `members`, those who follow `authorId`: whose home feed a new post joins. */
export const followersAmong = (store: Store, authorId: string, members: string[]) =>
  store.read.fanOut.followersAmong(authorId, members);

/** Among `members`, those whose home feed a boost joins: they follow the booster and see the author. */
export const boostFollowersAmong = (store: Store, boosterId: string, authorId: string, members: string[]) =>
  store.read.fanOut.boostFollowersAmong(boosterId, authorId, members);

/** Each post's counts and whom among `members` it is hidden from; a post gone since is left out. */
export const postReach = (store: Store, postIds: string[], members: string[]) =>
  store.read.fanOut.postCounts(postIds, members);

/**
 * Which of the quoted posts are hidden from a member, from `postReach`'s rows for them: one gone since, or
 * whose author is suspended, from everyone.
 */
export function quotesHidden(quoted: string[], reach: PostCountsFor[]) {
  const rows = new Map(reach.map((row) => [row.postId, row]));
  const hiddenFrom = quoted.map((id) => {
    const row = rows.get(id);
    return { id, all: !row || row.hiddenFromAll, some: new Set(row?.hiddenFrom) };
  });
  return (memberId: string): string[] =>
    hiddenFrom.filter((one) => one.all || one.some.has(memberId)).map((one) => one.id);
}
