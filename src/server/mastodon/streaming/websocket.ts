import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { StreamCaller } from './auth.js';
import { mayRead } from './auth.js';
import {
  isStreamName,
  streamLabel,
  subscriptionKey,
  type StreamClient,
  type Subscription,
} from './clients.js';

// One WebSocket client (Mastodon 3.3+'s multiplexed stream): `{"type":"subscribe","stream":"hashtag",
// "tag":"cats"}` adds a stream, `unsubscribe` takes it away, and every event names the stream it is for.

export type SocketLimits = { maxBufferedBytes: number; subscriptionsMax: number };

const message = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  stream: z.string().max(40),
  tag: z.string().max(100).optional(),
  list: z.string().max(100).optional(),
});

type Refusal = { error: string; status: number };

/** The subscription asked for, or why not, as Mastodon's streaming server words it. */
export function subscriptionOf(
  caller: Pick<StreamCaller, 'readsStatuses' | 'readsNotifications'>,
  asked: { stream: string; tag?: string | undefined; list?: string | undefined },
): Subscription | Refusal {
  const name = asked.stream;
  if (!isStreamName(name)) return { error: 'Unknown stream type', status: 400 };
  if (!mayRead(caller, name)) {
    return { error: 'Access token does not have the required scopes', status: 401 };
  }
  if (name === 'hashtag' || name === 'hashtag:local') {
    const tag = asked.tag?.replace(/^#/, '').trim();
    return tag ? { name, tag } : { error: 'No tag for stream provided', status: 400 };
  }
  // Realm has no lists: no list is the caller's.
  if (name === 'list') return { error: 'Not authorized to stream this list', status: 404 };
  return { name };
}

export function socketClient(
  socket: WebSocket,
  caller: StreamCaller,
  origin: string,
  request: FastifyRequest,
  limits: SocketLimits,
): StreamClient {
  const subscriptions = new Map<string, Subscription>();
  const write = (text: string) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(text);
    // A client that does not read: its queue is dropped with it, and it reconnects when it can.
    if (socket.bufferedAmount > limits.maxBufferedBytes) socket.terminate();
  };
  const refuse = (refusal: Refusal) => write(JSON.stringify(refusal));

  socket.on('message', (data, isBinary) => {
    let parsed: z.infer<typeof message>;
    try {
      parsed = message.parse(JSON.parse(isBinary ? '' : data.toString()));
    } catch {
      return refuse({ error: 'Could not parse the message', status: 400 });
    }
    const sub = subscriptionOf(caller, parsed);
    if ('error' in sub) return refuse(sub);
    const key = subscriptionKey(sub);
    if (parsed.type === 'unsubscribe') return void subscriptions.delete(key);
    if (subscriptions.size >= limits.subscriptionsMax && !subscriptions.has(key)) {
      return refuse({ error: `At most ${limits.subscriptionsMax} streams on one connection`, status: 400 });
    }
    subscriptions.set(key, sub);
  });

  return {
    memberId: caller.memberId,
    token: caller.token,
    origin,
    request,
    readsStatuses: caller.readsStatuses,
    readsNotifications: caller.readsNotifications,
    subscriptions,
    notifiedUpTo: Date.now(),
    send(sub, event, payload) {
      write(JSON.stringify({ stream: streamLabel(sub), event, payload }));
    },
    ping() {
      if (socket.readyState === socket.OPEN) socket.ping();
    },
    close() {
      socket.close(1000);
      // A client that never answers the closing handshake is cut off.
      setTimeout(() => socket.terminate(), 2000).unref();
    },
  };
}
