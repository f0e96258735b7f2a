import fastifyCompress from '@fastify/compress';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { limits } from '../shared/limits.js';
import { serveClient } from './client-files.js';
import { compression, gzipSmallAnswers } from './compression.js';
import { mailEnabled, type Config } from './config.js';
import { factorKeys } from './domain/second-factor.js';
import { noSignInLimits, signInLimits } from './domain/sign-in-limits.js';
import { createTokenKeys } from './domain/tokens.js';
import { addressSet, capConnectionsPerAddress } from './connection-limit.js';
import { clientKeys, shareFairly } from './fair-share.js';
import { apiNotFound, frameworkErrors, isApiPath, registerErrorHandling } from './http-errors.js';
import { currentProfilePath } from './domain/handles.js';
import { pageMeta } from './page-meta.js';
import { paths } from './paths.js';
import { liveUpdates, type LiveOptions } from './live/events-route.js';
import { openMediaStorage } from './media/storage-open.js';
import type { MediaStorage } from './media/storage.js';
import { mediaRoutes } from './media-routes/index.js';
import { fileNameKey } from './media-routes/pictures.js';
import { mastodonApi } from './mastodon/index.js';
import { opensStream } from './mastodon/streaming/paths.js';
import { pushSealKey as appPushSealKey } from './mastodon/push/seal.js';
import { resolveAppToken } from './mastodon/oauth/app-tokens.js';
import { limitRequests } from './request-limit.js';
import { requestLogFields } from './request-log.js';
import { startPushDelivery, type PushDeliveryOptions } from './push/delivery.js';
import { startMailSender, type MailSenderOptions } from './mail/sender.js';
import { smtpTransport, type MailTimeouts } from './mail/transport.js';
import { restApi } from './rest/index.js';
import { sendSecurityHeaders } from './security-headers.js';
import type { Store } from './store/store.js';
import { callerOf, createContext } from './trpc/context.js';
import { answerCallsDirectly, type OnCallError } from './trpc/direct-calls.js';
import { maxBatchSize, retryAfterOf } from './trpc/init.js';
import { appRouter, type AppRouter } from './trpc/root.js';
import { serveWebAppManifest } from './web-app-manifest.js';

export type AppOptions = {
  config: Config & { jwtSecret: string };
  store: Store;
  /** false in `npm run dev`, where Vite serves the client instead. */
  serveBuiltClient?: boolean;
  /** false in `npm run dev` only: Vite's hot-reload client runs inline scripts that a strict CSP blocks. */
  contentSecurityPolicy?: boolean;
  /** Where the built client is; `dist/client` unless a test points elsewhere. */
  clientDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout: a test that reads what the server logs. */
  logStream?: { write(line: string): void };
  /** true in `npm run dev` only: log lines a person reads (pino-pretty) instead of JSON for a log collector. */
  prettyLogs?: boolean;
  /** false only in the test that compares the direct answers (trpc/direct-calls.ts) with the adapter's. */
  directTrpcCalls?: boolean;
  /** How long a client may take to send a whole request; shorter only in the test of it. */
  requestTimeoutMs?: number;
  /** The live updates' heartbeat and batching; shorter only in tests. */
  live?: LiveOptions;
  /** Where pictures' files are; the storage config.media names unless a test brings its own. */
  mediaStorage?: MediaStorage;
  /** How often uploads never attached are looked for (media-routes/index.ts); 0 in tests that run it. */
  mediaCleanupEveryMs?: number;
  /** How often apps never authorized are looked for (mastodon/oauth/routes.ts); 0 in tests that run it. */
  appCleanupEveryMs?: number;
  /** Push requests at once and their deadlines (push/delivery.ts); shorter only in tests. */
  pushSending?: Pick<PushDeliveryOptions, 'sending' | 'timeouts'>;
  /** The mail sender's retries, lease and looks at the outbox, and SMTP's deadlines; shorter only in tests. */
  mailSending?: Pick<MailSenderOptions, 'retry' | 'atOnce' | 'leaseMs' | 'pollMs'> & {
    timeouts?: MailTimeouts;
  };
};

/** The whole server as a Fastify instance that never listens: main.ts listens, tests inject. */
export async function buildApp({
  config,
  store,
  serveBuiltClient = true,
  contentSecurityPolicy = true,
  clientDir = paths.clientDist,
  logger = true,
  logStream,
  prettyLogs = false,
  directTrpcCalls = true,
  requestTimeoutMs = 30_000,
  live = {},
  mediaStorage = openMediaStorage(config.media.storage),
  mediaCleanupEveryMs,
  appCleanupEveryMs,
  pushSending = {},
  mailSending = {},
}: AppOptions) {
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestLogFields },
      ...(logStream && { stream: logStream }),
      ...(prettyLogs && {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
        },
      }),
    },
    bodyLimit: limits.bodyBytes,
    // Behind a reverse proxy, X-Forwarded-For names the client, but only when that proxy is trusted.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors,
    // Fastify's default of 100 characters is shorter than a batch of ten tRPC procedure names.
    routerOptions: { maxParamLength: 500 },
    // A client that sends its request slowly (a byte every few seconds) is cut off: 408 and closed.
    requestTimeout: requestTimeoutMs,
    http: { headersTimeout: Math.min(15_000, requestTimeoutMs), connectionsCheckingInterval: 1000 },
  });
  capConnectionsPerAddress(app.server, config.connectionsPerAddress, addressSet(config.trustProxy));
  const keys = createTokenKeys(config.jwtSecret);
  const limitsOfSignIn = config.rateLimit ? signInLimits(store) : noSignInLimits;
  const factors = factorKeys(config.jwtSecret);

  acceptEmptyJsonBodies(app);
  registerErrorHandling(app);
  sendSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy && {
      directives: {
        // Members' pictures may live on any http(s) host; everything else comes from this server.
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  gzipSmallAnswers(app);
  const pushSealKey = appPushSealKey(config.jwtSecret);
  const pushDelivery = startPushDelivery({
    store,
    log: app.log,
    sealKey: pushSealKey,
    publicOrigin: config.publicOrigin,
    contact: config.push.contact,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    registrationDefault: config.registration,
    ...pushSending,
  });
  app.addHook('onClose', () => pushDelivery.close());
  // Unset REALM_SMTP_URL: no sender; mail queued meanwhile waits in the outbox until one is configured.
  if (config.mail) {
    const { timeouts, ...sending } = mailSending;
    const mailSender = startMailSender({
      store,
      log: app.log,
      transport: smtpTransport(config.mail, timeouts),
      ...sending,
    });
    app.addHook('onClose', () => mailSender.close());
  }
  await app.register(fastifyCompress, compression);

  let share: ReturnType<typeof shareFairly> | undefined;
  if (config.rateLimit) {
    const keyOf = clientKeys(keys, async (token) => (await resolveAppToken(store, token))?.memberId ?? null);
    await limitRequests(app, { keyOf, max: config.requestsPer5Minutes });
    share = shareFairly(app, keyOf, opensStream);
  }

  // A query proves the database answers; when it does not, the error handler answers 500.
  app.get('/healthz', async () => {
    await store.ping();
    return { ok: true };
  });

  await app.register(liveUpdates, { ...live, store, keys });

  const mediaNameKey = fileNameKey(config.jwtSecret);
  await app.register(mediaRoutes, {
    store,
    keys,
    nameKey: mediaNameKey,
    storage: mediaStorage,
    config: config.media,
    ...(mediaCleanupEveryMs !== undefined && { cleanupEveryMs: mediaCleanupEveryMs }),
  });

  await app.register(restApi, {
    prefix: '/api',
    store,
    keys,
    factors,
    signInLimits: limitsOfSignIn,
    legacyListLimit: config.legacyListLimit,
    registrationDefault: config.registration,
    listCacheBytes: config.memory.listCacheBytes,
  });

  // Its own encapsulated scope: its hooks and body parsers apply to its routes alone.
  await app.register(mastodonApi, {
    store,
    keys,
    publicOrigin: config.publicOrigin,
    registrationDefault: config.registration,
    media: config.media,
    mediaStorage,
    mediaNameKey,
    pushSealKey,
    allowPrivatePushEndpoints: config.push.allowPrivateEndpoints,
    streamingHeartbeatMs: live.heartbeatMs,
    limitAppRegistrations: config.rateLimit,
    appCleanupEveryMs,
  });

  const contextDeps = {
    store,
    keys,
    factors,
    signInLimits: limitsOfSignIn,
    registrationDefault: config.registration,
    allowPrivatePushEndpoints: config.push.allowPrivateEndpoints,
    mediaPerPost: config.media.perPost,
    publicOrigin: config.publicOrigin,
    mailEnabled: mailEnabled(config),
  };
  await app.register(async (trpcScope) => {
    const onError: OnCallError = ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'trpc call failed');
    };
    if (directTrpcCalls) answerCallsDirectly(trpcScope, contextDeps, onError, share?.nextTurn);
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req }) => createContext(contextDeps, callerOf(req)),
        onError,
        maxBatchSize,
        responseMeta: ({ errors }) => {
          const retryAfter = retryAfterOf(errors);
          return retryAfter === undefined ? {} : { headers: { 'retry-after': String(retryAfter) } };
        },
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  });

  serveWebAppManifest(app, { store, registrationDefault: config.registration });
  const previewDeps = {
    store,
    registrationDefault: config.registration,
    publicOrigin: config.publicOrigin,
    log: app.log,
  };
  const sendClientPage = await serveClient(app, {
    builtClient: serveBuiltClient,
    clientDir,
    previewTags: (path) => pageMeta(previewDeps, path),
    movedTo: (path) => currentProfilePath(store, path),
    // Loaded when first needed: it brings the client's components, whose style imports only a bundler
    // understands (the built server has them; `npm run dev` serves pages through Vite and never draws one).
    drawScreen: async (path, cookieHeader) =>
      (await import('./first-screen.js')).drawScreen({ ...contextDeps, log: app.log }, path, cookieHeader),
  });
  app.setNotFoundHandler((request, reply) => {
    const looksLikeFile = isMissingFile(request.url.split('?')[0] ?? '');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !isRead || looksLikeFile || !sendClientPage) {
      return reply.code(404).send(apiNotFound(request.method, request.url));
    }
    return sendClientPage(request, reply);
  });

  return app;
}

/**
 * A request for a built asset or a top-level file that does not exist gets a 404, not the client page.
 * Client routes may end in anything: /profile/demo@realm.social is a member, not a file.
 */
function isMissingFile(path: string): boolean {
  return (
    path.startsWith('/assets/') ||
    path.startsWith('/pictures/') ||
    /^\/[^/]+\.(ico|png|svg|txt|json|webmanifest|js|css|map)$/i.test(path)
  );
}

/** Clients often send `Content-Type: application/json` with no body on like, follow and delete calls. */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
