import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// Times are Unix milliseconds: they sort and compare exactly; the API formats them on the way out.

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    // The username folded for comparison (see usernameKey): unique, and what login and profile lookups match.
    usernameKey: text('username_key').notNull(),
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
    // The read marker (issue 16): notifications newer than this are unread.
    notificationsReadAt: integer('notifications_read_at').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    // Who to follow: most-followed first.
    index('users_follower_count_idx').on(t.followerCount, t.id),
    // The legacy GET /api/users: members newest first, a page below a member's key (rest/user-views.ts).
    index('users_created_idx').on(t.createdAt, t.id),
  ],
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
  },
  (t) => [
    // Explore: every post, newest first.
    index('posts_created_idx').on(t.createdAt, t.id),
    // Profile and home feed: one author's posts, newest first.
    index('posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
    // Home feed, Trending: one author's posts by likes + comments.
    index('posts_author_score_idx').on(t.authorId, t.score, t.createdAt, t.id),
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
  },
  (t) => [
    // A post's comments (and its latest 4), in order.
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId),
  ],
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
    index('post_reactions_user_idx').on(t.userId),
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

/** Issue 16: a post's hashtags (shared/rich-text.ts), folded; the tag's feed, newest first. */
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

/** Members a post mentions and who exist: their mentions link to them (issue 16). */
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
    kind: text('kind', { enum: ['like', 'comment', 'mention', 'follow'] }).notNull(),
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

/**
 * Login and signup attempts per client address (PRODUCT.md: 25 per 5 minutes), in the database so that every
 * worker (REALM_WORKERS) counts the same attempts. A row is a window: when it began and the attempts in it.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  hits: integer('hits').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/**
 * The tables that hold an instance's members and what they made, parents before children (the order their
 * foreign keys need when copying them; `rate_limits` holds nothing worth keeping).
 */
export const instanceTables = [
  'users',
  'posts',
  'comments',
  'post_reactions',
  'comment_votes',
  'bookmarks',
  'follows',
  'post_tags',
  'post_mentions',
  'comment_mentions',
  'notifications',
  'notification_actors',
] as const;
