import { memberSearchKeys } from '../../../shared/search-fold.js';
import { usernameKey } from '../../../shared/username-key.js';
import type {
  PublicAccountRow,
  ActorRow,
  MemberChanges,
  NewMember,
  ProfileRow,
  Reads,
  Writes,
} from '../store.js';
import { publicUserSelect, userColumn } from './columns.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

const idsByKeys = statement<{ id: string }>(
  'member-ids-by-keys',
  'select id from users where username_key = any($1::text[])',
);
// A member by a name: their handle, or a former one (and at login their email too), each on its unique index.
const idByKey = statement<{ id: string }>(
  'member-id-by-key',
  'select id from users where username_key = $1 union all select user_id from former_handles where key = $1 limit 1',
);
const emailTaken = statement<{ id: string }>(
  'member-email-taken',
  'select id from users where email_key = $1',
);
const addFormer = writeStatement(
  'member-add-former-handle',
  `insert into former_handles (key, user_id, name, changed_at) values ($1, $2, $3, $4) on conflict do nothing`,
);
// The skeleton's lock: two keys (a class of Realm's own, then the skeleton's hash), a space apart from the
// one-key locks of the migrations and the seed.
const lookalikeLock = 0x5265616c;
const lockSkeleton = statement('member-lock-skeleton', 'select pg_advisory_xact_lock($1, hashtext($2))');
const lookalike = statement<{ id: string }>(
  'member-lookalike',
  'select id from users where username_skeleton = $1 and id <> $2 limit 1',
);
const actorColumns = 'id, username, role, status, token_version as "tokenVersion"';
const actor = statement<ActorRow>('member-actor', `select ${actorColumns} from users where id = $1`);
// The first of the three that names someone, each a lookup on its unique index.
const forLogin = statement<ActorRow & { passwordHash: string }>(
  'member-for-login',
  `select ${actorColumns}, password_hash as "passwordHash" from users where id = coalesce(
     (select id from users where username_key = $1),
     (select id from users where email_key = $1),
     (select user_id from former_handles where key = $1))`,
);
// One statement, as on SQLite: the counts are subqueries on indexes (posts by author, follows by follower).
const profile = statement<TextTimes<ProfileRow, 'createdAt'>>(
  'member-profile',
  `select ${publicUserSelect('u')}, u.bio, u.link, u.profile_banner as "profileBanner",
     u.follower_count as "followerCount", u.created_at as "createdAt",
     (select count(*) from posts where author_id = u.id)::int as "postCount",
     (select count(*) from follows where follower_id = u.id)::int as "followingCount",
     exists (select 1 from follows where follower_id = $1 and followee_id = u.id) as "followedByMe",
     exists (select 1 from blocks where blocker_id = $1 and blocked_id = u.id) as "blockedByMe",
     exists (select 1 from mutes where muter_id = $1 and muted_id = u.id) as "mutedByMe",
     exists (select 1 from follows where follower_id = $1 and followee_id = u.id and hide_boosts)
       as "boostsHiddenByMe"
   from users u where u.id = $2`,
);
// Active members only (not pending, not suspended), not limited, and none blocked either way or
// muted; read as the walk down users_follower_count_idx goes. Anti-joins on the relations' keys, not
// `<> all (array(...))`: with the array the planner scanned users and sorted them (tests/pg/query-plans).
const whoToFollow = statement<Awaited<ReturnType<Reads['members']['whoToFollow']>>[number]>(
  'member-who-to-follow',
  `select ${publicUserSelect('u')}, u.follower_count as "followerCount" from users u
   where u.id <> $1 and not exists (select 1 from follows where follower_id = $1 and followee_id = u.id)
     and u.status = 'active' and u.limited_at is null
     and not exists (select 1 from blocks where blocker_id = $1 and blocked_id = u.id)
     and not exists (select 1 from blocks where blocker_id = u.id and blocked_id = $1)
     and not exists (select 1 from mutes where muter_id = $1 and muted_id = u.id)
   order by u.follower_count desc, u.id desc limit $2`,
);
// As on SQLite: follower_count and member_post_counts are kept by writes; the follows a member makes and the
// newest post are read from follows_follower_created_idx and posts_author_created_idx.
const accounts = statement<TextTimes<PublicAccountRow, 'createdAt' | 'lastPostAt'>>(
  'member-accounts',
  `select ${publicUserSelect('u')}, u.bio, u.link, u.profile_banner as "profileBanner",
     u.created_at as "createdAt", u.follower_count as "followerCount",
     (select count(*) from follows where follower_id = u.id)::int as "followingCount",
     coalesce((select n from member_post_counts where member_id = u.id), 0) as "postCount",
     (select max(created_at) from posts where author_id = u.id) as "lastPostAt"
   from users u where u.id = any($1::text[]) or u.username_key = any($2::text[])`,
);
const lock = writeStatement('member-lock', 'select 1 from users where id = $1 for update');
const names = statement<{ username: string; firstName: string; lastName: string }>(
  'member-names',
  'select username, first_name as "firstName", last_name as "lastName" from users where id = $1 for update',
);

const searchKeysOf = (row: NewMember) =>
  memberSearchKeys({ username: row.username, firstName: row.firstName ?? '', lastName: row.lastName ?? '' });

/**
 * People search's keys move with the names. The row is locked first: of two edits at once (one of the first
 * name, one of the last), the second reads the first's name, and the keys match the names that stay.
 */
async function renamed(db: Queryable, id: string, changes: MemberChanges) {
  if (changes.firstName === undefined && changes.lastName === undefined) return {};
  const [row] = await names(db, [id]);
  if (!row) return {};
  return memberSearchKeys({
    username: row.username,
    firstName: changes.firstName ?? row.firstName,
    lastName: changes.lastName ?? row.lastName,
  });
}

export function memberReads(db: Queryable): Reads['members'] {
  const written = async (table: 'posts' | 'comments', id: string) =>
    Number((await db.query(`select count(*) as n from ${table} where author_id = $1`, [id])).rows[0].n);
  return {
    idByKey: async (key) => (await idByKey(db, [key]))[0]?.id,
    idsByKeys: async (keys) => (keys.length === 0 ? [] : (await idsByKeys(db, [keys])).map((row) => row.id)),
    actor: async (id) => (await actor(db, [id]))[0],
    forLogin: async (key) => (await forLogin(db, [key]))[0],
    skeletonTaken: async (skeleton) => (await lookalike(db, [skeleton, ''])).length > 0,
    emailTaken: async (key) => (await emailTaken(db, [key])).length > 0,
    exists: async (id) => (await actor(db, [id])).length > 0,
    async profile(viewerId, userId) {
      const row = (await profile(db, [viewerId, userId]))[0];
      // node-postgres reads a bigint as text: it may exceed 2^53; a time in milliseconds does not.
      return row && { ...row, createdAt: Number(row.createdAt) };
    },
    async accounts(ids, usernameKeys) {
      if (ids.length === 0 && usernameKeys.length === 0) return [];
      const rows = await accounts(db, [ids, usernameKeys]);
      return rows.map((row) => ({
        ...row,
        createdAt: Number(row.createdAt),
        lastPostAt: row.lastPostAt === null ? null : Number(row.lastPostAt),
      }));
    },
    whoToFollow: (viewerId, limit) => whoToFollow(db, [viewerId, limit]),
    async newestFirst() {
      const { rows } = await db.query(
        `select username, first_name as "firstName", last_name as "lastName",
           (select count(*) from posts where author_id = u.id)::int as posts,
           follower_count as followers, created_at as "createdAt"
         from users u order by created_at desc, id desc`,
      );
      return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
    },
    contentOf: async (id) => ({ posts: await written('posts', id), comments: await written('comments', id) }),
  };
}

/** `fields` as `column = $n` assignments from `$first` on, and their values. */
function assignments(fields: Record<string, unknown>, first: number) {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    columns: entries.map(([key]) => userColumn(key as Parameters<typeof userColumn>[0])),
    values: entries.map(([, value]) => value),
    placeholders: entries.map((_, i) => `$${first + i}`),
  };
}

export function memberWrites(db: Queryable): Writes['members'] {
  return {
    lock: async (id) => (await lock(db, [id])) > 0,
    // Two signups for one name at once: the unique index decides, and the loser writes nothing.
    async insert(row) {
      const { columns, values, placeholders } = assignments({ ...row, ...searchKeysOf(row) }, 1);
      const { rowCount } = await db.query(
        `insert into users (${columns.join(', ')}) values (${placeholders.join(', ')}) on conflict do nothing`,
        values,
      );
      return (rowCount ?? 0) > 0;
    },
    async lookalike(skeleton, exceptId) {
      await lockSkeleton(db, [lookalikeLock, skeleton]);
      return (await lookalike(db, [skeleton, exceptId])).length > 0;
    },
    addFormerHandle: async (userId, name, at) =>
      (await addFormer(db, [usernameKey(name), userId, name, at])) > 0,
    async update(id, changes, at) {
      const keys = await renamed(db, id, changes);
      const { columns, values, placeholders } = assignments({ ...changes, ...keys, updatedAt: at }, 2);
      const set = columns.map((name, i) => `${name} = ${placeholders[i]}`).join(', ');
      const { rowCount } = await db.query(`update users set ${set} where id = $1`, [id, ...values]);
      return (rowCount ?? 0) > 0;
    },
    delete: (id) => deleteMember(db, id),
  };
}

/**
 * As ../sqlite/members.ts deleteMember: the foreign keys cascade the member's rows, but the counters on
 * what stays move back first, while the rows that count are still there: each reaction undoes its one
 * step of like_count (never below zero), each comment on another's post its one comment_count, each
 * follow its one follower_count. Their own posts go whole.
 */
async function deleteMember(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update posts p set like_count = greatest(0, p.like_count - case r.kind when 'like' then 1 else -1 end)
     from post_reactions r where r.post_id = p.id and r.user_id = $1 and p.author_id <> $1`,
    [userId],
  );
  await db.query(
    `update posts p set comment_count = p.comment_count - mine.n
     from (select post_id, count(*) as n from comments where author_id = $1 group by post_id) as mine
     where mine.post_id = p.id and p.author_id <> $1`,
    [userId],
  );
  await db.query(
    `update users set follower_count = follower_count - 1
     where id in (select followee_id from follows where follower_id = $1)`,
    [userId],
  );
  // Notifications about them alone go with them; a group with others loses only their name (a cascade)
  // and takes the time of its newest other actor, as after an unlike.
  await db.query(
    `delete from notifications n where n.id in (select notification_id from notification_actors
     where actor_id = $1) and (select count(*) from notification_actors a where a.notification_id = n.id) = 1`,
    [userId],
  );
  await db.query(
    `update notifications n set latest_at = (select max(a.created_at) from notification_actors a
     where a.notification_id = n.id and a.actor_id <> $1)
     where n.id in (select notification_id from notification_actors where actor_id = $1)`,
    [userId],
  );
  await db.query('delete from users where id = $1', [userId]);
}
