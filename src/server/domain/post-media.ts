import type { Tx } from '../store/store.js';
import { badRequest } from './errors.js';
import { mediaMessages } from './media.js';

/** The pictures a post is written with, in order: each the id of an upload and its alt text. */
export type PostMediaInput = { id: string; alt: string }[];

/**
 * Puts the pictures on the post in the order given, each with its alt text. Each must be one of the
 * author's own uploads, either unattached or already on this post (an edit may reorder them, change their alt
 * text or leave some out); those the post had and the list leaves out are deleted, their files released.
 * An upload that is another member's is refused as one that does not exist: ids of others' uploads tell
 * nothing.
 */
export async function setPostMedia(
  tx: Tx,
  authorId: string,
  postId: string,
  media: PostMediaInput,
  perPost: number,
): Promise<void> {
  if (media.length > perPost) throw badRequest(mediaMessages.tooMany(perPost));
  const ids = media.map((item) => item.id);
  if (new Set(ids).size !== ids.length) throw badRequest(mediaMessages.repeated);
  const rows = new Map((await tx.media.byIds(ids)).map((row) => [row.id, row]));
  for (const id of ids) {
    const row = rows.get(id);
    // An avatar or banner is never put on a post: it belongs to the profile (profile-pictures.ts).
    const onAnotherPost = row !== undefined && row.postId !== null && row.postId !== postId;
    if (!row || row.ownerId !== authorId || row.kind !== 'post' || onAnotherPost) {
      throw badRequest(mediaMessages.notYours);
    }
  }
  const dropped = (await tx.media.ofPost(postId)).filter((row) => !rows.has(row.id));
  await tx.media.delete(dropped.map((row) => row.id));
  tx.media.release(dropped.flatMap((row) => [row.largeKey, row.previewKey]));
  for (const [position, item] of media.entries()) {
    await tx.media.attach(item.id, postId, position, item.alt);
  }
}

/** Before a post is deleted (its rows go with it by the foreign key): its files are released after commit. */
export async function releasePostMedia(tx: Tx, postId: string): Promise<void> {
  const rows = await tx.media.ofPost(postId);
  tx.media.release(rows.flatMap((row) => [row.largeKey, row.previewKey]));
}
