import type { MediaOwnerUsage, Store } from '../store/store.js';
import type { Actor } from './auth.js';
import type { commandLine } from './moderation.js';
import { requireRole } from './roles.js';

// How much room pictures take, for the instance's admins: `realm admin media-usage` and /admin/storage
// (docs/pictures.md, "For self-hosters"). Counted as the quotas count: both stored files of every upload,
// attached or not. Two uploads of one picture share their files, so the storage may hold less than this.

export type StorageUsage = {
  /** Uploads on the instance (each a picture and its preview). */
  pictures: number;
  /** Of those, uploads no post has taken yet (deleted after a day). */
  unattached: number;
  bytes: number;
  /** The members whose pictures take the most bytes, most first. */
  top: MediaOwnerUsage[];
};

export const topDefault = 10;
export const topMax = 100;

/** The instance's storage use and its `top` heaviest members: admins only (and the command line). */
export async function storageUsage(
  store: Store,
  actor: Actor | typeof commandLine,
  top = topDefault,
): Promise<StorageUsage> {
  requireRole(actor, 'admin');
  const [usage, owners] = await Promise.all([store.read.media.usage(), store.read.media.topOwners(top)]);
  return { ...usage, top: owners };
}
