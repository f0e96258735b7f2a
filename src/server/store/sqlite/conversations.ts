import { v4 as uuid } from 'uuid';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { Withdrawal, Writes } from '../store.js';

// The writes of conversations: a post's tags, the members a post or comment mentions, and the notifications
// those and likes, comments and follows give (domain/notifications.ts decides who gets which).

const statements = preparedOnce((db: Db) => {
  const run = <P extends object>(text: string) => db.$client.prepare<P>(text);
  return {
    clearTags: run<{ postId: string }>('delete from post_tags where post_id = :postId'),
    addTags: run<{ postId: string; tags: string }>(
      `insert into post_tags (tag, post_id, created_at)
       select tags.value, p.id, p.created_at from json_each(:tags) as tags join posts p on p.id = :postId`,
    ),
    postMentions: db.$client
      .prepare<{ id: string }, string>('select user_id from post_mentions where post_id = :id')
      .pluck(),
    commentMentions: db.$client
      .prepare<{ id: string }, string>('select user_id from comment_mentions where comment_id = :id')
      .pluck(),
    addPostMention: run<{ id: string; userId: string }>(
      'insert into post_mentions (post_id, user_id) values (:id, :userId)',
    ),
    addCommentMention: run<{ id: string; userId: string }>(
      'insert into comment_mentions (comment_id, user_id) values (:id, :userId)',
    ),
    removePostMention: run<{ id: string; userId: string }>(
      'delete from post_mentions where post_id = :id and user_id = :userId',
    ),
    removeCommentMention: run<{ id: string; userId: string }>(
      'delete from comment_mentions where comment_id = :id and user_id = :userId',
    ),
    addGroup: db.$client
      .prepare<Record<string, string | number | null>, string>(
        `insert into notifications (id, recipient_id, kind, group_key, post_id, comment_id, latest_at)
         values (:id, :recipientId, :kind, :groupKey, :postId, :commentId, :at)
         on conflict (recipient_id, group_key) do update set latest_at = max(latest_at, excluded.latest_at)
         returning id`,
      )
      .pluck(),
    addActor: run<{ groupId: string; actorId: string; at: number }>(
      `insert into notification_actors (notification_id, actor_id, created_at) values (:groupId, :actorId, :at)
       on conflict (notification_id, actor_id) do update set created_at = excluded.created_at`,
    ),
    // The groups an actor is in, by what they take back (the indexes: recipient, kind, post; group key).
    // Likes and boosts alike: the post's groups of that kind.
    likeGroups: db.$client
      .prepare<{ actorId: string; postId: string; kind: 'like' | 'boost' }, string>(
        `select n.id from notifications n
         join posts p on p.id = n.post_id and n.recipient_id = p.author_id
         join notification_actors a on a.notification_id = n.id and a.actor_id = :actorId
         where p.id = :postId and n.kind = :kind`,
      )
      .pluck(),
    // A comment's author stays in the post's comment groups while another comment of theirs remains.
    commentGroups: db.$client
      .prepare<{ actorId: string; postId: string; commentId: string }, string>(
        `select n.id from notifications n
         join posts p on p.id = n.post_id and n.recipient_id = p.author_id
         join notification_actors a on a.notification_id = n.id and a.actor_id = :actorId
         where p.id = :postId and n.kind = 'comment' and not exists (select 1 from comments c
           where c.post_id = :postId and c.author_id = :actorId and c.id <> :commentId)`,
      )
      .pluck(),
    followGroups: db.$client
      .prepare<{ actorId: string; recipientId: string }, string>(
        `select n.id from notifications n
         join notification_actors a on a.notification_id = n.id and a.actor_id = :actorId
         where n.recipient_id = :recipientId and n.kind = 'follow'`,
      )
      .pluck(),
    mentionGroups: db.$client
      .prepare<{ actorId: string; recipientId: string; groupKey: string }, string>(
        `select n.id from notifications n
         join notification_actors a on a.notification_id = n.id and a.actor_id = :actorId
         where n.recipient_id = :recipientId and n.group_key = :groupKey`,
      )
      .pluck(),
    removeActor: run<{ groupId: string; actorId: string }>(
      'delete from notification_actors where notification_id = :groupId and actor_id = :actorId',
    ),
    // A group left with nobody goes; one with others takes the time of its newest remaining actor.
    dropEmpty: run<{ groupId: string }>(
      `delete from notifications where id = :groupId
       and not exists (select 1 from notification_actors where notification_id = :groupId)`,
    ),
    retime: run<{ groupId: string }>(
      `update notifications set latest_at = (select max(created_at) from notification_actors
       where notification_id = :groupId) where id = :groupId`,
    ),
    markRead: run<{ memberId: string; at: number }>(
      'update users set notifications_read_at = max(notifications_read_at, :at) where id = :memberId',
    ),
    dismissOne: run<{ memberId: string; groupId: string }>(
      'delete from notifications where id = :groupId and recipient_id = :memberId',
    ),
    dismissAll: run<{ memberId: string }>('delete from notifications where recipient_id = :memberId'),
  };
});

export function tagWrites(db: Db): Writes['tags'] {
  return {
    async replace(postId, tags) {
      const s = statements(db);
      s.clearTags.run({ postId });
      if (tags.length > 0) s.addTags.run({ postId, tags: JSON.stringify(tags) });
    },
  };
}

export function mentionWrites(db: Db): Writes['mentions'] {
  return {
    async replace(source, userIds) {
      const s = statements(db);
      const onComment = source.commentId !== null;
      const id = source.commentId ?? source.postId;
      const before = new Set((onComment ? s.commentMentions : s.postMentions).all({ id }));
      const after = new Set(userIds);
      const added = [...after].filter((userId) => !before.has(userId));
      const removed = [...before].filter((userId) => !after.has(userId));
      for (const userId of added) (onComment ? s.addCommentMention : s.addPostMention).run({ id, userId });
      for (const userId of removed) {
        (onComment ? s.removeCommentMention : s.removePostMention).run({ id, userId });
      }
      return { added, removed };
    },
  };
}

function groupsOf(db: Db, actorId: string, what: Withdrawal): string[] {
  const s = statements(db);
  if (what.kind === 'like' || what.kind === 'boost') {
    return s.likeGroups.all({ actorId, postId: what.postId, kind: what.kind });
  }
  if (what.kind === 'comment') {
    return s.commentGroups.all({ actorId, postId: what.postId, commentId: what.commentId });
  }
  if (what.kind === 'follow') return s.followGroups.all({ actorId, recipientId: what.recipientId });
  return s.mentionGroups.all({ actorId, recipientId: what.recipientId, groupKey: what.groupKey });
}

export function notificationWrites(db: Db): Writes['notifications'] {
  return {
    async add({ recipientId, actorId, kind, groupKey, postId, commentId, at }) {
      const s = statements(db);
      const groupId = s.addGroup.get({ id: uuid(), recipientId, kind, groupKey, postId, commentId, at });
      if (groupId) s.addActor.run({ groupId, actorId, at });
      return groupId ?? null;
    },
    async withdraw(actorId, what) {
      const s = statements(db);
      const groups = groupsOf(db, actorId, what);
      for (const groupId of groups) {
        s.removeActor.run({ groupId, actorId });
        if (s.dropEmpty.run({ groupId }).changes === 0) s.retime.run({ groupId });
      }
      return groups.length > 0;
    },
    async markRead(memberId, at) {
      statements(db).markRead.run({ memberId, at });
    },
    async dismiss(memberId, groupId) {
      const s = statements(db);
      if (groupId === null) s.dismissAll.run({ memberId });
      else s.dismissOne.run({ memberId, groupId });
    },
  };
}
