import { openEventStream } from '../../live/event-stream.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamCaller } from './auth.js';
import { subscriptionKey, type StreamClient, type Subscription } from './clients.js';

// One Server-Sent Events client (Mastodon's older streaming paths): one stream, its events as
// `event: update` / `data: <payload>`, and a `:thump` comment at each heartbeat.

export function sseClient(
  request: FastifyRequest,
  reply: FastifyReply,
  caller: StreamCaller,
  origin: string,
  sub: Subscription,
  maxBufferedBytes: number,
): StreamClient {
  const response = openEventStream(request, reply);
  response.write(':)\n\n');
  const write = (text: string) => {
    if (response.destroyed || response.writableEnded) return;
    response.write(text);
    if (response.writableLength > maxBufferedBytes) response.destroy();
  };
  return {
    memberId: caller.memberId,
    token: caller.token,
    origin,
    request,
    readsStatuses: caller.readsStatuses,
    readsNotifications: caller.readsNotifications,
    subscriptions: new Map([[subscriptionKey(sub), sub]]),
    notifiedUpTo: Date.now(),
    // A payload is one line (JSON or an id), so one `data:` line carries it.
    send: (_sub, event, payload) => write(`event: ${event}\ndata: ${payload}\n\n`),
    ping: () => write(':thump\n\n'),
    close: () => response.end(() => response.destroy()),
  };
}
