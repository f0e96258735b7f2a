import type { FastifyInstance } from 'fastify';
import { resolveActor } from '../domain/auth.js';
import { DomainError } from '../domain/errors.js';
import type { TokenKeys } from '../domain/tokens.js';
import type { Store } from '../store/store.js';
import { dispatchLiveEvents } from './dispatcher.js';
import { openEventStream } from './event-stream.js';
import { createStreamRegistry, sseEvent } from './stream-registry.js';

export type LiveOptions = {
  /** `: ping` every so often; 25 s, shorter in tests. */
  heartbeatMs?: number;
  /** How long changed counts are gathered before one read sends them all. */
  coalesceMs?: number;
};

/** A reconnecting client waits this long (the `retry:` field), so a restart is not met by a stampede. */
const retryMs = 2000;
const streamsPerMember = 5;
const maxBufferedBytes = 1024 * 1024;

/**
 * `GET /events`: the member's live updates as Server-Sent Events (docs/api.md, "Live updates"). The token
 * comes in the `authorization` header, raw or `Bearer`, as for tRPC: the browser reads the stream with fetch,
 * since EventSource cannot send headers and a token in the URL would end up in logs. It is checked when the
 * stream opens; the stream then lasts until the client closes it, a sixth stream of the member replaces it,
 * the member's session ends (`session-ended`, then closed), or the server shuts down.
 */
export async function liveUpdates(
  app: FastifyInstance,
  { store, keys, heartbeatMs = 25_000, coalesceMs = 200 }: LiveOptions & { store: Store; keys: TokenKeys },
) {
  const streams = createStreamRegistry({ perMember: streamsPerMember, heartbeatMs, maxBufferedBytes });
  const onError = (error: unknown) => app.log.error({ err: error }, 'live update failed');
  const stopDispatch = dispatchLiveEvents(store, streams, { coalesceMs, onError });
  await store.liveReady();
  // Before the server stops accepting: an open stream would hold app.close() forever.
  app.addHook('preClose', (done) => {
    stopDispatch();
    streams.closeAll();
    done();
  });

  // No HEAD twin: it would open a stream that sends nothing.
  app.get('/events', { exposeHeadRoute: false }, async (request, reply) => {
    const actor = await resolveActor(store, keys, request.headers.authorization);
    const response = openEventStream(request, reply);
    response.write(`retry: ${retryMs}\n\n`);
    const stream = streams.open(actor.id, response);
    try {
      // A session that ended while this stream opened may have had its `session-ended` go by
      // before the stream was listed; checked again now that it is, the stream cannot outlive its token.
      await resolveActor(store, keys, request.headers.authorization);
      stream.hello(sseEvent('hello', { unread: await store.read.notifications.unreadCount(actor.id) }));
    } catch (error) {
      if (!(error instanceof DomainError)) onError(error);
      stream.close();
    }
  });
}
