import type { FastifyInstance } from 'fastify';
import { commentsPage } from '../domain/comment-views.js';
import { addComment, deleteComment, editComment } from '../domain/comments.js';
import { createPost, deletePost, editPost } from '../domain/posts.js';
import { unboostPost } from '../domain/boosts.js';
import type { ThreadComment } from '../domain/views.js';
import { optionalMember, requireMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { commentStatus } from './entities/status.js';
import { encodeId } from './ids.js';
import { asMastodon, unprocessable } from './rule-errors.js';
import {
  checkedCommentText,
  checkedPost,
  checkedPostEdit,
  parseStatusBody,
  picturesOf,
  refuseWhatRealmHasNot,
} from './status-bodies.js';
import { statusActionRoutes } from './status-actions.js';
import { statusHistoryRoutes } from './status-history.js';
import {
  decodeStatusId,
  findPostFor,
  findStatus,
  postStatusAfterWrite,
  recordNotFound,
  statusOf,
} from './status-lookup.js';
import { statusContext } from './statuses-view.js';

// Statuses (docs/mastodon-api.md, "Statuses and timelines"): posts and comments read and written through the
// same rules as the web app (src/server/domain), answered as Mastodon's entities.

/** A thread's comments shown under a post: its first pages, oldest first, up to this many. */
const contextCommentsMax = 60;

const idParam = (params: unknown) => decodeStatusId((params as { id: string }).id);

export function statusRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const { store } = deps;

  app.get('/api/v1/statuses/:id', async (request) => {
    const viewer = await optionalMember(deps, request, 'read:statuses');
    const viewerId = viewer?.id ?? null;
    const found = await findStatus(store, viewerId, idParam(request.params));
    return statusOf(store, viewerId, originOf(deps, request), found);
  });

  // A post's descendants are its comments, oldest first; a comment's ancestor is its post.
  app.get('/api/v1/statuses/:id/context', async (request) => {
    const viewer = await optionalMember(deps, request, 'read:statuses');
    const viewerId = viewer?.id ?? null;
    const origin = originOf(deps, request);
    const found = await findStatus(store, viewerId, idParam(request.params));
    if (found.kind === 'comment') {
      return {
        ancestors: [await statusOf(store, viewerId, origin, { kind: 'post', card: found.post })],
        descendants: [],
      };
    }
    const post = found.card;
    const comments: ThreadComment[] = [];
    let cursor: string | null = null;
    do {
      const page = await commentsPage(store, viewerId, post.id, cursor);
      comments.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor && comments.length < contextCommentsMax);
    const shown = comments.slice(0, contextCommentsMax);
    const ctx = await statusContext(deps, viewerId, origin, [], shown);
    const parent = { ...post, authorId: post.author.id };
    return { ancestors: [], descendants: shown.map((comment) => commentStatus(ctx, comment, parent)) };
  });

  // A reply to a post is a comment on it, a reply to a comment one on the same post; anything else a post.
  // Idempotency-Key is not kept: a repeated request writes again (docs/mastodon-api.md).
  app.post('/api/v1/statuses', async (request) => {
    const actor = await requireMember(deps, request, 'write:statuses');
    const origin = originOf(deps, request);
    const body = parseStatusBody(request.body);
    refuseWhatRealmHasNot(body);
    const text = body.status ?? '';
    if (body.in_reply_to_id) {
      if (body.media_ids.length > 0) {
        throw unprocessable(
          'A reply is a comment on Realm, and comments carry text only: post the pictures on their own.',
        );
      }
      if (body.quoted_status_id)
        throw unprocessable('A reply is a comment on Realm, and comments quote nothing.');
      const post = await findPostFor(store, actor.id, body.in_reply_to_id);
      const commentId = await asMastodon(() => addComment(store, actor, post.id, checkedCommentText(text)));
      const row = await store.read.interactions.comment(commentId);
      if (!row) throw recordNotFound();
      const found = await findStatus(
        store,
        actor.id,
        decodeStatusId(encodeId('comment', row.createdAt, commentId)),
      );
      return statusOf(store, actor.id, origin, found);
    }
    const quoteOf = body.quoted_status_id ? quotedPostId(body.quoted_status_id) : undefined;
    const media = await picturesOf(store, body);
    const input = checkedPost({ content: text, media, ...(quoteOf && { quoteOf }) });
    const pictures = media.length > 0 ? { media: input.media ?? [], perPost: deps.media.perPost } : undefined;
    const postId = await asMastodon(() => createPost(store, actor, input.content, pictures, { quoteOf }));
    return postStatusAfterWrite(store, actor.id, origin, postId);
  });

  // A post's text and pictures (their order and alt text); a comment's text.
  app.put('/api/v1/statuses/:id', async (request) => {
    const actor = await requireMember(deps, request, 'write:statuses');
    const origin = originOf(deps, request);
    const body = parseStatusBody(request.body);
    refuseWhatRealmHasNot(body);
    const found = await findStatus(store, actor.id, idParam(request.params));
    const text = body.status ?? '';
    if (found.kind === 'boost') throw recordNotFound();
    if (found.kind === 'comment') {
      if (body.media_ids.length > 0) throw unprocessable('Comments carry text only on Realm.');
      const { post, comment } = found;
      await asMastodon(() => editComment(store, actor, post.id, comment.id, checkedCommentText(text)));
      const again = await findStatus(store, actor.id, idParam(request.params));
      return statusOf(store, actor.id, origin, again);
    }
    const postId = found.card.id;
    // Without media_ids the pictures stay as they are, alt text changed by media_attributes alone.
    const media =
      body.media_ids.length > 0
        ? await picturesOf(store, body)
        : found.card.media.map((item) => ({
            id: item.id,
            alt: body.media_attributes.find((a) => a.id === item.id)?.description ?? item.alt,
          }));
    const input = checkedPostEdit({ postId, content: text, media });
    const pictures = { media: input.media ?? [], perPost: deps.media.perPost };
    await asMastodon(() => editPost(store, actor, postId, input.content, pictures));
    return postStatusAfterWrite(store, actor.id, origin, postId);
  });

  // Answers what was deleted, with its text, as Mastodon does for "delete and redraft". A reblog's id
  // undoes the boost, as deleting one's reblog does on Mastodon.
  app.delete('/api/v1/statuses/:id', async (request) => {
    const actor = await requireMember(deps, request, 'write:statuses');
    const origin = originOf(deps, request);
    const found = await findStatus(store, actor.id, idParam(request.params));
    const status = await statusOf(store, actor.id, origin, found);
    if (found.kind === 'comment') {
      await asMastodon(() => deleteComment(store, actor, found.post.id, found.comment.id));
      return { ...status, text: found.comment.text };
    }
    if (found.kind === 'boost') {
      if (found.card.boostedBy?.id !== actor.id) throw unprocessable('Only your own reblog can be undone.');
      await asMastodon(() => unboostPost(store, actor, found.card.id));
      return status;
    }
    await asMastodon(() => deletePost(store, actor, found.card.id));
    return { ...status, text: found.card.content };
  });

  statusActionRoutes(app, deps);
  statusHistoryRoutes(app, deps);
}

/** A quote names a post (or a reblog of one); a comment cannot be quoted. */
function quotedPostId(id: string): string {
  const decoded = decodeStatusId(id);
  if (decoded.kind === 'comment') throw unprocessable('Only posts can be quoted on Realm, not comments.');
  return decoded.uuid;
}
