import type { MediaRow, Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { notFound } from './errors.js';

// An upload between `POST /media` and the post that takes it: the Mastodon API reads it, gives it alt text
// and deletes it in that time (docs/mastodon-api.md, "Pictures"). Only its owner sees it; once a post has it,
// its alt text is the post's to change (post-media.ts), so these rules no longer find it.

export const uploadNotFound = 'Record not found';

const isPending = (row: MediaRow | null | undefined, actor: Actor): row is MediaRow =>
  row != null && row.ownerId === actor.id && row.kind === 'post' && row.postId === null;

/** The member's own upload no post has taken; 404 for any other (another's tells nothing). */
export async function pendingUpload(store: Store, actor: Actor, id: string): Promise<MediaRow> {
  const row = await store.read.media.byId(id);
  if (!isPending(row, actor)) throw notFound(uploadNotFound);
  return row;
}

/** Sets the alt text of the member's pending upload; the write checks it is still pending. */
export async function describeUpload(store: Store, actor: Actor, id: string, alt: string): Promise<MediaRow> {
  return store.write(async (tx) => {
    const [row] = await tx.media.byIds([id]);
    if (!isPending(row, actor)) throw notFound(uploadNotFound);
    await tx.media.describe(id, alt);
    return { ...row, alt };
  });
}

/** Deletes the member's pending upload; its files go once no row uses them (store.onMediaReleased). */
export async function deleteUpload(store: Store, actor: Actor, id: string): Promise<void> {
  await store.write(async (tx) => {
    const [row] = await tx.media.byIds([id]);
    if (!isPending(row, actor)) throw notFound(uploadNotFound);
    await tx.media.delete([id]);
    tx.media.release([row.largeKey, row.previewKey]);
  });
}
