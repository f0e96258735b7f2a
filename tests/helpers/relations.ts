import { expect } from 'vitest';
import { notificationRows } from './notifications.js';
import { snapshot } from './snapshot.js';
import type { TestApp } from './test-app.js';

// Block and mute: what a member sees of the instance, page by page, and every row a refused call
// must leave as it was.

export type Member = Awaited<ReturnType<TestApp['member']>>;

/** The authors (usernames) of the cards of a page, in order. */
const authorsOf = (page: { items: { author: { username: string } }[] }) =>
  page.items.map((card) => card.author.username);

/**
 * What `viewer` sees: the authors of each feed's first page, the commenters of each card's latest comments,
 * who acted in each of their notifications, their unread count and who they are suggested to follow.
 */
export async function seenBy(t: TestApp, viewer: Member, profiles: string[], tag: string) {
  const me = t.caller(viewer.token);
  const explore = await me.posts.explore({});
  return {
    latest: authorsOf(await me.posts.feed({ mode: 'latest' })),
    trending: authorsOf(await me.posts.feed({ mode: 'trending' })),
    explore: authorsOf(explore),
    profiles: Object.fromEntries(
      await Promise.all(
        profiles.map(async (username) => [username, authorsOf(await me.posts.byUser({ username }))]),
      ),
    ),
    bookmarks: authorsOf(await me.bookmarks.list({})),
    tag: authorsOf(await me.posts.byTag({ tag })),
    latestComments: explore.items.map((card) => card.latestComments.map((c) => c.author.username)),
    notifications: (await me.notifications.list({})).items.map((view) => ({
      kind: view.kind,
      actors: view.actors.map((actor) => actor.username),
      actorCount: view.actorCount,
    })),
    unread: (await me.notifications.unreadCount()).count,
    whoToFollow: (await me.users.whoToFollow()).map((user) => user.username),
  };
}

/** Every username `seenBy` found anywhere: feeds, profiles, bookmarks, the tag, comments, notifications, suggestions. */
export const everywhere = (seen: Awaited<ReturnType<typeof seenBy>>) => [
  ...seen.latest,
  ...seen.trending,
  ...seen.explore,
  ...Object.values(seen.profiles).flat(),
  ...seen.bookmarks,
  ...seen.tag,
  ...seen.latestComments.flat(),
  ...seen.notifications.flatMap((n) => n.actors),
  ...seen.whoToFollow,
];

/** The commenters of a post's thread, as its page shows them, or the refusal's code. */
export async function threadOf(t: TestApp, viewer: Member | null, postId: string) {
  return t
    .caller(viewer?.token)
    .comments.list({ postId })
    .then(
      (page) => page.items.map((comment) => comment.author.username),
      (error: { code: string }) => error.code,
    );
}

/** Every row a refused call could write: members, content, reactions, follows, mentions, notifications. */
export async function everyRow(t: TestApp) {
  return {
    ...(await snapshot(t)),
    notifications: await notificationRows(t),
    mentions: [
      ...(await t.sql('select * from post_mentions')),
      ...(await t.sql('select * from comment_mentions')),
    ]
      .map((row) => JSON.stringify(row))
      .sort(),
    relations: [...(await t.sql('select * from blocks')), ...(await t.sql('select * from mutes'))]
      .map((row) => JSON.stringify(row))
      .sort(),
  };
}

/** A tRPC call refused with this code and message, and not one row changed. */
export async function expectRefusedCall(
  t: TestApp,
  call: () => Promise<unknown>,
  expected: { code: string; message: string },
) {
  const before = await everyRow(t);
  await expect(call()).rejects.toMatchObject(expected);
  expect(await everyRow(t)).toEqual(before);
}

export const blockedRefusal = {
  code: 'FORBIDDEN',
  message: 'You cannot do this: one of you has blocked the other.',
};
