import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { uploadPurpose } from '../../shared/media-schemas.js';
import type { MediaConfig } from '../config.js';
import { resolveActor } from '../domain/auth.js';
import { DomainError } from '../domain/errors.js';
import {
  cleanupUnattached,
  mayUpload,
  mediaMessages,
  releaseFiles,
  uploadPicture,
  type UploadPermit,
} from '../domain/media.js';
import type { TokenKeys } from '../domain/tokens.js';
import { sendError } from '../http-errors.js';
import { isMediaKey, type MediaStorage } from '../media/storage.js';
import type { MediaKind, Store } from '../store/store.js';
import { mediaDeps } from './pictures.js';

export type MediaRouteOptions = {
  store: Store;
  keys: TokenKeys;
  /** Names stored files (pictures.ts, `fileNameKey`). */
  nameKey: Buffer;
  storage: MediaStorage;
  config: MediaConfig;
  /** How often uploads never attached are looked for (an hour; shorter in tests); 0: never. */
  cleanupEveryMs?: number;
};

/** The length a request announces (Content-Length), when it announces one. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) ? length : undefined;
}

/**
 * Pictures over HTTP: `POST /media` takes one picture as the raw body (tRPC carries JSON, not bytes) and
 * `GET /media/<key>` serves a stored file. Also frees files no row uses once a write releases them, and
 * deletes uploads never attached (docs/pictures.md).
 */
export async function mediaRoutes(app: FastifyInstance, options: MediaRouteOptions) {
  const { store, keys, storage, config } = options;
  const deps = mediaDeps(store, storage, config, app.log, options.nameKey);

  const stopReleasing = store.onMediaReleased((released) => {
    releaseFiles(store, storage, released).catch((error: unknown) =>
      app.log.error({ err: error }, 'deleting released picture files failed'),
    );
  });
  const every = options.cleanupEveryMs ?? 60 * 60 * 1000;
  const cleanup =
    every > 0
      ? setInterval(() => {
          cleanupUnattached(store, storage).catch((error: unknown) =>
            app.log.error({ err: error }, 'cleaning up unattached pictures failed'),
          );
        }, every).unref()
      : undefined;
  app.addHook('onClose', async () => {
    stopReleasing();
    clearInterval(cleanup);
  });

  await app.register(async (scope) => {
    // Only this route reads bytes: whatever the Content-Type says (the bytes decide what a picture is), up to
    // REALM_MEDIA_MAX_BYTES, counted as they arrive so a larger body is never read whole.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (!(error instanceof DomainError) && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(request, reply, 413, mediaMessages.tooLarge(config.maxBytes));
      }
      // A token for a member who is gone is "sign in again" here, as it is to tRPC callers.
      if (error instanceof DomainError && error.kind === 'UNAUTHORIZED') {
        return sendError(request, reply, 401, error.message);
      }
      throw error;
    });
    // Who sends, and whether they may upload now, are known before the body is read: a refused sender never
    // has up to REALM_MEDIA_MAX_BYTES read for them (docs/security.md, "Every upload is hostile").
    const uploads = new WeakMap<FastifyRequest, { permit: UploadPermit; purpose: MediaKind }>();
    const onRequest = async (request: FastifyRequest) => {
      const actor = await resolveActor(store, keys, request.headers.authorization);
      // A post's picture unless it says otherwise; an avatar comes back square, a banner 3:1. Checked before
      // the hourly cap counts the upload, so a bad address costs the member nothing.
      const purpose = uploadPurpose.safeParse((request.query as { purpose?: unknown }).purpose);
      if (!purpose.success) throw new DomainError(400, purpose.error.issues[0]!.message, 'BAD_REQUEST');
      const permit = await mayUpload(deps, actor, declaredLength(request));
      uploads.set(request, { permit, purpose: purpose.data });
    };
    scope.post('/media', { bodyLimit: config.maxBytes, onRequest }, async (request, reply) => {
      const { permit, purpose } = uploads.get(request)!;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const picture = await uploadPicture(deps, permit, body, purpose);
      return reply.code(201).send(picture);
    });
  });

  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // Only a well-formed key reaches the storage: never a path of another shape (storage.ts).
    const file = isMediaKey(key) ? await storage.get(key) : null;
    if (!file) return reply.code(404).send({ errors: ['There is no such picture.'] });
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(file.body);
  });
}
