import type { PublicUser } from '../../shared/public-user.js';
import type { AnswerCardFields } from './quote-views.js';

// The member as every answer nests them: the store reads it, the client shows it (src/shared).
export type { PublicUser };

// The shapes the tRPC API returns. Times are ISO 8601 strings in UTC.
export type CommentView = {
  id: string;
  postId: string;
  author: PublicUser;
  text: string;
  createdAt: string;
  updatedAt: string;
  /** When the text last changed; null when never edited. */
  editedAt: string | null;
  /** The usernames the text mentions of members who exist (shared/rich-text.ts): these link to profiles. */
  mentions: string[];
};

/** A comment on a post's own page: with its score (upvotes less downvotes) and my vote. */
export type ThreadComment = CommentView & { score: number; myVote: 'up' | 'down' | null };

export type PostCard = {
  id: string;
  author: PublicUser;
  content: string;
  createdAt: string;
  updatedAt: string;
  /** When the content last changed; null when never edited. */
  editedAt: string | null;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  dislikedByMe: boolean;
  bookmarkedByMe: boolean;
  /** The usernames the content mentions of members who exist. */
  mentions: string[];
  /** The latest comments, newest first (spec section 9: at most 4). */
  latestComments: CommentView[];
  /** The post's pictures in order (docs/pictures.md); empty for a text-only post. */
  media: PostMedia[];
  /** How many members boosted it, and whether I did (docs/decisions/0011-boosts-in-the-home-feed.md). */
  boostCount: number;
  boosted: boolean;
  /** In my home feed, the followed member (or me) whose boost put it there; null everywhere else. */
  boostedBy: PublicUser | null;
} & AnswerCardFields;

/**
 * A picture as a card shows it: its stored size and a preview, both with their sizes and a placeholder, so the
 * layout is known before either loads. `id` is what an edit sends back to keep it.
 */
export type PostMedia = {
  id: string;
  url: string;
  previewUrl: string;
  width: number;
  height: number;
  previewWidth: number;
  previewHeight: number;
  placeholder: string;
  alt: string;
};

/**
 * A notification: one group of actors who did one kind of thing ("Amara Okafor and 3 others liked your
 * post"), newest first (docs/decisions/0003-notifications-and-live-events.md).
 */
export type NotificationView = {
  id: string;
  kind: 'like' | 'comment' | 'mention' | 'follow' | 'quote' | 'boost';
  /** When its newest actor acted. */
  at: string;
  /** Newer than the member's read marker. */
  unread: boolean;
  /** Its newest actors, newest first: at most 3. */
  actors: PublicUser[];
  actorCount: number;
  /** The post it is about (likes, comments, mentions; a quote's is the quoting post), its first 100 characters. */
  post: { id: string; excerpt: string } | null;
  /** The comment it is about (a comment, a mention in a comment), its first 100 characters. */
  comment: { id: string; excerpt: string } | null;
};

export type Page<T> = { items: T[]; nextCursor: string | null };

/** One text of a post or comment in its history. */
export type TextVersionView = {
  /** 1 for the original, counting up with each edit that changed the text. */
  version: number;
  text: string;
  /** When this text was written. */
  at: string;
  current: boolean;
  original: boolean;
};

/**
 * A post's or comment's texts, newest first (the current one first), at most `limits.editHistoryMax`;
 * `olderOmitted` counts the older ones left out (the original among them when it is more than 0).
 */
export type EditHistoryView = { versions: TextVersionView[]; olderOmitted: number };

export const isoTime = (ms: number) => new Date(ms).toISOString();

// Roles, registration, block and mute, reports and moderation, account settings
// (docs/decisions/0004-community-moderation.md).

/** The signed-in member as the app shell needs them: what they may see (`role`) and whether they wait. */
export type AccountView = PublicUser & {
  role: 'member' | 'moderator' | 'admin';
  status: 'active' | 'pending';
  /** Their own email: this view answers only the member themself. */
  email: string | null;
  /** How many times they may still change their handle themselves (0 or 1). */
  handleChangesLeft: number;
};

/** What anyone may read about the instance: the signup screen and the public /about page. */
export type InstanceAbout = {
  /** Whether the demo member exists (the login page's "Add Test Credentials"). */
  demo: boolean;
  name: string;
  description: string;
  rules: string[];
  registration: 'open' | 'approval' | 'invite' | 'closed';
  /** Whether members, not only admins, may create invite codes. */
  invitesByMembers: boolean;
  /** Whether someone signed out may read public profiles and posts (the web app's visitor screens). */
  visitorsMayRead: boolean;
  /** How many pictures a post may carry (REALM_MEDIA_PER_POST), so the composer offers no more. */
  picturesPerPost: number;
  /** Whether the instance sends mail (REALM_SMTP_URL): the screens that need it say so when it does not. */
  mailEnabled: boolean;
  admins: PublicUser[];
  moderators: PublicUser[];
};

export type InviteView = {
  code: string;
  createdBy: PublicUser;
  createdAt: string;
  /** Null: never expires. */
  expiresAt: string | null;
  /** Null: any number of signups. */
  maxUses: number | null;
  uses: number;
  /** False once expired or used up. */
  usable: boolean;
};

/** A member I blocked or muted, and since when. */
export type RelationView = PublicUser & { since: string };
export type RelationsView = { blocked: RelationView[]; muted: RelationView[] };

/** A member as the admin screens list them. */
export type AdminMemberView = PublicUser & {
  role: 'member' | 'moderator' | 'admin';
  status: 'active' | 'pending' | 'limited' | 'suspended';
  createdAt: string;
  postCount: number;
  /** Open reports about them. */
  openReports: number;
};

export type ReportView = {
  id: string;
  target:
    | { kind: 'post'; postId: string | null }
    | { kind: 'comment'; postId: string | null; commentId: string | null }
    | { kind: 'member' };
  /** Whether the reported post or comment is gone (removed, or deleted by its author). */
  contentGone: boolean;
  /** The reported text as the reporter saw it (empty for a member). */
  excerpt: string;
  subject: AdminMemberView;
  /** Null once the reporter deleted their account. */
  reporter: PublicUser | null;
  reason: 'spam' | 'harassment' | 'illegal' | 'other';
  note: string;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: PublicUser | null;
  resolution: 'remove' | 'limit' | 'suspend' | 'dismiss' | null;
};

export type AuditAction =
  | 'remove-post'
  | 'remove-comment'
  | 'limit'
  | 'unlimit'
  | 'suspend'
  | 'unsuspend'
  | 'approve'
  | 'set-role'
  | 'dismiss-report'
  | 'instance-settings';

/** One line of the audit log: who did what to whom, when and why. */
export type AuditEntryView = {
  id: string;
  /** The moderator's username, or "(command line)". */
  actor: string;
  action: AuditAction;
  /** The member acted on ('' for instance settings). */
  subject: string;
  /** What was acted on, in words: the removed text's start, the new role, the changed settings. */
  detail: string;
  reason: string;
  reportId: string | null;
  createdAt: string;
};

/** Everything a member wrote and keeps, as one JSON file (account.export). */
/** A picture in a member's archive: where to fetch it, its preview, its size and its alt text. */
export type ArchivePicture = { url: string; previewUrl: string; width: number; height: number; alt: string };

export type AccountArchive = {
  exportedAt: string;
  instance: string;
  profile: PublicUser & { bio: string; link: string; profileBanner: string; createdAt: string };
  /** `editedAt`: when the text last changed, null when never edited (the earlier texts are not included). */
  posts: {
    id: string;
    content: string;
    createdAt: string;
    updatedAt: string;
    editedAt: string | null;
    likeCount: number;
    /**
     * The post's pictures in order, as links with their alt text (absolute with REALM_PUBLIC_URL, else
     * paths on the instance); the files are not inside the archive (docs/pictures.md says why).
     */
    media: ArchivePicture[];
  }[];
  comments: {
    id: string;
    postId: string;
    text: string;
    createdAt: string;
    updatedAt: string;
    editedAt: string | null;
  }[];
  bookmarks: { postId: string; bookmarkedAt: string }[];
  following: { username: string; since: string }[];
  followers: { username: string; since: string }[];
  /** Each list carries the newest `limits.exportEntriesMax` entries; true when one had more. */
  truncated: boolean;
};
