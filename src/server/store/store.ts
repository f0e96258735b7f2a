import type { PublicUser } from '../../shared/public-user.js';
import type {
  AccountReads,
  AccountWrites,
  InstanceReads,
  InstanceWrites,
  InviteReads,
  InviteWrites,
} from './accounts.js';

// What the rules (src/server/domain) ask of a database, in the terms of the resources they work on. One
// implementation per engine: `sqlite/` (better-sqlite3, one file) and `postgres/` (node-postgres, many
// nodes). A store answers; it never decides: who may do what, what is refused and with which message stay in
// the domain, written once (docs/decisions/0002-two-engines.md).

export type Engine = 'sqlite' | 'postgres';
export type FeedMode = 'latest' | 'trending';
export type ReactionKind = 'like' | 'dislike';
export type VoteKind = 'up' | 'down';

/** Who may do what beyond their own content: domain/roles.ts checks it. */
export type Role = 'member' | 'moderator' | 'admin';

/** 'pending': signed up under approval, waiting for a moderator. 'suspended': by a moderator, reversible. */
export type AccountState = 'active' | 'pending' | 'suspended';

/** A block hides two members from each other, a mute one from the other (domain/relations.ts). */
export type RelationKind = 'block' | 'mute';

/** How often counters.hit deletes the windows that ended, so the table holds only clients seen lately. */
export const sweepEveryMs = 60_000;
/**
 * The longest window any counter uses (domain/sign-in-limits.ts): a row is deleted only once every window it
 * could be in has ended.
 */
export const longestWindowMs = 15 * 60_000;

export type NotificationKind = 'like' | 'comment' | 'mention' | 'follow';

/** Where mentions are: a post's text, or one of its comments'. */
export type MentionSource = { postId: string; commentId: string | null };

/**
 * One member's action as a notification (domain/notifications.ts): it joins the recipient's group
 * `groupKey`, made when missing, and moves the group's time to `at`.
 */
export type NewNotification = {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  groupKey: string;
  postId: string | null;
  commentId: string | null;
  at: number;
};

/** What an actor takes back: their likes of a post, their follow of a member, their mentions in a text. */
export type Withdrawal =
  | { kind: 'like'; postId: string }
  | { kind: 'follow'; recipientId: string }
  | { kind: 'mention'; recipientId: string; groupKey: string };

/**
 * What happened, as ids only, told to every process of the instance once the write that did it commits
 * (src/server/live). Readers look up what they may show.
 */
export type LiveEvent =
  /** A new post, for the home feeds of its author and their followers. */
  | { type: 'post'; postId: string; authorId: string }
  /** A post's counts or text changed, or it was deleted. */
  | { type: 'post-changed'; postId: string }
  /** A member's notifications changed: their unread count may have moved. */
  | { type: 'notifications'; memberId: string }
  /** This process may have missed events (its PostgreSQL LISTEN connection was lost): readers catch up. */
  | { type: 'resync' }
  /**
   * Issue 17: the member's tokens stopped working (suspended, password changed, signed out everywhere,
   * account deleted): their open streams close at once, and reconnecting says why.
   */
  | { type: 'session-ended'; memberId: string };

/** A post's counts as a card shows them (live `counts` events). */
export type PostCounts = { postId: string; likeCount: number; commentCount: number };

/** A page query's row: a post's id and its sort key (`[createdAt, id]`, ...) as JSON text. */
export type KeyRow = [id: string, key: string];
/** A sort key: the values of a feed's order columns, the last always an id. */
export type SortKey = (string | number)[];

/** A post as the rules that change it need it. */
export type PostForWrite = { id: string; authorId: string; likeCount: number };

/** A member as the checks of each signed-in request need them (domain/auth.ts resolveActor). */
export type ActorRow = {
  id: string;
  username: string;
  role: Role;
  status: AccountState;
  tokenVersion: number;
};

export type NewMember = {
  id: string;
  username: string;
  usernameKey: string;
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  profilePic?: string;
  bio?: string;
  link?: string;
  profileBanner?: string;
  /** Signup's extra fields as JSON text (an object of flat values). */
  extra?: string;
  /** 'member' unless given (`realm admin create-user --role`). */
  role?: Role;
  /** 'pending' when the instance approves new accounts; 'active' unless given. */
  status?: AccountState;
  createdAt: number;
  updatedAt: number;
};

/**
 * The fields a member may change about themselves, the hash a password change or an administrator sets, and
 * what moderation changes (issue 17): role, state, when limited (null: not), and the token version.
 */
export type MemberChanges = Partial<
  Pick<
    NewMember,
    'firstName' | 'lastName' | 'profilePic' | 'bio' | 'link' | 'profileBanner' | 'passwordHash'
  > & {
    role: Role;
    status: AccountState;
    limitedAt: number | null;
    tokenVersion: number;
  }
>;

export type ProfileRow = PublicUser & {
  bio: string;
  link: string;
  profileBanner: string;
  followerCount: number;
  createdAt: number;
  postCount: number;
  followingCount: number;
  followedByMe: boolean;
  /** Issue 17: whether the viewer blocked or muted them. */
  blockedByMe: boolean;
  mutedByMe: boolean;
};

/** Issue 17: a member I blocked or muted, and since when. */
export type RelationRow = PublicUser & { since: number };

/**
 * What stands between a member and another (issue 17): a block either way, or the other's content hidden
 * from the member otherwise (the member muted them, or they are suspended).
 */
export type Barrier = { id: string; blocked: boolean; hidden: boolean };

export type MemberListing = {
  username: string;
  firstName: string;
  lastName: string;
  posts: number;
  followers: number;
  createdAt: number;
};

/** A row of a list written as JSON by the database, with its key in the list's order. */
export type JsonRow = { json: string; createdAt: number; id: string };

/** A notification group written as JSON by the database, with its key in the list's order. */
export type NotificationRow = { json: string; latestAt: number; id: string };

/** A fixed window of a sign-in counter (domain/sign-in-limits.ts). */
export type WindowRow = { hits: number; windowStart: number };

/** The legacy API's lists (spec section 7), each newest first by (createdAt, id). */
export type LegacyListName = 'allPosts' | 'postsByAuthor' | 'commentsOfPost' | 'allUsers' | 'bookmarks';
/** What a legacy list's rows depend on: its owner, and the member whose bookmarks a user object may carry. */
export type LegacyBind = {
  authorId?: string;
  postId?: string;
  userId?: string;
  viewer?: string | null;
  bookmarkLimit?: number;
};

// Issue 17: reports and moderation (domain/reports.ts, domain/moderation.ts).

/** A member as the admin screens list them (domain/views.ts AdminMemberView), times in milliseconds. */
export type AdminMemberRow = PublicUser & {
  role: Role;
  status: AccountState;
  /** When a moderator limited them; null when not limited. */
  limitedAt: number | null;
  createdAt: number;
  postCount: number;
  /** Open reports about them. */
  openReports: number;
};

export type ReportTargetKind = 'post' | 'comment' | 'member';
export type ReportResolution = 'remove' | 'limit' | 'suspend' | 'dismiss';

/** A report as stored. A removed post or comment leaves its id null (foreign keys set null). */
export type StoredReport = {
  id: string;
  reporterId: string | null;
  /** The member it is about: the author of the content, or the member reported. */
  subjectId: string;
  targetKind: ReportTargetKind;
  postId: string | null;
  commentId: string | null;
  excerpt: string;
  reason: string;
  note: string;
  createdAt: number;
  resolvedAt: number | null;
  resolvedBy: string | null;
  resolution: ReportResolution | null;
};
export type NewReport = Omit<StoredReport, 'resolvedAt' | 'resolvedBy' | 'resolution'>;

/** A report as the queue shows it: its members in full. */
export type ReportRow = Omit<StoredReport, 'reporterId' | 'subjectId' | 'resolvedBy'> & {
  subject: AdminMemberRow;
  reporter: PublicUser | null;
  resolvedBy: PublicUser | null;
};

/** How a moderator resolves reports: when, who (null: the command line), with which action. */
export type Resolution = { at: number; by: string | null; action: ReportResolution };

/**
 * The members list narrowed: usernames whose key starts with `prefix` ('' for all), in a state, limited or
 * not (null: either).
 */
export type MemberFilter = { prefix: string; status: AccountState | null; limited: boolean | null };

export type Reads = {
  members: {
    /** The id of the member whose username matches this key (shared/schemas.ts usernameKey). */
    idByKey(key: string): Promise<string | undefined>;
    /** The ids of the members whose usernames match these keys; keys nobody has are left out. */
    idsByKeys(keys: string[]): Promise<string[]>;
    /** Read on every signed-in request: whether the token's member exists, may act, and signed it lately. */
    actor(id: string): Promise<ActorRow | undefined>;
    forLogin(key: string): Promise<(ActorRow & { passwordHash: string }) | undefined>;
    exists(id: string): Promise<boolean>;
    profile(viewerId: string | null, userId: string): Promise<ProfileRow | undefined>;
    /**
     * Members other than the viewer whom the viewer does not follow, most-followed first: active ones only,
     * neither limited nor blocked either way nor muted by the viewer (issue 17).
     */
    whoToFollow(viewerId: string, limit: number): Promise<(PublicUser & { followerCount: number })[]>;
    newestFirst(): Promise<MemberListing[]>;
    contentOf(id: string): Promise<{ posts: number; comments: number }>;
  };
  posts: {
    find(id: string): Promise<PostForWrite | undefined>;
  };
  /**
   * Every feed leaves out the posts of authors hidden from the viewer (issue 17): those the viewer blocked,
   * who blocked the viewer, whom the viewer muted, and suspended members (for everyone). Explore leaves out
   * limited members too.
   */
  feeds: {
    /** Up to a page and one more of my posts and those of the people I follow, below `key` (or the top). */
    home(viewerId: string, mode: FeedMode, key: SortKey | null): Promise<KeyRow[]>;
    explore(viewerId: string | null, key: SortKey | null): Promise<KeyRow[]>;
    byAuthor(viewerId: string | null, authorId: string, key: SortKey | null): Promise<KeyRow[]>;
    /** My bookmarks, most recently bookmarked first, keyed by (bookmarkedAt, postId). */
    bookmarks(viewerId: string, key: SortKey | null): Promise<KeyRow[]>;
    /** All my bookmarks, those of hidden authors too (as a card's commentCount counts hidden comments). */
    bookmarkCount(viewerId: string): Promise<number>;
    /** The posts with this (folded) tag, newest first, keyed by (createdAt, postId) as Latest is. */
    byTag(viewerId: string | null, tag: string, key: SortKey | null): Promise<KeyRow[]>;
  };
  /** Cards and threads leave out posts and comments by authors hidden from the viewer (issue 17). */
  cards: {
    /** The PostCards (domain/views.ts) of these posts as a JSON array, in this order, deleted ones left out. */
    json(viewerId: string | null, postIds: string[]): Promise<string>;
    /**
     * Up to a page and one more of a post's comments as ThreadComment JSON (score, the viewer's vote),
     * oldest first, above the key (createdAt, id) of the last one shown.
     */
    thread(viewerId: string | null, postId: string, key: [number, string]): Promise<JsonRow[]>;
  };
  legacy: {
    /**
     * Hands the list's rows below `key`, newest first, to `take` until it answers false or `limit` rows
     * went by; answers how many rows were read.
     */
    slice(
      list: LegacyListName,
      bind: LegacyBind,
      key: [number, string],
      limit: number,
      take: (row: JsonRow) => boolean,
    ): Promise<number>;
    /** The key of the entry `id` of the list, if it is one of its entries. */
    keyOf(list: LegacyListName, bind: LegacyBind, id: string): Promise<[number, string] | undefined>;
    count(list: LegacyListName, bind: LegacyBind): Promise<number>;
    post(id: string): Promise<string | undefined>;
    user(id: string, viewer: string | null, bookmarkLimit: number): Promise<string | undefined>;
  };
  /** What live updates read (src/server/live): one statement per event, whatever the number of streams. */
  fanOut: {
    /**
     * Which of `memberIds` follow `authorId`: those connected here who see the author's new post. Not those
     * who muted the author, and nobody when the author is suspended (issue 17).
     */
    followersAmong(authorId: string, memberIds: string[]): Promise<string[]>;
    /** The counts of these posts; deleted ones are left out. */
    postCounts(postIds: string[]): Promise<PostCounts[]>;
  };
  counters: {
    /** The hits on `key` in the window that is still open at `now`, if any. */
    current(key: string, windowMs: number, now: number): Promise<WindowRow | undefined>;
  };
  notifications: {
    /** The member's groups newer than their read marker, counted up to 100 (the bell shows "99+"). */
    unreadCount(memberId: string): Promise<number>;
    /**
     * Up to a page and one more of the member's notifications, newest first by (latestAt, id) below `key`
     * (or from the newest), each a NotificationView (domain/views.ts) as JSON text. Groups with no actor left
     * are never shown. Issue 17: nor are actors hidden from the member (blocked either way, muted,
     * suspended), and a group with none but those is neither shown nor counted.
     */
    page(memberId: string, key: [number, string] | null): Promise<NotificationRow[]>;
    /** The members with notifications about this post (its likes, comments and mentions). */
    recipientsOf(postId: string): Promise<string[]>;
  };
  /** Issue 17 (store/accounts.ts): the instance's settings and staff, invite codes, a member's own account. */
  instance: InstanceReads;
  invites: InviteReads;
  account: AccountReads;
  /**
   * Issue 17: what moderators read. Each answer is one statement; pages are a page and one more, on indexes.
   */
  moderation: {
    /**
     * Open reports oldest first by (createdAt, id) above `key`; resolved ones newest first by
     * (resolvedAt, createdAt, id) below `key`.
     */
    reports(state: 'open' | 'resolved', key: SortKey | null): Promise<ReportRow[]>;
    report(id: string): Promise<ReportRow | undefined>;
    /**
     * With a prefix: by username key after `key` ([usernameKey]), on the unique index. Without: newest first
     * by (createdAt, id) below `key`, on the status index when a status is given.
     */
    members(filter: MemberFilter, key: SortKey | null): Promise<AdminMemberRow[]>;
    member(id: string): Promise<AdminMemberRow | undefined>;
    /** The audit log, newest first by (createdAt, id) below `key`. */
    audit(key: [number, string] | null): Promise<AuditRow[]>;
  };
  /** Issue 17: blocks and mutes. */
  relations: {
    /** Whom the member blocked or muted, most recent first, at most `limit`. */
    list(memberId: string, kind: RelationKind, limit: number): Promise<RelationRow[]>;
    /** Whether the post exists and its author is not hidden from the viewer. */
    postVisible(viewerId: string | null, postId: string): Promise<boolean>;
  };
  /**
   * A text that stays the same until a write commits anywhere (rest/list-cache.ts), or null where the
   * store cannot tell cheaply: answers are then not kept.
   */
  version(): Promise<string | null>;
};

/** One line of the audit log as stored (issue 17); names are copies, so it reads after accounts go. */
export type AuditRow = {
  id: string;
  actorId: string | null;
  actorName: string;
  action: string;
  subjectId: string | null;
  subjectName: string;
  detail: string;
  reason: string;
  reportId: string | null;
  createdAt: number;
};

export type Writes = {
  audit: {
    add(entry: AuditRow): Promise<void>;
  };
  instance: InstanceWrites;
  invites: InviteWrites;
  account: AccountWrites;
  /** Issue 17: members' reports, and their resolution by moderators. */
  reports: {
    /** A post's text and author, the post kept from deletion until the transaction ends (PostgreSQL). */
    postText(postId: string): Promise<{ authorId: string; text: string } | undefined>;
    /** The same of a comment of this post. */
    commentText(postId: string, commentId: string): Promise<{ authorId: string; text: string } | undefined>;
    /** The id of the reporter's open report on this very target, if they made one. */
    openBy(
      reporterId: string,
      target: Pick<NewReport, 'targetKind' | 'subjectId' | 'postId' | 'commentId'>,
    ): Promise<string | undefined>;
    insert(row: NewReport): Promise<void>;
    /** The report, its row locked until the transaction ends (PostgreSQL). */
    lock(id: string): Promise<StoredReport | undefined>;
    resolve(id: string, resolution: Resolution): Promise<void>;
    /**
     * Resolves the open reports on a post (and its comments), on a comment, or about a member (reports of
     * the member, not of their content).
     */
    resolveOpen(
      on: { postId: string } | { commentId: string } | { memberId: string },
      resolution: Resolution,
    ): Promise<void>;
  };
  members: {
    /** Locks the member's row until the transaction ends (PostgreSQL); whether the member exists. */
    lock(id: string): Promise<boolean>;
    /** False, and nothing written, when the id or the username is taken. */
    insert(row: NewMember): Promise<boolean>;
    update(id: string, changes: MemberChanges, at: number): Promise<boolean>;
    /** Deletes the member and all they made, first moving back the counters on what stays. */
    delete(id: string): Promise<void>;
  };
  posts: {
    /** The post, its row locked until the transaction ends (PostgreSQL). */
    lock(id: string): Promise<PostForWrite | undefined>;
    /** False when the id exists. Counts are for the seed: a new post starts at zero. */
    insert(row: {
      id: string;
      authorId: string;
      content: string;
      at: number;
      likeCount?: number;
      commentCount?: number;
    }): Promise<boolean>;
    setContent(id: string, content: string, at: number): Promise<void>;
    delete(id: string): Promise<void>;
  };
  reactions: {
    of(postId: string, userId: string): Promise<ReactionKind | undefined>;
    /** Sets my reaction to the post and moves its like count by `delta`. */
    set(postId: string, userId: string, kind: ReactionKind, delta: 1 | -1, at: number): Promise<void>;
  };
  comments: {
    find(postId: string, commentId: string): Promise<{ id: string; authorId: string } | undefined>;
    /** Adds the comment and one to its post's comment count (the seed's rows: `countIt` false). */
    insert(
      row: { id: string; postId: string; authorId: string; text: string; at: number },
      countIt?: boolean,
    ): Promise<void>;
    setText(id: string, text: string, at: number): Promise<void>;
    /** Deletes the comment and takes one from its post's comment count. */
    delete(postId: string, id: string): Promise<void>;
  };
  votes: {
    of(commentId: string, userId: string): Promise<VoteKind | undefined>;
    set(commentId: string, userId: string, kind: VoteKind, at: number): Promise<void>;
  };
  bookmarks: {
    has(userId: string, postId: string): Promise<boolean>;
    /** Adds or removes the bookmark; the member's updatedAt moves either way. */
    add(userId: string, postId: string, at: number): Promise<void>;
    remove(userId: string, postId: string, at: number): Promise<void>;
  };
  follows: {
    has(followerId: string, followeeId: string): Promise<boolean>;
    /** Adds or removes the follow, moving the followee's follower count and both members' updatedAt. */
    add(followerId: string, followeeId: string, at: number): Promise<void>;
    remove(followerId: string, followeeId: string, at: number): Promise<void>;
  };
  tags: {
    /** Makes these (folded) tags the post's, in place of those it had. */
    replace(postId: string, tags: string[]): Promise<void>;
  };
  mentions: {
    /** Makes these members the ones the text mentions; answers who was added and who removed. */
    replace(source: MentionSource, userIds: string[]): Promise<{ added: string[]; removed: string[] }>;
  };
  notifications: {
    add(notification: NewNotification): Promise<void>;
    /**
     * Takes the actor out of the recipient's matching groups; a group left with nobody goes. Whether the
     * actor was in one.
     */
    withdraw(actorId: string, what: Withdrawal): Promise<boolean>;
    /** Moves the member's read marker to `at`, never back. */
    markRead(memberId: string, at: number): Promise<void>;
  };
  /** Issue 17: blocks and mutes. */
  relations: {
    /** Records that `fromId` blocks or mutes `toId`; nothing when it already does. */
    add(kind: RelationKind, fromId: string, toId: string, at: number): Promise<void>;
    remove(kind: RelationKind, fromId: string, toId: string): Promise<void>;
    /** Those of `memberIds` with a barrier between `actorId` and them; the others are left out. */
    barriers(actorId: string, memberIds: string[]): Promise<Barrier[]>;
  };
  live: {
    /** Told to every process once the transaction commits; never when it rolls back. */
    emit(event: LiveEvent): void;
  };
  counters: {
    /** Counts one hit on `key`: a new window at `now` when none is open. Sweeps ended windows now and then. */
    hit(key: string, windowMs: number, now: number): Promise<WindowRow>;
    forget(key: string): Promise<void>;
  };
};

/** Reads and writes inside one write transaction: everything commits together or nothing does. */
export type Tx = { [K in keyof Writes]: Writes[K] & (K extends keyof Reads ? Reads[K] : unknown) } & Omit<
  Reads,
  keyof Writes
>;

export type Store = {
  engine: Engine;
  /** Reads outside any transaction: each sees what has committed. */
  read: Reads;
  /**
   * Runs `work` as one write transaction and answers what it answers; a thrown error rolls everything
   * back. `work` must use only `tx`: a read through `read` inside it waits for the transaction (SQLite).
   */
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other process of the instance runs its own: the demo seed at start-up, when nodes
   * start together (PostgreSQL: an advisory lock). On SQLite one process starts an instance (with workers,
   * the cluster's primary), so it simply runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** The token signing secret: `configured` when given, else the instance's own, made on first use. */
  tokenSecret(configured: string | undefined): Promise<string>;
  /** Throws when the database does not answer (`/healthz`). */
  ping(): Promise<void>;
  /**
   * Calls `listener` with every event emitted by a committed write of this instance, in any process or on
   * any node (SQLite's workers: through the cluster's primary; PostgreSQL: LISTEN/NOTIFY). Answers a function
   * that stops it.
   */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * Resolves once the listeners hear the other processes too (PostgreSQL: this node's LISTEN connection is
   * open, or it gave up for now and keeps trying); at once on SQLite.
   */
  liveReady(): Promise<void>;
  close(): Promise<void>;
};
