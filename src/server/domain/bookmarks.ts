import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages } from './errors.js';
import { requireReachablePost } from './posts.js';

/** Both refused across a block (403) and on a post hidden from me (404): posts.ts requireReachablePost. */
export async function addBookmark(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    await requireReachablePost(tx, actor.id, postId);
    if (await tx.bookmarks.has(actor.id, postId)) throw badRequest(messages.alreadyBookmarked);
    await tx.bookmarks.add(actor.id, postId, now());
  });
}

export async function removeBookmark(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    await requireReachablePost(tx, actor.id, postId);
    if (!(await tx.bookmarks.has(actor.id, postId))) throw badRequest(messages.notBookmarked);
    await tx.bookmarks.remove(actor.id, postId, now());
  });
}
