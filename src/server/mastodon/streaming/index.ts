import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { originOf, type MastodonDeps } from '../deps.js';
import { checkToken, mayRead, streamCaller, type StreamCaller } from './auth.js';
import { createClients, subscriptionKey, type StreamClient, type StreamName } from './clients.js';
import { dispatchToClients } from './dispatch.js';
import { notificationSender } from './notification-events.js';
import { sseClient } from './sse.js';
import { socketClient, subscriptionOf } from './websocket.js';

// Mastodon's streaming API (mastodon/documentation content/en/methods/streaming.md; docs/mastodon-api.md,
// "Streaming"), carried by Realm's live events (dispatch.ts), on the same port as the rest of the API.

const perMember = 8;
const maxBufferedBytes = 1024 * 1024;
const subscriptionsMax = 32;

// The SSE paths and the stream each one is.
const ssePaths: Record<string, StreamName> = {
  user: 'user',
  'user/notification': 'user:notification',
  public: 'public',
  'public/local': 'public:local',
  'public/remote': 'public:remote',
  'public/media': 'public:media',
  'public/local/media': 'public:local:media',
  'public/remote/media': 'public:remote:media',
  hashtag: 'hashtag',
  'hashtag/local': 'hashtag:local',
  direct: 'direct',
};

export async function streamingRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const { store } = deps;
  const clients = createClients({ perMember });
  const onError = (error: unknown) => app.log.error({ err: error }, 'Mastodon streaming failed');
  const stop = dispatchToClients(store, clients, { onError, sendNotifications: notificationSender(deps) });
  await store.liveReady();

  // One timer for every client: the keep-alive, and the token checked again, so a revoked token, like a
  // suspended member (whose `session-ended` closes them at once), ends its streams within a heartbeat.
  const heartbeat = setInterval(() => {
    for (const client of clients.all()) {
      client.ping();
      checkToken(store, client.token).catch((error: unknown) => {
        if (!(error instanceof DomainError)) return onError(error);
        clients.remove(client);
        client.close();
      });
    }
  }, deps.streamingHeartbeatMs ?? 25_000);
  heartbeat.unref();
  app.addHook('preClose', (done) => {
    stop();
    clearInterval(heartbeat);
    for (const client of clients.all()) client.close();
    done();
  });

  /** Lists the client, then checks its token again: a session that ended meanwhile ends it now. */
  async function open(client: StreamClient, gone: boolean, whenClosed: (listener: () => void) => void) {
    // A client that left while its token was checked has had its 'close' already.
    if (gone) return;
    clients.add(client);
    whenClosed(() => clients.remove(client));
    try {
      await checkToken(store, client.token);
    } catch (error) {
      if (!(error instanceof DomainError)) onError(error);
      clients.remove(client);
      client.close();
    }
  }

  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  const callers = new WeakMap<FastifyRequest, StreamCaller>();
  const identify = async (request: FastifyRequest) => {
    callers.set(request, await streamCaller(store, request));
  };

  app.get('/api/v1/streaming/health', async (_request, reply) => reply.type('text/plain').send('OK'));

  app.route({
    method: 'GET',
    url: '/api/v1/streaming',
    preValidation: identify,
    handler: async () => {
      throw new DomainError(
        400,
        'Open a WebSocket here, or read a stream at /api/v1/streaming/<stream>.',
        'BAD_REQUEST',
      );
    },
    wsHandler: (socket, request) => {
      const caller = callers.get(request)!;
      const client = socketClient(socket, caller, originOf(deps, request), request, {
        maxBufferedBytes,
        subscriptionsMax,
      });
      // `?stream=user` subscribes at once, as Mastodon allows.
      const query = request.query as Record<string, string | undefined>;
      if (query.stream) {
        const sub = subscriptionOf(caller, { stream: query.stream, tag: query.tag, list: query.list });
        if ('error' in sub) socket.send(JSON.stringify(sub));
        else client.subscriptions.set(subscriptionKey(sub), sub);
      }
      void open(client, socket.readyState !== socket.OPEN, (listener) => socket.once('close', listener));
    },
  });

  for (const [path, name] of Object.entries(ssePaths)) {
    app.get(
      `/api/v1/streaming/${path}`,
      { exposeHeadRoute: false, preValidation: identify },
      async (request, reply) => {
        const caller = callers.get(request)!;
        const query = request.query as Record<string, string | undefined>;
        if (!mayRead(caller, name))
          throw new DomainError(403, 'This action is outside the authorized scopes', 'FORBIDDEN');
        const sub = subscriptionOf(caller, { stream: name, tag: query.tag });
        if ('error' in sub)
          throw new DomainError(sub.status === 401 ? 403 : sub.status, sub.error, 'BAD_REQUEST');
        const client = sseClient(request, reply, caller, originOf(deps, request), sub, maxBufferedBytes);
        await open(client, reply.raw.destroyed || request.raw.socket.destroyed, (listener) =>
          reply.raw.once('close', listener),
        );
      },
    );
  }
}
