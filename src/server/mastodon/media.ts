import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { limits } from '../../shared/limits.js';
import { optionalText } from '../../shared/schemas.js';
import { DomainError } from '../domain/errors.js';
import { mayUpload, mediaMessages, uploadPicture, type UploadPermit } from '../domain/media.js';
import { deleteUpload, describeUpload, pendingUpload, uploadNotFound } from '../domain/media-uploads.js';
import { sendError } from '../http-errors.js';
import { ImageRefused } from '../media/image-errors.js';
import { declaredLength } from '../media-routes/index.js';
import { mediaDeps } from '../media-routes/pictures.js';
import { requireMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { mediaAttachment } from './entities/media-attachment.js';
import { acceptFormBodies, type FormFile, type FormValue } from './form-bodies.js';
import { isUuid } from './ids.js';

// Mastodon's media methods (mastodon/documentation content/en/methods/media.md) over Realm's pictures
// (domain/media.ts): the same hourly cap, quota, size limit and processing as the web app's `POST /media`.
// Processing is synchronous, so `POST /api/v2/media` answers 200 with the finished attachment, never 202
// (docs/mastodon-api.md, "Pictures").

/** Room for the form's other fields and the multipart framing around a picture of the largest size. */
const formSlack = 64 * 1024;

const isFile = (value: FormValue | undefined): value is FormFile =>
  typeof value === 'object' && value !== null && 'bytes' in value;

// Two numbers from -1 to 1, comma-separated. Realm's previews are the whole picture, never a crop, so a
// focal point changes nothing: it is checked, as Mastodon checks it, and not kept.
const focus = z
  .string()
  .regex(
    /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/,
    'focus must be two numbers, x,y, each from -1.0 to 1.0.',
  )
  .refine(
    (text) => text.split(',').every((n) => Math.abs(Number(n)) <= 1),
    'focus must be two numbers, x,y, each from -1.0 to 1.0.',
  );
const mediaFields = z.object({
  description: optionalText('Alt text', limits.altMax).optional(),
  focus: focus.optional(),
});

function fieldsOf(request: FastifyRequest) {
  const body = (request.body ?? {}) as Record<string, FormValue>;
  const parsed = mediaFields.safeParse({ description: body.description, focus: body.focus });
  if (!parsed.success) throw new DomainError(422, parsed.error.issues[0]!.message, 'BAD_REQUEST');
  return { body, ...parsed.data };
}

export async function mediaRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const pictures = mediaDeps(deps.store, deps.mediaStorage, deps.media, app.log, deps.mediaNameKey);
  const tooLarge = mediaMessages.tooLarge(deps.media.maxBytes);

  await app.register(async (scope) => {
    // Multipart bodies up to the picture limit here only; the rest of the API keeps the general one.
    for (const type of ['multipart/form-data', 'application/x-www-form-urlencoded']) {
      if (scope.hasContentTypeParser(type)) scope.removeContentTypeParser(type);
    }
    acceptFormBodies(scope, { multipartLimit: deps.media.maxBytes + formSlack });
    scope.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (!(error instanceof DomainError) && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(request, reply, 413, tooLarge);
      }
      throw error;
    });

    // The token, the member's standing, the hourly cap, the quota and the declared length are checked before
    // the body is read, as the web app's upload does: a refused caller never has 16 MB read for it.
    const permits = new WeakMap<FastifyRequest, UploadPermit>();
    const upload = {
      bodyLimit: deps.media.maxBytes + formSlack,
      onRequest: async (request: FastifyRequest) => {
        const actor = await requireMember(deps, request, 'write:media');
        // The form's framing and other fields come with the picture: only a length past them all is sure
        // to carry a picture over the limit.
        const declared = declaredLength(request);
        const picture = declared === undefined ? undefined : Math.max(0, declared - formSlack);
        permits.set(request, await mayUpload(pictures, actor, picture));
      },
    };
    const create = async (request: FastifyRequest) => {
      const { body, description } = fieldsOf(request);
      const file = body.file;
      if (!isFile(file))
        throw new DomainError(422, 'Send the picture as the form field "file".', 'BAD_REQUEST');
      const permit = permits.get(request)!;
      try {
        const view = await uploadPicture(pictures, permit, file.bytes, 'post', description ?? '');
        return mediaAttachment(originOf(deps, request), view);
      } catch (error) {
        // A file that is no picture Realm takes: Mastodon answers 422 for an unsupported file.
        if (error instanceof ImageRefused) throw new DomainError(422, error.message, 'BAD_REQUEST');
        throw error;
      }
    };
    scope.post('/api/v2/media', upload, create);
    scope.post('/api/v1/media', upload, create);

    scope.put<{ Params: { id: string } }>('/api/v1/media/:id', async (request) => {
      const actor = await requireMember(deps, request, 'write:media');
      const id = uploadId(request.params.id);
      const { description } = fieldsOf(request);
      const row =
        description === undefined
          ? await pendingUpload(deps.store, actor, id)
          : await describeUpload(deps.store, actor, id, description);
      return mediaAttachment(originOf(deps, request), row);
    });
  });

  app.get<{ Params: { id: string } }>('/api/v1/media/:id', async (request) => {
    const actor = await requireMember(deps, request, 'write:media');
    const row = await pendingUpload(deps.store, actor, uploadId(request.params.id));
    return mediaAttachment(originOf(deps, request), row);
  });

  // Mastodon 4.4's: an upload no post took, deleted by its owner.
  app.delete<{ Params: { id: string } }>('/api/v1/media/:id', async (request) => {
    const actor = await requireMember(deps, request, 'write:media');
    await deleteUpload(deps.store, actor, uploadId(request.params.id));
    return {};
  });
}

/** Upload ids are Realm's UUIDs; any other text names no upload. */
function uploadId(id: string): string {
  if (!isUuid(id)) throw new DomainError(404, uploadNotFound, 'NOT_FOUND');
  return id;
}
