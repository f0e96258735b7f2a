import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';

// Times are Unix milliseconds: they sort and compare exactly; the API formats them on the way out.

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    // The username folded for comparison (see usernameKey): unique, and what login and profile lookups match.
    usernameKey: text('username_key').notNull(),
    // What the username looks like (domain/username-skeleton.ts): signup refuses a look-alike of a member's.
    // Null only between the migration that added it and the start-up that fills it in (client.ts).
    usernameSkeleton: text('username_skeleton'),
    // People search's keys (shared/search-fold.ts): the username, "first last" and the last name, folded, so
    // a typed prefix is one range of each index. Written with the names by members.ts; null only between
    // the migration that added them and the start-up that fills them in (client.ts).
    searchUsername: text('search_username'),
    searchName: text('search_name'),
    searchLast: text('search_last'),
    // The member's email, private (docs/decisions/0016-handle-and-email.md): never in an answer to anyone but
    // the member and the instance's admins. Null for a member who never gave one. `email_key` is it folded
    // (shared/handle.ts emailKey): unique, and what login matches.
    email: text('email'),
    emailKey: text('email_key'),
    emailConfirmedAt: integer('email_confirmed_at'),
    // How many times the member may still change their handle themselves: 1 when the migration or REST
    // signup made it from another name, else 0 (a handle is fixed once chosen).
    handleChangesLeft: integer('handle_changes_left').notNull().default(0),
    // 1 while the member wants a mail when their account is signed in to from a browser or app it has not
    // seen (known_devices).
    signInNotices: integer('sign_in_notices').notNull().default(1),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    bio: text('bio').notNull().default(''),
    link: text('link').notNull().default(''),
    profilePic: text('profile_pic').notNull().default(''),
    profileBanner: text('profile_banner').notNull().default(''),
    // Extra signup fields (spec section 3: "Signup accepts any extra fields and stores them"), as JSON.
    extra: text('extra').notNull().default('{}'),
    // Kept in step with `follows` inside each follow/unfollow transaction; orders "Who to follow".
    followerCount: integer('follower_count').notNull().default(0),
    // The read marker: notifications newer than this are unread.
    notificationsReadAt: integer('notifications_read_at').notNull().default(0),
    // Where an app last stopped reading the home timeline (Mastodon's home marker: a status id, '' for none)
    // and when it was saved; the web app keeps no such place.
    homeMarker: text('home_marker').notNull().default(''),
    homeMarkerAt: integer('home_marker_at').notNull().default(0),
    // 'member', 'moderator' or 'admin' (domain/roles.ts), checked inside the rules that need it.
    role: text('role').notNull().default('member'),
    // 'active', 'pending' (waiting for approval) or 'suspended' (domain/roles.ts).
    status: text('status').notNull().default('active'),
    // When a moderator limited the member (hidden from explore and who-to-follow); null when not limited.
    limitedAt: integer('limited_at'),
    // Every token carries the version it was signed with; moving it on ends every session (domain/auth.ts).
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    uniqueIndex('users_email_key_idx')
      .on(t.emailKey)
      .where(sql`email_key is not null`),
    // Not unique: an instance may already hold two look-alikes, made before signup refused them.
    index('users_username_skeleton_idx').on(t.usernameSkeleton),
    // People search: the members whose username, display name or last name starts with the typed text.
    index('users_search_username_idx').on(t.searchUsername),
    index('users_search_name_idx').on(t.searchName),
    index('users_search_last_idx').on(t.searchLast),
    // Who to follow: most-followed first.
    index('users_follower_count_idx').on(t.followerCount, t.id),
    // The legacy GET /api/users: members newest first, a page below a member's key (rest/user-views.ts).
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
export const formerHandles = sqliteTable(
  'former_handles',
  {
    // The name folded as usernames are (shared/username-key.ts).
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The name as it was given.
    name: text('name').notNull(),
    changedAt: integer('changed_at').notNull(),
  },
  (t) => [index('former_handles_user_idx').on(t.userId)],
);

export const posts = sqliteTable(
  'posts',
  {
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    // A stored counter (the seed starts posts at 10 likes with nobody in likedBy).
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    // Trending's sort key, computed by SQLite (a virtual column: never stored, never out of step). A real
    // column, unlike an expression, lets posts_author_score_idx serve a range that stops after one page.
    score: integer('score').generatedAlwaysAs(sql`like_count + comment_count`, { mode: 'virtual' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    // When the text last changed (null: never edited). Not updatedAt, which likes move too; a card reads it
    // from the row it already reads, so "edited" costs no statement.
    editedAt: integer('edited_at'),
    // Who may comment ('everyone', 'following', 'mentioned') and quote ('everyone', 'followers', 'nobody'),
    // checked by the rules (domain/answer-policies.ts; docs/decisions/0010-quotes-and-answer-policies.md).
    commentPolicy: text('comment_policy', { enum: ['everyone', 'following', 'mentioned'] })
      .notNull()
      .default('everyone'),
    quotePolicy: text('quote_policy', { enum: ['everyone', 'followers', 'nobody'] })
      .notNull()
      .default('everyone'),
    // The post this one quotes, null once that post is deleted; `is_quote` stays 1, so the card says the
    // quoted post is unavailable rather than looking like a post that never quoted anything.
    quoteOfId: text('quote_of_id').references((): AnySQLiteColumn => posts.id, { onDelete: 'set null' }),
    isQuote: integer('is_quote').notNull().default(0),
  },
  (t) => [
    // Explore: every post, newest first.
    index('posts_created_idx').on(t.createdAt, t.id),
    // Profile and home feed: one author's posts, newest first.
    index('posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
    // Home feed, Trending: one author's posts by likes + comments.
    index('posts_author_score_idx').on(t.authorId, t.score, t.createdAt, t.id),
    // A post's quotes, newest first.
    index('posts_quote_of_created_idx').on(t.quoteOfId, t.createdAt, t.id),
  ],
);

export const comments = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    // When the text last changed (null: never edited); votes move updatedAt, not this.
    editedAt: integer('edited_at'),
  },
  (t) => [
    // A post's comments (and its latest 4), in order.
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId),
  ],
);

/**
 * A post's earlier texts: one row per edit that changed it, numbered from 1 (the original). `writtenAt` is
 * when that text was written, `replacedAt` when an edit replaced it. The key serves the history, newest first.
 */
export const postVersions = sqliteTable(
  'post_versions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    writtenAt: integer('written_at').notNull(),
    replacedAt: integer('replaced_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.version] })],
);

/**
 * A picture a member uploaded (domain/media.ts): unattached (post_id null) until a post takes it, then shown
 * on that post at `position`. The files are in the media storage under their content-hash keys, which two
 * rows share when the same picture is uploaded twice; `bytes` is both files' size, what the quota counts.
 */
export const media = sqliteTable(
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
    bytes: integer('bytes').notNull(),
    createdAt: integer('created_at').notNull(),
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

/** A comment's earlier texts, as post_versions keeps a post's. */
export const commentVersions = sqliteTable(
  'comment_versions',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    writtenAt: integer('written_at').notNull(),
    replacedAt: integer('replaced_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.version] })],
);

/** One row per member who liked or disliked a post: `likedBy` and `dislikedBy` of the spec. */
export const postReactions = sqliteTable(
  'post_reactions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // A member's likes, newest first (the Mastodon API's favourites); its prefix serves an account's deletion.
    index('post_reactions_user_kind_created_idx').on(t.userId, t.kind, t.createdAt, t.postId),
    // A legacy post's likedBy and dislikedBy: the newest 100 of one kind (store/sqlite/legacy-json.ts); ties by rowid.
    index('post_reactions_post_kind_created_idx').on(t.postId, t.kind, t.createdAt),
  ],
);

/** One row per member who voted on a comment: `upvotedBy` and `downvotedBy` of the spec. */
export const commentVotes = sqliteTable(
  'comment_votes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['up', 'down'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index('comment_votes_user_idx').on(t.userId),
    // A legacy comment's upvotedBy and downvotedBy: the newest 100 of one kind (store/sqlite/legacy-json.ts).
    index('comment_votes_comment_kind_created_idx').on(t.commentId, t.kind, t.createdAt),
  ],
);

export const bookmarks = sqliteTable(
  'bookmarks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    // A member's bookmarks, most recently bookmarked first.
    index('bookmarks_user_created_idx').on(t.userId, t.createdAt, t.postId),
    index('bookmarks_post_idx').on(t.postId),
  ],
);

/**
 * A member boosted a post to their followers (docs/decisions/0011-boosts-in-the-home-feed.md). A deleted post
 * or member takes its boosts with it.
 */
export const boosts = sqliteTable(
  'boosts',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // A member's boosts: what a deleted account's cascade finds (their feed stream is feed_items).
    index('boosts_user_created_idx').on(t.userId, t.createdAt, t.postId),
    // A post's boosts newer than one: whether a later boost in my feed supersedes it, from the index alone.
    index('boosts_post_created_idx').on(t.postId, t.createdAt, t.userId),
  ],
);

export const follows = sqliteTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    // The follower chose "Hide boosts" on the followee's profile: their boosts leave the follower's home feed.
    hideBoosts: integer('hide_boosts', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    // The primary key serves "do I follow them" and "whom do I follow".
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // "Who follows them" (and the cascade when a member goes); newest first, a legacy user's followers.
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt),
    // A legacy user's following, newest first (store/sqlite/legacy-json.ts).
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
  ],
);

/** A post's hashtags (shared/rich-text.ts), folded; the tag's feed, newest first. */
export const postTags = sqliteTable(
  'post_tags',
  {
    tag: text('tag').notNull(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    // The post's createdAt, so that a tag's feed reads in order from this table's index alone.
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.postId] }),
    // /tag/:tag: a tag's posts, newest first.
    index('post_tags_tag_created_idx').on(t.tag, t.createdAt, t.postId),
    index('post_tags_post_idx').on(t.postId),
  ],
);

/** Members a post mentions and who exist: their mentions link to them. */
export const postMentions = sqliteTable(
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
export const commentMentions = sqliteTable(
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
export const notifications = sqliteTable(
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
    latestAt: integer('latest_at').notNull(),
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
  ],
);

/** Who a notification is about: one row per member in its group, newest first. */
export const notificationActors = sqliteTable(
  'notification_actors',
  {
    notificationId: text('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
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
export const instanceSettings = sqliteTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Invite codes (registration "invite"): who made one, until when and how many times it may be used. */
export const invites = sqliteTable(
  'invites',
  {
    code: text('code').primaryKey(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    // Null: never expires, or no limit on uses.
    expiresAt: integer('expires_at'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [index('invites_creator_created_idx').on(t.createdBy, t.createdAt)],
);

/** Who blocked whom. A block hides both members from each other; the key serves "whom did I block". */
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Who blocked me": a block works both ways.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Who muted whom. A mute hides the muted member from the muter alone; the muted member notices nothing. */
export const mutes = sqliteTable(
  'mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
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
export const reports = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
    // Set when a moderator resolves it: when, who, and with which action ('remove', 'limit', 'suspend',
    // 'dismiss').
    resolvedAt: integer('resolved_at'),
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
export const auditLog = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_subject_idx').on(t.subjectId),
  ],
);

/**
 * Login and signup attempts per client address (docs/security.md, "Limits on every request": 25 per 5
 * minutes), in the database so that every worker (REALM_WORKERS) counts the same attempts. A row is a window:
 * when it began and the attempts in it.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/**
 * A browser's Web Push subscription (docs/web-app.md, "Notifications on this device"): where the push service
 * takes messages for it (`endpoint`, unique: one browser profile belongs to one member at a time), the keys
 * its messages are encrypted to, and the kinds of notification its member wants there.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    // The kinds sent there, comma-separated: like, comment, mention, follow.
    kinds: text('kinds').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * Secrets the instance makes once and keeps: the Web Push (VAPID) key pair. The token signing secret stays
 * in `jwt-secret` beside the database file, where it always was.
 */
export const instanceSecrets = sqliteTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Apps signed in through the Mastodon client API's OAuth (docs/decisions/0013-oauth-for-apps.md). Secrets,
 * codes and tokens are kept only as SHA-256 hashes: a copy of the database signs nobody in.
 */
export const oauthApps = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
    // When a code or a token was first issued for it; null for an app never authorized, removed after a
    // day (docs/mastodon-api.md, "Signing in from an app").
    authorizedAt: integer('authorized_at'),
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
export const oauthCodes = sqliteTable(
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
    expiresAt: integer('expires_at').notNull(),
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
export const oauthTokens = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
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
export const appPushSubscriptions = sqliteTable(
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
    // RFC 8291's aes128gcm when true; the older aesgcm draft, which most apps decrypt, when false.
    standard: integer('standard', { mode: 'boolean' }).notNull(),
    // The Mastodon notification types pushed, comma-separated.
    alerts: text('alerts').notNull(),
    // all, followed, follower or none: whose actions are pushed.
    policy: text('policy').notNull(),
    sealedToken: text('sealed_token').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('app_push_subscriptions_member_idx').on(t.memberId)],
);

/**
 * Mail waiting to be sent (docs/mail.md, docs/decisions/0015-mail-queue.md): written in the transaction of
 * the change it tells of, taken by one process at a time under a lease, deleted once the mail server has
 * accepted it or Realm has given up on it. Only a kind of error is kept (`ECONNECTION`, `EENVELOPE 550`),
 * never a server's answer, which may quote the address or the credentials.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: integer('created_at').notNull(),
    // Tries begun, counted as each begins: a mail that stops its process mid-send still runs out of tries.
    attempts: integer('attempts').notNull().default(0),
    // When it may next be taken: its next try, or while a process holds it, the end of that lease, after
    // which another process may take it (the one holding it stopped).
    nextAttemptAt: integer('next_attempt_at').notNull(),
    // Who holds the lease (one sender of one process), so that only it records how its try ended.
    leaseId: text('lease_id'),
    lastError: text('last_error'),
  },
  // The sender's claim: the due mails, soonest first, and when the next one is due.
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt)],
);

/**
 * A member's TOTP second factor (docs/security.md, "Second factors"), once turned on. The secret is sealed
 * (AES-256-GCM under a key derived from the instance's token secret), so a copy of the database alone shows
 * no member's codes. `last_step` is the latest 30-second step whose code signed in: a code is refused once
 * its step or an earlier one was used.
 */
export const secondFactors = sqliteTable('second_factors', {
  memberId: text('member_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  lastStep: integer('last_step').notNull(),
  enabledAt: integer('enabled_at').notNull(),
});

/** The one-time recovery codes of a member's second factor, as SHA-256 (hex); a code used is deleted. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.codeHash] })],
);

/**
 * A member's passkeys (WebAuthn credentials, docs/security.md, "Passkeys"): the credential's id as the
 * browser gives it (base64url), its public key (COSE, base64url), the signature counter the authenticator
 * last reported, and the transports it named, comma-separated.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull(),
    transports: text('transports').notNull(),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('passkeys_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * The links mailed to a member (docs/mail.md): confirming an address, or choosing a new password. Only the
 * token's SHA-256 (hex) is kept, so a copy of the database opens no account. `email` is the address the link
 * was sent to: for a confirmation, the address it confirms (a new address lives only here until confirmed).
 * A link is spent once `used_at` is set, and dead after `expires_at`.
 */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'confirm' or 'reset'
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('email_tokens_member_idx').on(t.memberId, t.purpose)],
);

/**
 * The browsers and apps a member has signed in from, for the notice of a new sign-in: a browser's
 * `realm_device` cookie, or an app's OAuth client id, as SHA-256 (hex). A sign-in from a key not here mails
 * the member a notice.
 */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    firstSeenAt: integer('first_seen_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.deviceKey] })],
);

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/**
 * The tables that hold an instance's members and what they made, parents before children (the order their
 * foreign keys need when copying them). The tables left out, and why, are named in
 * tests/pg/copy-from-sqlite.test.ts.
 */
export const instanceTables = [
  'users',
  'former_handles',
  'second_factors',
  'recovery_codes',
  'passkeys',
  'email_tokens',
  'known_devices',
  'push_subscriptions',
  'oauth_apps',
  'oauth_codes',
  'oauth_tokens',
  'app_push_subscriptions',
  'posts',
  'comments',
  'post_versions',
  'comment_versions',
  'media',
  'post_reactions',
  'comment_votes',
  'bookmarks',
  'boosts',
  'follows',
  'post_tags',
  'post_mentions',
  'comment_mentions',
  'notifications',
  'notification_actors',
  'instance_settings',
  'invites',
  'blocks',
  'mutes',
  'reports',
  'audit_log',
  'mail_outbox',
] as const;
