/**
 * What a picture is for: a post's ('post': unattached, postId null, until a post takes it), or the member's
 * avatar or banner (never on a post: on the profile once its address is the member's profilePic or
 * profileBanner, domain/profile-pictures.ts).
 */
export type MediaKind = 'post' | 'avatar' | 'banner';

/** A picture a member uploaded. */
export type MediaRow = {
  id: string;
  ownerId: string;
  postId: string | null;
  position: number;
  alt: string;
  kind: MediaKind;
  largeKey: string;
  previewKey: string;
  width: number;
  height: number;
  previewWidth: number;
  previewHeight: number;
  placeholder: string;
  /** Both files' size: what the member's quota counts. */
  bytes: number;
  createdAt: number;
};

/** All pictures on the instance, as the quotas count them (shared files count once per row). */
export type MediaUsage = { pictures: number; unattached: number; bytes: number };

/** One member's share of the storage. */
export type MediaOwnerUsage = { username: string; pictures: number; bytes: number };

export type MediaReads = {
  /** The instance's pictures in all (media-usage.ts on each engine). */
  usage(): Promise<MediaUsage>;
  /** The `limit` members whose pictures take the most bytes, most first (ties by username). */
  topOwners(limit: number): Promise<MediaOwnerUsage[]>;
  /** The sum of the member's pictures' bytes, attached or not (their quota's use). */
  bytesOf(ownerId: string): Promise<number>;
  /** The pictures on these posts, by post then position (a member's archive: account.export). */
  onPosts(postIds: string[]): Promise<MediaRow[]>;
  /** Those of `keys` that some row still uses (as its large or preview file). */
  keysInUse(keys: string[]): Promise<string[]>;
  /** One picture by its id, or null. */
  byId(id: string): Promise<MediaRow | null>;
};

export type MediaWrites = {
  insert(row: MediaRow): Promise<void>;
  /** The rows with these ids, in no particular order (ids that do not exist are left out). */
  byIds(ids: string[]): Promise<MediaRow[]>;
  /** The post's pictures in order. */
  ofPost(postId: string): Promise<MediaRow[]>;
  /** All of a member's pictures' file keys, attached or not (before their account is deleted). */
  keysOfOwner(ownerId: string): Promise<string[]>;
  /** Sets an upload's alt text before a post takes it (the Mastodon API's `PUT /api/v1/media/:id`). */
  describe(id: string, alt: string): Promise<void>;
  /** Puts the picture on the post at `position` with `alt`. */
  attach(id: string, postId: string, position: number, alt: string): Promise<void>;
  /** Deletes these rows (their files are released by the caller). */
  delete(ids: string[]): Promise<void>;
  /** The member's avatars or banners (the one on their profile and any upload not yet chosen). */
  profilePictures(ownerId: string, kind: 'avatar' | 'banner'): Promise<MediaRow[]>;
  /** Up to `limit` post uploads never attached and created before `before`, oldest first. */
  unattachedBefore(before: number, limit: number): Promise<MediaRow[]>;
  /**
   * Queues file keys whose rows this transaction deleted: after it commits, this process's listeners
   * (store.onMediaReleased) delete the files no row uses any more. Dropped when it rolls back.
   */
  release(keys: string[]): void;
};
