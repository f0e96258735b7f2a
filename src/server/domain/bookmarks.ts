import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages } from './errors.js';
import { requirePost, requireReachablePost } from './posts.js';

/** Issue 17: not the post of a member a block separates me from (403), nor of a suspended one (404). */
export async function addBookmark(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    await requireReachablePost(tx, actor.id, postId);
    if (await tx.bookmarks.has(actor.id, postId)) throw badRequest(messages.alreadyBookmarked);
    await tx.bookmarks.add(actor.id, postId, now());
  });
}

/** Always allowed on a post that exists: what I keep is mine to drop, across a block too. */
export async function removeBookmark(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    await requirePost(tx, postId);
    if (!(await tx.bookmarks.has(actor.id, postId))) throw badRequest(messages.notBookmarked);
    await tx.bookmarks.remove(actor.id, postId, now());
  });
}
