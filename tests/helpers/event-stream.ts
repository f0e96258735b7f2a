import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as a client parses it. */
export type ReceivedEvent = { type: string; data: Record<string, unknown> };

export type EventStream = {
  status: number;
  headers: Headers;
  /** Every event so far, in order; `retry` and `: ping` comments apart. */
  events: ReceivedEvent[];
  comments: string[];
  retry: number | undefined;
  /** The first event of this type (and matching `match`) received so far or from now on. */
  next(
    type: string,
    match?: (data: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** The app listening on a free loopback port (once), as a browser reaches it. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens `GET /events` as the web client does: fetch with the token in `authorization`, read as a stream. */
export async function openEventStream(baseUrl: string, authorization?: string): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/events`, {
    headers: { ...(authorization ? { authorization } : {}), 'accept-encoding': 'gzip, br' },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    retry: undefined,
    next(type, match = () => true, timeoutMs = 5000) {
      const find = () => events.find((event) => event.type === type && match(event.data));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${type}" event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    ended: Promise.resolve(),
    close: () => abort.abort(),
  };
  stream.ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          parseBlock(buffer.slice(0, end), stream);
          buffer = buffer.slice(end + 2);
        }
        for (const waiter of [...waiters]) waiter();
      }
    } catch {
      // closed by the test
    }
  })();
  return stream;
}

function parseBlock(block: string, stream: EventStream) {
  let type = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
    else if (line.startsWith('retry:')) stream.retry = Number(line.slice(6));
    else if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (data) stream.events.push({ type, data: JSON.parse(data) as Record<string, unknown> });
}
