// Clients of the Mastodon streaming API as apps are: Node's own WebSocket (the WHATWG one browsers have),
// and fetch reading Server-Sent Events.

export type StreamEvent = { stream?: string[]; event: string; payload: string };

type Waiting<T> = {
  items: T[];
  next(match: (item: T) => boolean, timeoutMs?: number): Promise<T>;
  push(item: T): void;
};

function waitingList<T>(describe: (items: T[]) => string): Waiting<T> {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    push(item) {
      items.push(item);
      for (const waiter of [...waiters]) waiter();
    },
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = items.find(match);
          if (found === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`nothing matched within ${timeoutMs} ms; got ${describe(items)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

export type MastodonSocket = {
  socket: WebSocket;
  /** Every message so far: events, and `{ error, status }` refusals. */
  messages: Record<string, unknown>[];
  next(event: string, match?: (payload: string) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  nextError(timeoutMs?: number): Promise<{ error: string; status: number }>;
  send(message: object): void;
  /** Resolves with the close code once the connection ends. */
  closed: Promise<number>;
  close(): void;
};

/** Opens `/api/v1/streaming`; resolves once open, rejects when the server refuses the handshake. */
export function openMastodonSocket(url: string, protocols?: string | string[]): Promise<MastodonSocket> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), protocols);
  const list = waitingList<Record<string, unknown>>((items) => JSON.stringify(items));
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  socket.addEventListener('message', (e) => list.push(JSON.parse(String(e.data)) as Record<string, unknown>));
  return new Promise((resolve, reject) => {
    socket.addEventListener('error', () => reject(new Error('the WebSocket was refused')));
    socket.addEventListener('open', () =>
      resolve({
        socket,
        messages: list.items,
        next: (event, match = () => true, timeoutMs) =>
          list.next((m) => m.event === event && match(String(m.payload)), timeoutMs) as Promise<StreamEvent>,
        nextError: (timeoutMs) =>
          list.next((m) => 'error' in m, timeoutMs) as Promise<{ error: string; status: number }>,
        send: (message) => socket.send(JSON.stringify(message)),
        closed,
        close: () => socket.close(),
      }),
    );
  });
}

export type SseEvent = { event: string; data: string };

export type MastodonSse = {
  status: number;
  events: SseEvent[];
  comments: string[];
  next(event: string, match?: (data: string) => boolean, timeoutMs?: number): Promise<SseEvent>;
  ended: Promise<void>;
  close(): void;
};

/** Opens an SSE stream (`/api/v1/streaming/user`...) with fetch, reading it as it comes. */
export async function openMastodonSse(url: string, token?: string): Promise<MastodonSse> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const list = waitingList<SseEvent>((items) => JSON.stringify(items));
  const comments: string[] = [];
  const read = async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1));
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) list.push({ event, data: data.join('\n') });
        }
      }
    } catch {
      // aborted by the test, or cut by the server: `ended` says so either way
    }
  };
  return {
    status: response.status,
    events: list.items,
    comments,
    next: (event, match = () => true, timeoutMs) =>
      list.next((e) => e.event === event && match(e.data), timeoutMs),
    ended: read(),
    close: () => abort.abort(),
  };
}
