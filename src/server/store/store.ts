import type { AccountReads, AccountWrites } from './interface/account.js';
import type { AnswerReads, AnswerWrites } from './interface/answers.js';
import type { InteractionReads } from './interface/interactions.js';
import type { AuditWrites } from './interface/audit.js';
import type { BoostWrites } from './interface/boosts.js';
import type { CardReads } from './interface/cards.js';
import type { MentionWrites, NotificationWrites, TagWrites } from './interface/conversations.js';
import type { CounterReads, CounterWrites } from './interface/counters.js';
import type { EditReads } from './interface/edits.js';
import type { FanOutReads } from './interface/fan-out.js';
import type { FeedReads } from './interface/feeds.js';
import type { InstanceReads, InstanceWrites } from './interface/instance.js';
import type { InviteReads, InviteWrites } from './interface/invites.js';
import type { LegacyReads } from './interface/legacy.js';
import type { LiveEvent, LiveWrites } from './interface/live.js';
import type { MailReads, MailWrites } from './interface/mail.js';
import type { MediaReads, MediaWrites } from './interface/media.js';
import type { MemberReads, MemberWrites } from './interface/members.js';
import type { ModerationReads } from './interface/moderation.js';
import type { NotificationReads } from './interface/notifications.js';
import type { OAuthReads, OAuthWrites } from './interface/oauth.js';
import type {
  BookmarkWrites,
  CommentWrites,
  FollowWrites,
  PostReads,
  PostWrites,
  ReactionWrites,
  VoteWrites,
} from './interface/posts.js';
import type { PushIntent, PushReads, PushWrites } from './interface/push.js';
import type { RelationReads, RelationWrites } from './interface/relations.js';
import type { ReportWrites } from './interface/reports.js';
import type { SearchReads } from './interface/search.js';
import type { SecondFactorReads, SecondFactorWrites } from './interface/second-factors.js';
import type { PasskeyReads, PasskeyWrites } from './interface/passkeys.js';
import type { EmailTokenReads, EmailTokenWrites, KnownDeviceWrites } from './interface/mail-links.js';

// What the rules (src/server/domain) ask of a database, in the terms of the resources they work on. One
// implementation per engine: `sqlite/` (better-sqlite3, one file) and `postgres/` (node-postgres, many
// nodes). A store answers; it never decides: who may do what, what is refused and with which message stay in
// the domain, written once (docs/decisions/0002-two-engines.md).
//
// Each resource's reads and writes, and the rows they answer, are in interface/, one file per resource as
// in sqlite/ and postgres/: interface/posts.ts is what sqlite/posts.ts and postgres/posts.ts implement. This
// file puts them together and re-exports them, so callers import everything from here. The store imports
// nothing from the domain or above (tests/server/import-direction.test.ts).

export type * from './interface/account.js';
export type * from './interface/answers.js';
export type * from './interface/interactions.js';
export type * from './interface/audit.js';
export type * from './interface/boosts.js';
export type * from './interface/cards.js';
export type * from './interface/conversations.js';
export type * from './interface/counters.js';
export type * from './interface/edits.js';
export type * from './interface/fan-out.js';
export type * from './interface/feeds.js';
export type * from './interface/instance.js';
export type * from './interface/invites.js';
export type * from './interface/legacy.js';
export type * from './interface/live.js';
export type * from './interface/mail.js';
export type * from './interface/media.js';
export type * from './interface/members.js';
export type * from './interface/moderation.js';
export type * from './interface/notifications.js';
export type * from './interface/oauth.js';
export type * from './interface/posts.js';
export type * from './interface/push.js';
export type * from './interface/relations.js';
export type * from './interface/reports.js';
export type * from './interface/search.js';
export type * from './interface/second-factors.js';
export type * from './interface/passkeys.js';
export type * from './interface/mail-links.js';

export type Engine = 'sqlite' | 'postgres';

export type Reads = {
  members: MemberReads;
  posts: PostReads;
  feeds: FeedReads;
  search: SearchReads;
  cards: CardReads;
  legacy: LegacyReads;
  fanOut: FanOutReads;
  counters: CounterReads;
  notifications: NotificationReads;
  instance: InstanceReads;
  invites: InviteReads;
  account: AccountReads;
  moderation: ModerationReads;
  relations: RelationReads;
  edits: EditReads;
  push: PushReads;
  media: MediaReads;
  answers: AnswerReads;
  interactions: InteractionReads;
  oauth: OAuthReads;
  mail: MailReads;
  secondFactors: SecondFactorReads;
  passkeys: PasskeyReads;
  emailTokens: EmailTokenReads;
  /**
   * A text that stays the same until a write commits anywhere (rest/list-cache.ts), or null where the
   * store cannot tell cheaply: answers are then not kept.
   */
  version(): Promise<string | null>;
};

export type Writes = {
  audit: AuditWrites;
  instance: InstanceWrites;
  invites: InviteWrites;
  account: AccountWrites;
  reports: ReportWrites;
  members: MemberWrites;
  posts: PostWrites;
  reactions: ReactionWrites;
  comments: CommentWrites;
  votes: VoteWrites;
  bookmarks: BookmarkWrites;
  boosts: BoostWrites;
  follows: FollowWrites;
  tags: TagWrites;
  mentions: MentionWrites;
  notifications: NotificationWrites;
  relations: RelationWrites;
  push: PushWrites;
  live: LiveWrites;
  counters: CounterWrites;
  media: MediaWrites;
  answers: AnswerWrites;
  oauth: OAuthWrites;
  mail: MailWrites;
  secondFactors: SecondFactorWrites;
  passkeys: PasskeyWrites;
  emailTokens: EmailTokenWrites;
  knownDevices: KnownDeviceWrites;
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
   * Calls `listener` with the pushes each committed write of this process queued (tx.push.queue), in this
   * process only: the one that made a notification sends its push, once. Answers a function that stops it.
   */
  onPush(listener: (intents: PushIntent[]) => void): () => void;
  /**
   * Calls `listener` with the file keys each committed write of this process released (tx.media.release),
   * in this process only. Answers a function that stops it.
   */
  onMediaReleased(listener: (keys: string[]) => void): () => void;
  /**
   * Calls `listener` once after each committed write of this process that queued mail (tx.mail.queue), in
   * this process only: its sender wakes at once; the others find the mail when they next look. Answers a
   * function that stops it.
   */
  onMailQueued(listener: () => void): () => void;
  /** The instance's secret by this name, made by `make` and kept on first use (the VAPID key pair). */
  secret(name: string, make: () => string): Promise<string>;
  /**
   * Resolves once the listeners hear the other processes too (PostgreSQL: this node's LISTEN connection is
   * open, or it gave up for now and keeps trying); at once on SQLite.
   */
  liveReady(): Promise<void>;
  close(): Promise<void>;
};
