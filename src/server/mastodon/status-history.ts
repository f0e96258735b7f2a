import type { FastifyInstance } from 'fastify';
import { commentHistory, postHistory } from '../domain/edit-history.js';
import { optionalMember } from './caller.js';
import { contentHtml } from './content-html.js';
import { originOf, type MastodonDeps } from './deps.js';
import { decodeStatusId, findStatus, statusOf } from './status-lookup.js';

// A status's edits (Mastodon's StatusEdit list, oldest first) and its source text. Realm keeps the history
// of the text only, so every version shows the pictures the post has now (docs/mastodon-api.md).

export function statusHistoryRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const { store } = deps;

  app.get('/api/v1/statuses/:id/history', async (request) => {
    const viewer = await optionalMember(deps, request, 'read:statuses');
    const viewerId = viewer?.id ?? null;
    const origin = originOf(deps, request);
    const found = await findStatus(store, viewerId, decodeStatusId((request.params as { id: string }).id));
    const status = await statusOf(store, viewerId, origin, found);
    const shown = status.reblog ?? status;
    const history =
      found.kind === 'comment'
        ? await commentHistory(store, viewerId, found.post.id, found.comment.id)
        : await postHistory(store, viewerId, found.card.id);
    const mentions = found.kind === 'comment' ? found.comment.mentions : found.card.mentions;
    return history.versions
      .slice()
      .reverse()
      .map((version) => ({
        content: contentHtml(version.text, { origin, mentions }),
        spoiler_text: '',
        sensitive: false,
        created_at: version.at,
        account: shown.account,
        poll: null,
        media_attachments: shown.media_attachments,
        emojis: [],
      }));
  });

  app.get('/api/v1/statuses/:id/source', async (request) => {
    const viewer = await optionalMember(deps, request, 'read:statuses');
    const decoded = decodeStatusId((request.params as { id: string }).id);
    const found = await findStatus(store, viewer?.id ?? null, decoded);
    const text = found.kind === 'comment' ? found.comment.text : found.card.content;
    return { id: decoded.id, text, spoiler_text: '' };
  });
}
