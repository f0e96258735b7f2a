import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// The PostgreSQL twin of src/server/store/sqlite/schema.ts (docs/decisions/0002-two-engines.md): the same
// tables, columns, keys and indexes under the same names, so one set of rules reads both.
// tests/pg/schema.test.ts keeps the two alike. Differences, each because PostgreSQL needs it:
// - times are Unix milliseconds in `bigint` (an `integer` is 32 bits), read as JavaScript numbers;
// - `score` is a stored generated column (PostgreSQL 15 has no virtual ones);
// - the reaction and vote kinds are checked by CHECK constraints (SQLite's schema only types them).
const millis = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    // Collated "C" (migration 0004_username_key_bytes, which Drizzle cannot declare): byte order, as SQLite's.
    usernameKey: text('username_key').notNull(),
    // Null only between the migration that added it and the start-up that fills it in (migrate.ts).
    usernameSkeleton: text('username_skeleton'),
    // People search's keys, collated "C" as username_key (a custom migration): byte order, as SQLite's, so
    // the keys that start with a prefix are one range in every locale.
    searchUsername: text('search_username'),
    searchName: text('search_name'),
    searchLast: text('search_last'),
    // The member's email, private (docs/decisions/0016-handle-and-email.md): never in an answer to anyone but
    // the member and the instance's admins. Null for a member who never gave one. `email_key` is it folded
    // (shared/handle.ts emailKey): unique, and what login matches.
    email: text('email'),
    emailKey: text('email_key'),
    emailConfirmedAt: millis('email_confirmed_at'),
    // How many times the member may still change their handle themselves: 1 when the migration or REST
    // signup made it from another name, else 0 (a handle is fixed once chosen).
    handleChangesLeft: integer('handle_changes_left').notNull().default(0),
    signInNotices: integer('sign_in_notices').notNull().default(1),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    bio: text('bio').notNull().default(''),
    link: text('link').notNull().default(''),
    profilePic: text('profile_pic').notNull().default(''),
    profileBanner: text('profile_banner').notNull().default(''),
    extra: text('extra').notNull().default('{}'),
    followerCount: integer('follower_count').notNull().default(0),
    notificationsReadAt: millis('notifications_read_at').notNull().default(0),
    // Where an app last stopped reading the home timeline (Mastodon's home marker: a status id, '' for none)
    // and when it was saved; the web app keeps no such place.
    homeMarker: text('home_marker').notNull().default(''),
    homeMarkerAt: millis('home_marker_at').notNull().default(0),
    // 'member', 'moderator' or 'admin' (domain/roles.ts), checked inside the rules that need it.
    role: text('role').notNull().default('member'),
    // 'active', 'pending' (waiting for approval) or 'suspended' (domain/roles.ts).
    status: text('status').notNull().default('active'),
    // When a moderator limited the member (hidden from explore and who-to-follow); null when not limited.
    limitedAt: millis('limited_at'),
    // Every token carries the version it was signed with; moving it on ends every session (domain/auth.ts).
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    uniqueIndex('users_email_key_idx')
      .on(t.emailKey)
      .where(sql`email_key is not null`),
    index('users_username_skeleton_idx').on(t.usernameSkeleton),
    index('users_search_username_idx').on(t.searchUsername),
    index('users_search_name_idx').on(t.searchName),
    index('users_search_last_idx').on(t.searchLast),
    index('users_follower_count_idx').on(t.followerCount, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    // The admin screens: members by status (pending first to approve), and the instance's admins on /about.
    index('users_status_created_idx').on(t.status, t.createdAt, t.id),
    index('users_role_idx').on(t.role, t.createdAt),
  ],
);

/**
 * A member's former handles (docs/decisions/0016-handle-and-email.md): the name a migration, a REST signup,
 * a handle change or an administrator's rename replaced. Each stays reserved (signup refuses it), a lookup
 * by it finds the member, whose profile it redirects to, and login still takes it.
 */
export const formerHandles = pgTable(
  'former_handles',
  {
    // The name folded as usernames are (shared/username-key.ts).
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The name as it was given.
    name: text('name').notNull(),
    changedAt: millis('changed_at').notNull(),
  },
  (t) => [index('former_handles_user_idx').on(t.userId)],
);

export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    score: integer('score').generatedAlwaysAs(sql`like_count + comment_count`),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    editedAt: millis('edited_at'),
    commentPolicy: text('comment_policy', { enum: ['everyone', 'following', 'mentioned'] })
      .notNull()
      .default('everyone'),
    quotePolicy: text('quote_policy', { enum: ['everyone', 'followers', 'nobody'] })
      .notNull()
      .default('everyone'),
    quoteOfId: text('quote_of_id').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    // 0 or 1, as on SQLite (copy-from-sqlite.ts copies values as they are).
    isQuote: integer('is_quote').notNull().default(0),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
    index('posts_author_score_idx').on(t.authorId, t.score, t.createdAt, t.id),
    index('posts_quote_of_created_idx').on(t.quoteOfId, t.createdAt, t.id),
    check('posts_comment_policy_check', sql`${t.commentPolicy} in ('everyone', 'following', 'mentioned')`),
    check('posts_quote_policy_check', sql`${t.quotePolicy} in ('everyone', 'followers', 'nobody')`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    editedAt: millis('edited_at'),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId),
  ],
);

export const postVersions = pgTable(
  'post_versions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    writtenAt: millis('written_at').notNull(),
    replacedAt: millis('replaced_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.version] })],
);

/**
 * A picture a member uploaded (domain/media.ts): unattached (post_id null) until a post takes it, then shown
 * on that post at `position`. The files are in the media storage under their content-hash keys, which two
 * rows share when the same picture is uploaded twice; `bytes` is both files' size, what the quota counts.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    alt: text('alt').notNull().default(''),
    // 'post', 'avatar' or 'banner' (interface/media.ts): avatars and banners are never on a post.
    kind: text('kind').notNull().default('post'),
    largeKey: text('large_key').notNull(),
    previewKey: text('preview_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    previewWidth: integer('preview_width').notNull(),
    previewHeight: integer('preview_height').notNull(),
    // ThumbHash, base64: painted before the picture arrives.
    placeholder: text('placeholder').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    // A post's pictures in order (cards, edits, deleting a post). Partial: unattached uploads (all with a
    // null post_id) would otherwise make the index look useless to SQLite's planner after an ANALYZE.
    index('media_post_idx')
      .on(t.postId, t.position)
      .where(sql`post_id is not null`),
    // Cleanup: post uploads never attached, oldest first, across members. Avatars and banners (post_id null
    // too, for ever) are left out, so the hourly look never walks past every member's avatar.
    index('media_unattached_idx')
      .on(t.createdAt, t.id)
      .where(sql`post_id is null and kind = 'post'`),
    // A member's unattached uploads by age, and the sum of a member's bytes (the quota) from the index alone.
    index('media_owner_idx').on(t.ownerId, t.postId, t.createdAt, t.bytes),
    // Whether any other row still uses a file before it is deleted.
    index('media_large_key_idx').on(t.largeKey),
    index('media_preview_key_idx').on(t.previewKey),
  ],
);

export const commentVersions = pgTable(
  'comment_versions',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    writtenAt: millis('written_at').notNull(),
    replacedAt: millis('replaced_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.version] })],
);

export const postReactions = pgTable(
  'post_reactions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // A member's likes, newest first (the Mastodon API's favourites); its prefix serves an account's deletion.
    index('post_reactions_user_kind_created_idx').on(t.userId, t.kind, t.createdAt, t.postId),
    index('post_reactions_post_kind_created_idx').on(t.postId, t.kind, t.createdAt),
    check('post_reactions_kind_check', sql`${t.kind} in ('like', 'dislike')`),
  ],
);

export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['up', 'down'] }).notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index('comment_votes_user_idx').on(t.userId),
    index('comment_votes_comment_kind_created_idx').on(t.commentId, t.kind, t.createdAt),
    check('comment_votes_kind_check', sql`${t.kind} in ('up', 'down')`),
  ],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('bookmarks_user_created_idx').on(t.userId, t.createdAt, t.postId),
    index('bookmarks_post_idx').on(t.postId),
  ],
);

/**
 * A member boosted a post to their followers (docs/decisions/0011-boosts-in-the-home-feed.md). A deleted post
 * or member takes its boosts with it.
 */
export const boosts = pgTable(
  'boosts',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // A member's boosts: what a deleted account's cascade finds (their feed stream is feed_items).
    index('boosts_user_created_idx').on(t.userId, t.createdAt, t.postId),
    // A post's boosts newer than one: whether a later boost in my feed supersedes it, from the index alone.
    index('boosts_post_created_idx').on(t.postId, t.createdAt, t.userId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
    // The follower chose "Hide boosts" on the followee's profile: their boosts leave the follower's home feed.
    hideBoosts: boolean('hide_boosts').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
  ],
);

/** A post's hashtags (shared/rich-text.ts), folded; the tag's feed, newest first. */
export const postTags = pgTable(
  'post_tags',
  {
    // Collated "C" (migration 0012_search_bytes): a typed prefix's tags are one range, as on SQLite.
    tag: text('tag').notNull(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    // The post's createdAt, so that a tag's feed reads in order from this table's index alone.
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.postId] }),
    // /tag/:tag: a tag's posts, newest first.
    index('post_tags_tag_created_idx').on(t.tag, t.createdAt, t.postId),
    index('post_tags_post_idx').on(t.postId),
  ],
);

/** Members a post mentions and who exist: their mentions link to them. */
export const postMentions = pgTable(
  'post_mentions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_mentions_user_idx').on(t.userId)],
);

/** Members a comment mentions and who exist. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_mentions_user_idx').on(t.userId)],
);

/**
 * A notification as a member sees it: one row per group ("Amara Okafor and 3 others liked your post"), its
 * actors in notification_actors. `group_key` says what groups together (domain/notifications.ts); a post's or
 * comment's notifications go with it (foreign keys cascade).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'comment', 'mention', 'follow', 'quote', 'boost'] }).notNull(),
    groupKey: text('group_key').notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    // When its newest actor acted: the list's order, and unread when after the member's read marker.
    latestAt: millis('latest_at').notNull(),
  },
  (t) => [
    uniqueIndex('notifications_recipient_group_idx').on(t.recipientId, t.groupKey),
    // A member's notifications, newest first, and the unread count (latest_at above the read marker).
    index('notifications_recipient_latest_idx').on(t.recipientId, t.latestAt, t.id),
    // What an unlike or an unfollow takes back: the recipient's groups of one kind (and post).
    index('notifications_recipient_kind_post_idx').on(t.recipientId, t.kind, t.postId),
    // The Mentions filter of the notifications page: one kind's groups, newest first.
    index('notifications_recipient_kind_latest_idx').on(t.recipientId, t.kind, t.latestAt, t.id),
    index('notifications_post_idx').on(t.postId),
    index('notifications_comment_idx').on(t.commentId),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('like', 'comment', 'mention', 'follow', 'quote', 'boost')`,
    ),
  ],
);

/** Who a notification is about: one row per member in its group, newest first. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: text('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    // A group's newest actors, shown by name.
    index('notification_actors_group_created_idx').on(t.notificationId, t.createdAt),
    // What a member withdraws (an unlike, an unfollow) and what goes when they do.
    index('notification_actors_actor_idx').on(t.actorId),
  ],
);

/** The instance's settings (name, description, rules, registration...), one row per setting. */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Invite codes (registration "invite"): who made one, until when and how many times it may be used. */
export const invites = pgTable(
  'invites',
  {
    code: text('code').primaryKey(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
    // Null: never expires, or no limit on uses.
    expiresAt: millis('expires_at'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [index('invites_creator_created_idx').on(t.createdBy, t.createdAt)],
);

/** Who blocked whom. A block hides both members from each other; the key serves "whom did I block". */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Who blocked me": a block works both ways.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Who muted whom. A mute hides the muted member from the muter alone; the muted member notices nothing. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    // Live updates: which of a post's readers muted its author.
    index('mutes_muted_idx').on(t.mutedId, t.muterId),
  ],
);

/**
 * A member's report of a post, a comment or a member. `subjectId` is the member it is about (the author of
 * the content); `excerpt` keeps the reported text as the reporter saw it, so the queue still shows it after
 * the content is edited or removed.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'post', 'comment' or 'member'.
    targetKind: text('target_kind').notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    excerpt: text('excerpt').notNull().default(''),
    // 'spam', 'harassment', 'illegal' or 'other'.
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: millis('created_at').notNull(),
    // Set when a moderator resolves it: when, who, and with which action ('remove', 'limit', 'suspend',
    // 'dismiss').
    resolvedAt: millis('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
  },
  (t) => [
    // The queue: open reports (resolved_at null) oldest first; resolved ones newest first.
    index('reports_resolved_created_idx').on(t.resolvedAt, t.createdAt, t.id),
    index('reports_subject_idx').on(t.subjectId),
    index('reports_post_idx').on(t.postId),
    index('reports_comment_idx').on(t.commentId),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

/**
 * Every moderation and administration action: who, what, to whom, when and why. Names are copied in, so
 * the log still reads after an account is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // The moderator's username, or "(command line)" for `realm admin`.
    actorName: text('actor_name').notNull(),
    // domain/moderation.ts AuditAction: 'remove-post', 'suspend', 'set-role', 'registration'...
    action: text('action').notNull(),
    subjectId: text('subject_id').references(() => users.id, { onDelete: 'set null' }),
    subjectName: text('subject_name').notNull().default(''),
    // What was acted on, in words: the removed text's excerpt, the new role, the new setting.
    detail: text('detail').notNull().default(''),
    reason: text('reason').notNull().default(''),
    reportId: text('report_id'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_subject_idx').on(t.subjectId),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: millis('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/** A browser's Web Push subscription: as in SQLite's schema. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    kinds: text('kinds').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * Secrets every node of an instance must share: the token signing secret (unless REALM_JWT_SECRET gives it),
 * so a token from one node works on another, and the Web Push (VAPID) key pair. SQLite has the same table
 * for the VAPID keys but keeps the token secret in `jwt-secret` beside the database file.
 */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Apps signed in through the Mastodon client API's OAuth (docs/decisions/0013-oauth-for-apps.md). Secrets,
 * codes and tokens are kept only as SHA-256 hashes: a copy of the database signs nobody in.
 */
export const oauthApps = pgTable(
  'oauth_apps',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    website: text('website'),
    // One registered redirect URI a line, as Mastodon's redirect_uris.
    redirectUris: text('redirect_uris').notNull(),
    // Space-separated, as OAuth writes scopes.
    scopes: text('scopes').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretHash: text('client_secret_hash').notNull(),
    createdAt: millis('created_at').notNull(),
    // When a code or a token was first issued for it; null for an app never authorized, removed after a
    // day (docs/mastodon-api.md, "Signing in from an app").
    authorizedAt: millis('authorized_at'),
  },
  (t) => [
    uniqueIndex('oauth_apps_client_id_idx').on(t.clientId),
    // The cleanup: apps never authorized, oldest first. Partial, so it holds none of the apps in use.
    index('oauth_apps_unauthorized_idx')
      .on(t.createdAt)
      .where(sql`authorized_at is null`),
  ],
);

/** Authorization codes: valid ten minutes, used once (deleted by the exchange that uses them). */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => oauthApps.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: text('scopes').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    // PKCE S256's challenge, or null when the app sent none.
    codeChallenge: text('code_challenge'),
    expiresAt: millis('expires_at').notNull(),
  },
  // A deleted account's codes and a removed app's (the cascades), and the expired ones swept when a code is
  // made.
  (t) => [
    index('oauth_codes_member_idx').on(t.memberId),
    index('oauth_codes_app_idx').on(t.appId),
    index('oauth_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Access tokens. `member_id` is null for an app's own token (client credentials). `member_token_version` is
 * the member's users.token_version when it was issued: "sign out everywhere" and a password change move it
 * on and end the token. A revoked token is deleted, not marked.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    appId: text('app_id')
      .notNull()
      .references(() => oauthApps.id, { onDelete: 'cascade' }),
    memberId: text('member_id').references(() => users.id, { onDelete: 'cascade' }),
    memberTokenVersion: integer('member_token_version').notNull(),
    scopes: text('scopes').notNull(),
    createdAt: millis('created_at').notNull(),
    lastUsedAt: millis('last_used_at'),
  },
  (t) => [
    uniqueIndex('oauth_tokens_hash_idx').on(t.tokenHash),
    // The member's apps (settings), revoking one app's tokens, and a deleted account's cascade.
    index('oauth_tokens_member_app_idx').on(t.memberId, t.appId),
    index('oauth_tokens_app_idx').on(t.appId),
  ],
);

/**
 * An app's Web Push subscription through the Mastodon client API (docs/mastodon-api.md, "Push"): one per
 * access token, gone with it. Mastodon's push message carries the app's token, so that an app signed in to
 * several accounts knows which one a push is for; the token is kept sealed (AES-256-GCM under a key derived
 * from the instance's token secret, mastodon/push-seal.ts), so a copy of the database alone signs nobody in.
 */
export const appPushSubscriptions = pgTable(
  'app_push_subscriptions',
  {
    tokenId: text('token_id')
      .primaryKey()
      .references(() => oauthTokens.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    standard: boolean('standard').notNull(),
    alerts: text('alerts').notNull(),
    policy: text('policy').notNull(),
    sealedToken: text('sealed_token').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('app_push_subscriptions_member_idx').on(t.memberId)],
);

/**
 * Mail waiting to be sent (docs/mail.md, docs/decisions/0015-mail-queue.md): written in the transaction of
 * the change it tells of, taken by one process at a time under a lease, deleted once the mail server has
 * accepted it or Realm has given up on it. Only a kind of error is kept (`ECONNECTION`, `EENVELOPE 550`),
 * never a server's answer, which may quote the address or the credentials.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: millis('created_at').notNull(),
    // Tries begun, counted as each begins: a mail that stops its process mid-send still runs out of tries.
    attempts: integer('attempts').notNull().default(0),
    // When it may next be taken: its next try, or while a process holds it, the end of that lease, after
    // which another process may take it (the one holding it stopped).
    nextAttemptAt: millis('next_attempt_at').notNull(),
    // Who holds the lease (one sender of one process), so that only it records how its try ended.
    leaseId: text('lease_id'),
    lastError: text('last_error'),
  },
  // The sender's claim: the due mails, soonest first, and when the next one is due.
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt)],
);

/** As SQLite's: a member's TOTP second factor, its secret sealed (docs/security.md, "Second factors"). */
export const secondFactors = pgTable('second_factors', {
  memberId: text('member_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }).notNull(),
  enabledAt: millis('enabled_at').notNull(),
});

/** As SQLite's: one-time recovery codes as SHA-256 (hex), deleted when used. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.codeHash] })],
);

/** As SQLite's: a member's passkeys (WebAuthn credentials). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').notNull(),
    createdAt: millis('created_at').notNull(),
    lastUsedAt: millis('last_used_at'),
  },
  (t) => [index('passkeys_member_idx').on(t.memberId, t.createdAt)],
);

/** As SQLite's: the links mailed to a member, by the SHA-256 of their token. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    usedAt: millis('used_at'),
  },
  (t) => [index('email_tokens_member_idx').on(t.memberId, t.purpose)],
);

/** As SQLite's: the browsers and apps a member has signed in from. */
export const knownDevices = pgTable(
  'known_devices',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    firstSeenAt: millis('first_seen_at').notNull(),
    lastSeenAt: millis('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.deviceKey] })],
);
