import { and, count, desc, eq, inArray, isNull, ne, notInArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { blocks, comments, follows, mutes, postReactions, posts, users } from './schema.js';
import { relationHiddenFrom } from './relations.js';
import { profileColumns, publicUserColumns, publicUserSelect } from './columns.js';
import { memberSearchKeys } from '../../../shared/search-fold.js';
import { usernameKey } from '../../../shared/username-key.js';
import type {
  PublicAccountRow,
  AccountState,
  ActorRow,
  MemberChanges,
  NewMember,
  Reads,
  Role,
  Writes,
} from '../store.js';

const actorColumns = {
  id: users.id,
  username: users.username,
  role: sql<Role>`${users.role}`,
  status: sql<AccountState>`${users.status}`,
  tokenVersion: users.tokenVersion,
};

const statements = preparedOnce((db: Db) => {
  const id = sql.placeholder('id');
  const viewerId = sql.placeholder('viewerId');
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  return {
    actor: db.select(actorColumns).from(users).where(eq(users.id, id)).prepare(),
    names: db
      .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, id))
      .prepare(),
    lookalike: db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.usernameSkeleton, sql.placeholder('skeleton')),
          ne(users.id, sql.placeholder('exceptId')),
        ),
      )
      .limit(1)
      .prepare(),
    // A profile is one statement: its counts are subqueries on indexes (a member's posts by author, follows
    // by follower), so the header of a profile with thousands of posts reads an index, not the posts.
    // Drizzle writes a column of a one-table select without its table, so the outer member is named in full.
    profile: db
      .select({
        ...profileColumns,
        postCount: sql<number>`(select count(*) from ${posts} where ${posts.authorId} = "users"."id")`,
        followingCount: sql<number>`(select count(*) from ${follows} where ${follows.followerId} = "users"."id")`,
        followedByMe: sql<number>`exists (select 1 from ${follows}
          where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = "users"."id")`,
        blockedByMe: sql<number>`exists (select 1 from ${blocks}
          where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = "users"."id")`,
        mutedByMe: sql<number>`exists (select 1 from ${mutes}
          where ${mutes.muterId} = ${viewerId} and ${mutes.mutedId} = "users"."id")`,
        boostsHiddenByMe: sql<number>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId}
          and ${follows.followeeId} = "users"."id" and ${follows.hideBoosts})`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(),
    // Active members only (not pending, not suspended), not limited, and none blocked either way
    // or muted; read as the walk down users_follower_count_idx goes.
    whoToFollow: db
      .select({ ...publicUserColumns, followerCount: users.followerCount })
      .from(users)
      .where(
        and(
          ne(users.id, viewerId),
          notInArray(users.id, followed),
          eq(users.status, 'active'),
          isNull(users.limitedAt),
          sql`${users.id} not in (${relationHiddenFrom(viewerId)})`,
        ),
      )
      .orderBy(desc(users.followerCount), desc(users.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  };
});

export function memberReads(db: Db): Reads['members'] {
  const written = (table: typeof posts | typeof comments, userId: string) =>
    db.select({ n: count() }).from(table).where(eq(table.authorId, userId)).get()?.n ?? 0;
  return {
    idByKey: async (key) => nameStatements(db).idByKey.get({ key }),
    idsByKeys: async (keys) => (keys.length === 0 ? [] : idsByKeys(db).all({ keys: JSON.stringify(keys) })),
    actor: async (id) => statements(db).actor.get({ id }),
    forLogin: async (key) => nameStatements(db).forLogin.get({ key }),
    skeletonTaken: async (skeleton) => !!statements(db).lookalike.get({ skeleton, exceptId: '' }),
    emailTaken: async (key) => nameStatements(db).emailTaken.get({ key }) !== undefined,
    exists: async (id) => !!statements(db).actor.get({ id }),
    async profile(viewerId, userId) {
      const row = statements(db).profile.get({ userId, viewerId });
      if (!row) return undefined;
      const { extra: _extra, updatedAt: _updatedAt, ...fields } = row;
      return {
        ...fields,
        followedByMe: row.followedByMe === 1,
        blockedByMe: row.blockedByMe === 1,
        mutedByMe: row.mutedByMe === 1,
        boostsHiddenByMe: row.boostsHiddenByMe === 1,
      };
    },
    accounts: async (ids, usernameKeys) =>
      ids.length === 0 && usernameKeys.length === 0
        ? []
        : accounts(db).all({ ids: JSON.stringify(ids), keys: JSON.stringify(usernameKeys) }),
    whoToFollow: async (viewerId, limit) => statements(db).whoToFollow.all({ viewerId, limit }),
    newestFirst: async () =>
      db
        .select({
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          posts: db.$count(posts, eq(posts.authorId, users.id)),
          followers: users.followerCount,
          createdAt: users.createdAt,
        })
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .all(),
    contentOf: async (id) => ({ posts: written(posts, id), comments: written(comments, id) }),
  };
}

export function memberWrites(db: Db): Writes['members'] {
  return {
    lock: async (id) => !!statements(db).actor.get({ id }),
    // Two signups for one name at once: the unique index decides, and the loser writes nothing.
    insert: async (row) =>
      db
        .insert(users)
        .values({ ...row, ...searchKeysOf(row) })
        .onConflictDoNothing()
        .run().changes > 0,
    // users_username_skeleton_idx; the write transaction is the only one, so nobody inserts meanwhile.
    lookalike: async (skeleton, exceptId) => !!statements(db).lookalike.get({ skeleton, exceptId }),
    addFormerHandle: async (userId, name, at) =>
      nameStatements(db).addFormer.run({ key: usernameKey(name), userId, name, at }).changes > 0,
    update: async (id, changes, at) =>
      db
        .update(users)
        .set({ ...changes, ...renamed(db, id, changes), updatedAt: at })
        .where(eq(users.id, id))
        .run().changes > 0,
    delete: async (id) => deleteMember(db, id),
  };
}

const searchKeysOf = (row: NewMember) =>
  memberSearchKeys({ username: row.username, firstName: row.firstName ?? '', lastName: row.lastName ?? '' });

/** People search's keys move with the names: read inside the write transaction, so nobody writes between. */
function renamed(db: Db, id: string, changes: MemberChanges) {
  if (changes.firstName === undefined && changes.lastName === undefined) return {};
  const names = statements(db).names.get({ id });
  if (!names) return {};
  return memberSearchKeys({
    username: names.username,
    firstName: changes.firstName ?? names.firstName,
    lastName: changes.lastName ?? names.lastName,
  });
}

/**
 * The foreign keys cascade the member's rows (their posts with those posts' comments, reactions and
 * bookmarks; their comments, votes, bookmarks and follows), but the stored counters on what stays must be
 * moved back first, while the rows that count are still there:
 * - a like added one to like_count and a dislike took one away, so removing the member's reaction undoes
 *   that one step, never below zero (spec: a like count is never negative);
 * - each of their comments on another member's post counted once in its comment_count;
 * - each member they followed counted them once in follower_count.
 * Their own posts go whole, so their counters need no care.
 */
function deleteMember(db: Db, userId: string): void {
  const othersPosts = (ids: SQLWrapper) => and(inArray(posts.id, ids), ne(posts.authorId, userId));

  const reaction = sql`(select case ${postReactions.kind} when 'like' then 1 else -1 end from ${postReactions}
    where ${postReactions.postId} = ${posts.id} and ${postReactions.userId} = ${userId})`;
  db.update(posts)
    .set({ likeCount: sql`max(0, ${posts.likeCount} - ${reaction})` })
    .where(
      othersPosts(
        db.select({ id: postReactions.postId }).from(postReactions).where(eq(postReactions.userId, userId)),
      ),
    )
    .run();

  const theirComments = sql`(select count(*) from ${comments}
    where ${comments.postId} = ${posts.id} and ${comments.authorId} = ${userId})`;
  db.update(posts)
    .set({ commentCount: sql`${posts.commentCount} - ${theirComments}` })
    .where(
      othersPosts(db.select({ id: comments.postId }).from(comments).where(eq(comments.authorId, userId))),
    )
    .run();

  db.update(users)
    .set({ followerCount: sql`${users.followerCount} - 1` })
    .where(
      inArray(
        users.id,
        db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId)),
      ),
    )
    .run();

  // Notifications about them alone go with them; a group with others loses only their name (a cascade)
  // and takes the time of its newest other actor, as after an unlike.
  dropTheirNotifications(db).run({ userId });
  retimeTheirGroups(db).run({ userId });
  db.delete(users).where(eq(users.id, userId)).run();
}

// follower_count and member_post_counts are kept by writes (a page's authors may have written thousands of
// posts each: counting them took 4.7 ms a page at 1M posts); the follows a member makes are at most a few
// hundred entries of follows_follower_created_idx, and the newest post is one seek of posts_author_created_idx.
const accounts = preparedOnce((db: Db) =>
  db.$client.prepare<{ ids: string; keys: string }, PublicAccountRow>(
    `select ${publicUserSelect('u')}, u.bio, u.link, u.profile_banner as profileBanner,
       u.created_at as createdAt, u.follower_count as followerCount,
       (select count(*) from follows where follower_id = u.id) as followingCount,
       coalesce((select n from member_post_counts where member_id = u.id), 0) as postCount,
       (select max(created_at) from posts where author_id = u.id) as lastPostAt
     from users u
     where u.id in (select value from json_each(:ids)) or u.username_key in (select value from json_each(:keys))`,
  ),
);

// A member by a name: their handle, or a former one (and at login their email too), each on its unique index.
const nameStatements = preparedOnce((db: Db) => ({
  idByKey: db.$client
    .prepare<{ key: string }, string>(
      `select id from users where username_key = :key
       union all select user_id from former_handles where key = :key limit 1`,
    )
    .pluck(),
  // The first of the three that names someone, each a lookup on its unique index.
  forLogin: db.$client.prepare<{ key: string }, ActorRow & { passwordHash: string }>(
    `select ${loginColumns} from users where id = coalesce(
       (select id from users where username_key = :key),
       (select id from users where email_key = :key),
       (select user_id from former_handles where key = :key))`,
  ),
  emailTaken: db.$client.prepare<{ key: string }, { id: string }>(
    'select id from users where email_key = :key',
  ),
  addFormer: db.$client.prepare<{ key: string; userId: string; name: string; at: number }>(
    `insert into former_handles (key, user_id, name, changed_at) values (:key, :userId, :name, :at)
     on conflict do nothing`,
  ),
}));
const loginColumns =
  'id, username, role, status, token_version as tokenVersion, password_hash as passwordHash';

const idsByKeys = preparedOnce((db: Db) =>
  db.$client
    .prepare<{ keys: string }, string>(
      'select u.id from json_each(:keys) as k join users u on u.username_key = k.value',
    )
    .pluck(),
);

const dropTheirNotifications = preparedOnce((db: Db) =>
  db.$client.prepare<{ userId: string }>(
    `delete from notifications where id in (select notification_id from notification_actors
     where actor_id = :userId) and (select count(*) from notification_actors a
     where a.notification_id = notifications.id) = 1`,
  ),
);

const retimeTheirGroups = preparedOnce((db: Db) =>
  db.$client.prepare<{ userId: string }>(
    `update notifications set latest_at = (select max(a.created_at) from notification_actors a
     where a.notification_id = notifications.id and a.actor_id <> :userId)
     where id in (select notification_id from notification_actors where actor_id = :userId)`,
  ),
);
