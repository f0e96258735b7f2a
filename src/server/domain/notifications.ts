import { mentionsAndTags } from '../../shared/rich-text.js';
import type { MentionSource, NotificationKind, Tx } from '../store/store.js';
import { blockedAmong } from './barriers.js';

// Who is told what (docs/decisions/0003-notifications-and-live-events.md). Someone liked your post,
// commented on your post, mentioned you, followed you. Nobody is told of their own actions; what is taken
// back (an unlike, an unfollow, a mention edited away) leaves no notification behind; a deleted post or
// comment takes its notifications with it (the database's foreign keys).
//
// Someone quoted your post is told too (docs/decisions/0010-quotes-and-answer-policies.md), and someone
// boosted your post (docs/decisions/0011-boosts-in-the-home-feed.md).
//
// Grouping, as Mastodon and Bluesky do it: likes of one post, boosts of one post, comments on one post, and
// follows, gather in one notification ("Amara Okafor and 3 others liked your post", "... commented on your post") for as long
// as they come within one 12-hour span (fixed spans of Unix time, so a group's key is known without
// reading); each mention is its own. A comment group names no comment of its own (its comment_id stays
// null): deleting one comment must not take the others' notification with it (a foreign key would), so
// the page shows the group's newest comment and a deleted comment withdraws its author (withdrawComment).

const groupSpanMs = 12 * 60 * 60 * 1000;

type Notice = {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  postId: string | null;
  commentId: string | null;
  at: number;
};

/** A mention's own group: the comment's id, or the post's for the post's text. */
const mentionGroupKey = (source: MentionSource) => `mention:${source.commentId ?? source.postId}`;

function groupKey(notice: Notice): string {
  const span = Math.floor(notice.at / groupSpanMs);
  if (notice.kind === 'like') return `like:${notice.postId}:${span}`;
  if (notice.kind === 'boost') return `boost:${notice.postId}:${span}`;
  if (notice.kind === 'comment') return `comment:${notice.postId}:${span}`;
  if (notice.kind === 'follow') return `follow:${span}`;
  // A quote is a post: each is its own, as a mention is.
  if (notice.kind === 'quote') return `quote:${notice.postId}`;
  return mentionGroupKey({ postId: notice.postId ?? '', commentId: notice.commentId });
}

export async function notify(tx: Tx, notice: Notice): Promise<void> {
  if (notice.recipientId === notice.actorId) return;
  const commentId = notice.kind === 'comment' ? null : notice.commentId;
  const groupId = await tx.notifications.add({ ...notice, commentId, groupKey: groupKey(notice) });
  tx.live.emit({ type: 'notifications', memberId: notice.recipientId });
  await queuePush(tx, notice, groupId);
}

/**
 * The recipient's devices hear of it too (src/server/push, after the commit), unless the notification is
 * one their list would not show: an actor they blocked, who blocked them, whom they muted, or who is
 * suspended (the same barriers every write asks about).
 */
async function queuePush(tx: Tx, notice: Notice, groupId: string | null) {
  const { recipientId, actorId, kind, postId, commentId, at } = notice;
  const [barrier] = await tx.relations.barriers(recipientId, [actorId]);
  if (barrier) return;
  tx.push.queue({ recipientId, actorId, kind, postId, commentId, groupId, at });
}

/**
 * A comment about to be deleted: its author leaves the post's comment groups unless another comment of
 * theirs on the post remains (the store checks). A group left with nobody goes.
 */
export async function withdrawComment(
  tx: Tx,
  post: { id: string; authorId: string },
  comment: { id: string; authorId: string },
) {
  const what = { kind: 'comment', postId: post.id, commentId: comment.id } as const;
  if (await tx.notifications.withdraw(comment.authorId, what)) {
    tx.live.emit({ type: 'notifications', memberId: post.authorId });
  }
}

/** An unlike (a dislike after a like) or an unfollow: the actor's part of the notification goes. */
export async function withdrawLike(tx: Tx, actorId: string, post: { id: string; authorId: string }) {
  if (await tx.notifications.withdraw(actorId, { kind: 'like', postId: post.id })) {
    tx.live.emit({ type: 'notifications', memberId: post.authorId });
  }
}

/** An unboost: the actor leaves the post's boost group, as an unlike leaves its like group. */
export async function withdrawBoost(tx: Tx, actorId: string, post: { id: string; authorId: string }) {
  if (await tx.notifications.withdraw(actorId, { kind: 'boost', postId: post.id })) {
    tx.live.emit({ type: 'notifications', memberId: post.authorId });
  }
}

export async function withdrawFollow(tx: Tx, actorId: string, recipientId: string) {
  if (await tx.notifications.withdraw(actorId, { kind: 'follow', recipientId })) {
    tx.live.emit({ type: 'notifications', memberId: recipientId });
  }
}

/**
 * Records whom a post's or comment's text mentions (members who exist; shared/rich-text.ts says what a
 * mention is), notifies those newly mentioned and takes back the notifications of those edited away.
 * `toldOtherwise` is the post's author on a comment: the comment's own notification tells them. A
 * member a block separates from the writer, either way, is not mentioned: nothing is recorded, nobody told
 * (and a mention recorded before the block goes at the next edit).
 */
export async function recordMentions(
  tx: Tx,
  actorId: string,
  source: MentionSource,
  text: string,
  at: number,
  toldOtherwise?: string,
): Promise<void> {
  const { mentions } = mentionsAndTags(text);
  const named = await tx.members.idsByKeys(mentions);
  const blocked = named.length > 0 ? await blockedAmong(tx, actorId, named) : new Set<string>();
  const mentioned = named.filter((id) => !blocked.has(id));
  const { added, removed } = await tx.mentions.replace(source, mentioned);
  for (const recipientId of added) {
    if (recipientId === toldOtherwise) continue;
    await notify(tx, { recipientId, actorId, kind: 'mention', ...source, at });
  }
  for (const recipientId of removed) {
    const what = { kind: 'mention', recipientId, groupKey: mentionGroupKey(source) } as const;
    if (await tx.notifications.withdraw(actorId, what)) {
      tx.live.emit({ type: 'notifications', memberId: recipientId });
    }
  }
}

/** A post's text as written: its tags for their feeds, its mentions. */
export async function recordPostText(tx: Tx, actorId: string, postId: string, text: string, at: number) {
  await tx.tags.replace(postId, mentionsAndTags(text).tags);
  await recordMentions(tx, actorId, { postId, commentId: null }, text, at);
}
