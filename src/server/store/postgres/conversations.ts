import { v4 as uuid } from 'uuid';
import type { Withdrawal, Writes } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement } from './statement.js';

// As ../sqlite/conversations.ts: a post's tags, the members a text mentions, and notifications.

const clearTags = writeStatement('tags-clear', 'delete from post_tags where post_id = $1');
const addTags = writeStatement(
  'tags-add',
  `insert into post_tags (tag, post_id, created_at)
   select tag, p.id, p.created_at from unnest($2::text[]) as tag join posts p on p.id = $1`,
);
const postMentions = statement<{ id: string }>(
  'post-mentions',
  'select user_id as id from post_mentions where post_id = $1',
);
const commentMentions = statement<{ id: string }>(
  'comment-mentions',
  'select user_id as id from comment_mentions where comment_id = $1',
);
const addPostMentions = writeStatement(
  'post-mentions-add',
  'insert into post_mentions (post_id, user_id) select $1, unnest($2::text[])',
);
const addCommentMentions = writeStatement(
  'comment-mentions-add',
  'insert into comment_mentions (comment_id, user_id) select $1, unnest($2::text[])',
);
const removePostMentions = writeStatement(
  'post-mentions-remove',
  'delete from post_mentions where post_id = $1 and user_id = any($2::text[])',
);
const removeCommentMentions = writeStatement(
  'comment-mentions-remove',
  'delete from comment_mentions where comment_id = $1 and user_id = any($2::text[])',
);
const addGroup = statement<{ id: string }>(
  'notification-group-add',
  `insert into notifications (id, recipient_id, kind, group_key, post_id, comment_id, latest_at)
   values ($1, $2, $3, $4, $5, $6, $7)
   on conflict (recipient_id, group_key)
   do update set latest_at = greatest(notifications.latest_at, excluded.latest_at)
   returning id`,
);
const addActor = writeStatement(
  'notification-actor-add',
  `insert into notification_actors (notification_id, actor_id, created_at) values ($1, $2, $3)
   on conflict (notification_id, actor_id) do update set created_at = excluded.created_at`,
);
// Likes and boosts alike: the post's groups of that kind.
const likeGroups = statement<{ id: string }>(
  'notification-like-groups',
  `select n.id from notifications n
   join posts p on p.id = n.post_id and n.recipient_id = p.author_id
   join notification_actors a on a.notification_id = n.id and a.actor_id = $1
   where p.id = $2 and n.kind = $3`,
);
// A comment's author stays in the post's comment groups while another comment of theirs remains.
const commentGroups = statement<{ id: string }>(
  'notification-comment-groups',
  `select n.id from notifications n
   join posts p on p.id = n.post_id and n.recipient_id = p.author_id
   join notification_actors a on a.notification_id = n.id and a.actor_id = $1
   where p.id = $2 and n.kind = 'comment' and not exists (select 1 from comments c
     where c.post_id = $2 and c.author_id = $1 and c.id <> $3)`,
);
const followGroups = statement<{ id: string }>(
  'notification-follow-groups',
  `select n.id from notifications n
   join notification_actors a on a.notification_id = n.id and a.actor_id = $1
   where n.recipient_id = $2 and n.kind = 'follow'`,
);
const mentionGroups = statement<{ id: string }>(
  'notification-mention-groups',
  `select n.id from notifications n
   join notification_actors a on a.notification_id = n.id and a.actor_id = $1
   where n.recipient_id = $2 and n.group_key = $3`,
);
const removeActor = writeStatement(
  'notification-actor-remove',
  'delete from notification_actors where notification_id = $1 and actor_id = $2',
);
// A group left with nobody goes; one with others takes the time of its newest remaining actor.
const dropEmpty = writeStatement(
  'notification-drop-empty',
  `delete from notifications where id = $1
   and not exists (select 1 from notification_actors where notification_id = $1)`,
);
const retime = writeStatement(
  'notification-retime',
  `update notifications set latest_at = (select max(created_at) from notification_actors
   where notification_id = $1) where id = $1`,
);
const markRead = writeStatement(
  'notifications-mark-read',
  'update users set notifications_read_at = greatest(notifications_read_at, $2) where id = $1',
);

const dismissOne = writeStatement(
  'notifications-dismiss-one',
  'delete from notifications where id = $2 and recipient_id = $1',
);
const dismissAll = writeStatement(
  'notifications-dismiss-all',
  'delete from notifications where recipient_id = $1',
);

export function tagWrites(db: Queryable): Writes['tags'] {
  return {
    async replace(postId, tags) {
      await clearTags(db, [postId]);
      if (tags.length > 0) await addTags(db, [postId, tags]);
    },
  };
}

export function mentionWrites(db: Queryable): Writes['mentions'] {
  return {
    async replace(source, userIds) {
      const onComment = source.commentId !== null;
      const id = source.commentId ?? source.postId;
      const before = new Set((await (onComment ? commentMentions : postMentions)(db, [id])).map((r) => r.id));
      const after = new Set(userIds);
      const added = [...after].filter((userId) => !before.has(userId));
      const removed = [...before].filter((userId) => !after.has(userId));
      if (added.length > 0) await (onComment ? addCommentMentions : addPostMentions)(db, [id, added]);
      if (removed.length > 0) {
        await (onComment ? removeCommentMentions : removePostMentions)(db, [id, removed]);
      }
      return { added, removed };
    },
  };
}

async function groupsOf(db: Queryable, actorId: string, what: Withdrawal): Promise<string[]> {
  const rows =
    what.kind === 'like' || what.kind === 'boost'
      ? await likeGroups(db, [actorId, what.postId, what.kind])
      : what.kind === 'comment'
        ? await commentGroups(db, [actorId, what.postId, what.commentId])
        : what.kind === 'follow'
          ? await followGroups(db, [actorId, what.recipientId])
          : await mentionGroups(db, [actorId, what.recipientId, what.groupKey]);
  return rows.map((row) => row.id);
}

export function notificationWrites(db: Queryable): Writes['notifications'] {
  return {
    async add({ recipientId, actorId, kind, groupKey, postId, commentId, at }) {
      const [group] = await addGroup(db, [uuid(), recipientId, kind, groupKey, postId, commentId, at]);
      if (group) await addActor(db, [group.id, actorId, at]);
      return group?.id ?? null;
    },
    async withdraw(actorId, what) {
      const groups = await groupsOf(db, actorId, what);
      for (const groupId of groups) {
        await removeActor(db, [groupId, actorId]);
        if ((await dropEmpty(db, [groupId])) === 0) await retime(db, [groupId]);
      }
      return groups.length > 0;
    },
    markRead: async (memberId, at) => void (await markRead(db, [memberId, at])),
    dismiss: async (memberId, groupId) =>
      void (await (groupId === null ? dismissAll(db, [memberId]) : dismissOne(db, [memberId, groupId]))),
  };
}
