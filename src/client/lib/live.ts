import { useEffect, useRef } from 'react';
import { createSseParser } from './sse';

// The live events of GET /events (docs/api.md, "Live updates"). Ids and numbers only: what a screen
// shows it reads through tRPC as usual.
export type LiveEvents = {
  /** First on every (re)connection: the unread count to catch up on. */
  hello: { unread: number };
  /** A new post by me or by someone I follow. */
  post: { postId: string; authorId: string };
  /** A post's counts changed, or it was deleted. */
  counts: { postId: string; likeCount: number; commentCount: number } | { postId: string; deleted: true };
  /** My unread notification count changed. */
  unread: { count: number };
  /** The server may have missed events (its PostgreSQL LISTEN connection came back): catch up as on hello. */
  resync: Record<string, never>;
};
export type LiveEventType = keyof LiveEvents;

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** What the server sent, when it has the shape the contract gives it; anything else is dropped. */
const checks: { [T in LiveEventType]: (data: unknown) => data is LiveEvents[T] } = {
  hello: (data): data is LiveEvents['hello'] => isObject(data) && isCount(data.unread),
  post: (data): data is LiveEvents['post'] =>
    isObject(data) && typeof data.postId === 'string' && typeof data.authorId === 'string',
  counts: (data): data is LiveEvents['counts'] =>
    isObject(data) &&
    typeof data.postId === 'string' &&
    (data.deleted === true || (isCount(data.likeCount) && isCount(data.commentCount))),
  unread: (data): data is LiveEvents['unread'] => isObject(data) && isCount(data.count),
  resync: (data): data is LiveEvents['resync'] => isObject(data),
};

export type LiveMessage = { [T in LiveEventType]: { type: T; data: LiveEvents[T] } }[LiveEventType];

function toMessage(event: string, data: string): LiveMessage | null {
  if (!(event in checks)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  return checks[event as LiveEventType](parsed) ? ({ type: event, data: parsed } as LiveMessage) : null;
}

const firstDelayMs = 1_000;
const maxDelayMs = 30_000;
/** The server pings every 25 s: a stream silent for longer than two pings is dead (a half-open socket). */
const silenceMs = 60_000;
/**
 * The backoff starts over only after a stream that lasted this long. The server ends a member's oldest
 * stream when they open a sixth: tabs that each reconnected at once would take turns ending each other's.
 */
const steadyMs = 30_000;

/** 1 s, 2 s, 4 s ... up to 30 s, each ±25% so that a restarted server is not met by every tab at once. */
export const reconnectDelay = (attempt: number, random = Math.random()) =>
  Math.min(maxDelayMs, firstDelayMs * 2 ** attempt) * (0.75 + random * 0.5);

/** The message of a refusal's `{ errors: [message] }`, or '' when it has none. */
async function refusalOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { errors?: unknown };
    return Array.isArray(body.errors) && typeof body.errors[0] === 'string' ? body.errors[0] : '';
  } catch {
    return '';
  }
}

/**
 * Keeps one stream to GET /events open for this tab until the returned function is called: read with fetch
 * (EventSource cannot send the token in a header, and a token in a URL ends up in logs), reconnected with
 * backoff after a drop, at once when the browser comes back online or the tab is looked at again.
 */
export function connectLive(options: {
  token: string;
  onMessage: (message: LiveMessage) => void;
  /** The token no longer works (401), or its member is gone (404): the stream stops for good. */
  onUnauthorized: () => void;
  /** The account may not read (403: waiting for approval, suspended): the stream stops for good. */
  onForbidden?: (message: string) => void;
}): () => void {
  let stopped = false;
  let attempt = 0;
  let connectedAt: number | null = null;
  let stream: AbortController | null = null;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));

  async function readOnce(signal: AbortSignal) {
    const response = await fetch('/events', {
      headers: { authorization: options.token, accept: 'text/event-stream' },
      cache: 'no-store',
      signal,
    });
    if (response.status === 401 || response.status === 404) return 'unauthorized';
    if (response.status === 403) return { forbidden: await refusalOf(response) };
    if (!response.ok || !response.body) throw new Error(`GET /events answered ${response.status}`);
    const parse = createSseParser(({ event, data }) => {
      const message = toMessage(event, data);
      if (!message) return;
      if (message.type === 'hello') connectedAt = Date.now();
      options.onMessage(message);
    });
    let silence = setTimeout(() => stream?.abort(), silenceMs);
    try {
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        clearTimeout(silence);
        silence = setTimeout(() => stream?.abort(), silenceMs);
        parse(chunk.value);
      }
    } finally {
      clearTimeout(silence);
    }
    return 'ended';
  }

  async function run() {
    while (!stopped) {
      stream = new AbortController();
      try {
        const end = await readOnce(stream.signal);
        if (end === 'unauthorized') {
          options.onUnauthorized();
          return;
        }
        if (typeof end === 'object') {
          options.onForbidden?.(end.forbidden);
          return;
        }
      } catch {
        // Dropped, refused or offline: try again below.
      }
      if (stopped) return;
      if (connectedAt !== null && Date.now() - connectedAt >= steadyMs) attempt = 0;
      connectedAt = null;
      await pause(reconnectDelay(attempt));
      attempt = Math.min(attempt + 1, 10);
    }
  }

  // Back online, or the member looks at this tab again: a stream that is down need not wait out the backoff.
  const online = () => {
    if (!wake) return;
    attempt = 0;
    wake();
  };
  const visible = () => document.visibilityState === 'visible' && online();
  // Offline, the stream cannot be alive, whatever the socket says: end it, and come back on `online`.
  // A page put in the back-forward cache lets its stream go and opens a new one when it is shown again.
  const offline = () => stream?.abort();
  const shown = (event: PageTransitionEvent) => event.persisted && online();
  const events = [
    ['online', online],
    ['offline', offline],
    ['pagehide', offline],
    ['pageshow', shown],
  ] as const;
  for (const [name, listener] of events) window.addEventListener(name, listener as EventListener);
  document.addEventListener('visibilitychange', visible);
  void run();

  return () => {
    stopped = true;
    for (const [name, listener] of events) window.removeEventListener(name, listener as EventListener);
    document.removeEventListener('visibilitychange', visible);
    stream?.abort();
    wake?.();
  };
}

type Listener = (data: never) => void;
const listeners = new Map<LiveEventType, Set<Listener>>();

/** Hands an event to the screens that listen for it (useLiveEvent). */
export function dispatchLive(message: LiveMessage) {
  listeners.get(message.type)?.forEach((listener) => (listener as (data: unknown) => void)(message.data));
}

/** Calls `handler` with each live event of this type while the component is mounted. */
export function useLiveEvent<T extends LiveEventType>(type: T, handler: (data: LiveEvents[T]) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (data: LiveEvents[T]) => latest.current(data);
    const forType = listeners.get(type) ?? new Set<Listener>();
    listeners.set(type, forType);
    forType.add(listener as Listener);
    return () => {
      forType.delete(listener as Listener);
    };
  }, [type]);
}
