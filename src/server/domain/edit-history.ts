import { limits } from '../../shared/limits.js';
import type { Store, TextVersion } from '../store/store.js';
import { messages, notFound } from './errors.js';
import { requireVisiblePost } from './posts.js';
import { isoTime, type EditHistoryView } from './views.js';

// What an edit replaced, readable by whoever may read the post: a post's or comment's texts, newest first.
// Every edit that changes the text is kept and marked, as Mastodon does (docs/web-app.md, "Edits").

function toView(versions: TextVersion[]): EditHistoryView {
  // Versions are numbered 1 (the original) upwards without gaps, so the oldest one answered tells how many
  // older ones the limit left out.
  const oldest = versions.at(-1)?.version ?? 1;
  return {
    versions: versions.map((v) => ({
      version: v.version,
      text: v.text,
      at: isoTime(v.writtenAt),
      current: v.replacedAt === null,
      original: v.version === 1,
    })),
    olderOmitted: oldest - 1,
  };
}

/** Not found, as reading the post is, when it is gone or its author is hidden from the viewer. */
export async function postHistory(
  store: Store,
  viewerId: string | null,
  postId: string,
): Promise<EditHistoryView> {
  const versions = await store.read.edits.postVersions(viewerId, postId, limits.editHistoryMax);
  if (!versions) throw notFound(messages.postNotFound);
  return toView(versions);
}

/** The post's "not found" when the post is not visible; the comment's when the comment is not. */
export async function commentHistory(
  store: Store,
  viewerId: string | null,
  postId: string,
  commentId: string,
): Promise<EditHistoryView> {
  const versions = await store.read.edits.commentVersions(viewerId, postId, commentId, limits.editHistoryMax);
  if (versions) return toView(versions);
  await requireVisiblePost(store, viewerId, postId);
  throw notFound(messages.commentNotFound);
}
