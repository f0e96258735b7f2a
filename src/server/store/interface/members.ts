import type { PublicUser } from '../../../shared/public-user.js';

/** Who may do what beyond their own content: domain/roles.ts checks it. */
export type Role = 'member' | 'moderator' | 'admin';

/** 'pending': signed up under approval, waiting for a moderator. 'suspended': by a moderator, reversible. */
export type AccountState = 'active' | 'pending' | 'suspended';

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
  /** What the username looks like (domain/username-skeleton.ts). */
  usernameSkeleton: string;
  passwordHash: string;
  /** Private: never in an answer to anyone but the member and the admins. */
  email?: string | null;
  emailKey?: string | null;
  /** 1 when the handle was made from another name (REST signup), so the member may change it once. */
  handleChangesLeft?: number;
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
 * what moderation changes: role, state, when limited (null: not), and the token version.
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
  /** Whether the viewer blocked or muted them. */
  blockedByMe: boolean;
  mutedByMe: boolean;
  /** Whether the viewer follows them with "Hide boosts" on. */
  boostsHiddenByMe: boolean;
};

/**
 * A member as Mastodon's Account shows them (mastodon/entities/account.ts): the profile's own fields and its
 * counts, none about a viewer. `lastPostAt` is the newest post's time, null without posts.
 */
export type PublicAccountRow = PublicUser & {
  bio: string;
  link: string;
  profileBanner: string;
  createdAt: number;
  followerCount: number;
  followingCount: number;
  postCount: number;
  lastPostAt: number | null;
};

export type MemberListing = {
  username: string;
  firstName: string;
  lastName: string;
  posts: number;
  followers: number;
  createdAt: number;
};

export type MemberReads = {
  /**
   * The id of the member whose handle, or one of whose former handles, matches this key (shared/schemas.ts
   * usernameKey): a lookup by an old name finds the member, and signup refuses it.
   */
  idByKey(key: string): Promise<string | undefined>;
  /** The ids of the members whose usernames match these keys; keys nobody has are left out. */
  idsByKeys(keys: string[]): Promise<string[]>;
  /** Read on every signed-in request: whether the token's member exists, may act, and signed it lately. */
  actor(id: string): Promise<ActorRow | undefined>;
  /** The member whose handle, email or former handle folds to this key, in that order. */
  forLogin(key: string): Promise<(ActorRow & { passwordHash: string }) | undefined>;
  /** Whether a member's handle has this skeleton (a look-alike); for the signup form's availability. */
  skeletonTaken(skeleton: string): Promise<boolean>;
  /** Whether a member has an email that folds to this key (shared/handle.ts emailKey). */
  emailTaken(key: string): Promise<boolean>;
  exists(id: string): Promise<boolean>;
  profile(viewerId: string | null, userId: string): Promise<ProfileRow | undefined>;
  /**
   * Members other than the viewer whom the viewer does not follow, most-followed first: active ones only,
   * neither limited nor blocked either way nor muted by the viewer.
   */
  /**
   * The members with these ids or whose usernames fold to these keys (a page's authors and the members its
   * texts mention), in one statement whatever their number; ids and keys nobody has are left out.
   */
  accounts(ids: string[], usernameKeys: string[]): Promise<PublicAccountRow[]>;
  whoToFollow(viewerId: string, limit: number): Promise<(PublicUser & { followerCount: number })[]>;
  newestFirst(): Promise<MemberListing[]>;
  contentOf(id: string): Promise<{ posts: number; comments: number }>;
};

export type MemberWrites = {
  /** Locks the member's row until the transaction ends (PostgreSQL); whether the member exists. */
  lock(id: string): Promise<boolean>;
  /** False, and nothing written, when the id or the username is taken. */
  insert(row: NewMember): Promise<boolean>;
  /**
   * Whether a member other than `exceptId` has a username with this skeleton. On PostgreSQL it first locks
   * the skeleton until the transaction ends, so of two look-alike signups at once the second waits and
   * sees the first.
   */
  lookalike(skeleton: string, exceptId: string): Promise<boolean>;
  /** Keeps a name the member had (or was given at signup) as a former handle; false when it is anyone's. */
  addFormerHandle(userId: string, name: string, at: number): Promise<boolean>;
  update(id: string, changes: MemberChanges, at: number): Promise<boolean>;
  /** Deletes the member and all they made, first moving back the counters on what stays. */
  delete(id: string): Promise<void>;
};
