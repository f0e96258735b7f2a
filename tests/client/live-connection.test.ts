import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, type LiveMessage } from '../../src/client/lib/live.js';

// The tab's live stream (src/client/lib/live.ts) against a scripted GET /events: what it hands on, when it
// reconnects, and when it stops. The browser's window, document and fetch are stand-ins here; the e2e file
// tests/e2e/notifications-live.test.ts runs the same code against the real server.

type Script = { status?: number; body?: string[]; stayOpen?: boolean };

let requests: { headers: Record<string, string>; signal: AbortSignal; at: number }[] = [];
let scripts: Script[] = [];

function answer(script: Script, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of script.body ?? []) controller.enqueue(encoder.encode(chunk));
      if (!script.stayOpen) controller.close();
      signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: script.status ?? 200 });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  requests = [];
  scripts = [];
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', document);
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const signal = init.signal!;
    requests.push({ headers: init.headers as Record<string, string>, signal, at: Date.now() });
    return answer(scripts.shift() ?? { stayOpen: true }, signal);
  });
  vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: 1 s, 2 s, 4 s ...
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hello = (unread: number) => `event: hello\ndata: {"unread":${unread}}\n\n`;

function connect() {
  const messages: LiveMessage[] = [];
  let unauthorized = 0;
  const forbidden: string[] = [];
  const close = connectLive({
    token: 'the-token',
    onMessage: (message) => messages.push(message),
    onUnauthorized: () => (unauthorized += 1),
    onForbidden: (message) => forbidden.push(message),
  });
  return { messages, close, unauthorized: () => unauthorized, forbidden };
}

describe('the live connection', () => {
  it('sends the token, hands on the contract events and drops anything else', async () => {
    scripts = [
      {
        stayOpen: true,
        body: [
          'retry: 2000\n\n',
          hello(3),
          'event: post\ndata: {"postId":"p1","authorId":"u1"}\n\n: ping\n\n',
          'event: counts\ndata: {"postId":"p1","likeCount":2,"commentCount":1}\n\n',
          'event: counts\ndata: {"postId":"p2","deleted":true}\n\n',
          'event: unread\ndata: {"count":"many"}\n\nevent: unread\ndata: not json\n\nevent: other\ndata: {}\n\n',
          'event: unr',
          'ead\ndata: {"count":4}\n\n',
          'event: resync\ndata: {}\n\n',
        ],
      },
    ];
    const live = connect();
    await vi.advanceTimersByTimeAsync(10);
    expect(requests[0]!.headers.authorization).toBe('the-token');
    expect(live.messages).toEqual([
      { type: 'hello', data: { unread: 3 } },
      { type: 'post', data: { postId: 'p1', authorId: 'u1' } },
      { type: 'counts', data: { postId: 'p1', likeCount: 2, commentCount: 1 } },
      { type: 'counts', data: { postId: 'p2', deleted: true } },
      { type: 'unread', data: { count: 4 } },
      { type: 'resync', data: {} },
    ]);
    live.close();
    expect(requests[0]!.signal.aborted).toBe(true);
  });

  it('reconnects after a drop, waiting longer each time a stream ends soon after it began', async () => {
    scripts = [
      { body: [hello(0)] },
      { body: [hello(1)] },
      { status: 503 },
      { stayOpen: true, body: [hello(2)] },
    ];
    const live = connect();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(4);
    const gaps = requests.slice(1).map((request, i) => request.at - requests[i]!.at);
    expect(gaps).toEqual([1_000, 2_000, 4_000]);
    expect(live.messages.filter((m) => m.type === 'hello')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(requests).toHaveLength(4); // the open stream is kept
    live.close();
  });

  it('starts the backoff over after a stream that lasted, and at once when the browser is back online', async () => {
    scripts = [{ body: [hello(0)] }, { body: [hello(0)] }, { stayOpen: true, body: [hello(0)] }];
    const live = connect();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(requests).toHaveLength(2);
    // The next wait would be 2 s; coming back online does not wait.
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10);
    expect(requests).toHaveLength(3);
    // A stream that stays up 30 s and then drops is retried after 1 s again.
    await vi.advanceTimersByTimeAsync(30_000);
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(1_010);
    expect(requests).toHaveLength(4);
    live.close();
  });

  it('takes a stream that stays silent past two pings for dead', async () => {
    scripts = [{ stayOpen: true, body: [hello(0)] }];
    const live = connect();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests).toHaveLength(2);
    live.close();
  });

  it('stops at a 401 and says so, and stops for good when closed', async () => {
    scripts = [{ status: 401 }];
    const live = connect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.unauthorized()).toBe(1);
    expect(requests).toHaveLength(1);

    const other = connect();
    await vi.advanceTimersByTimeAsync(10);
    other.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(2);
  });

  it('stops at a 404 (the member was deleted) as at a 401', async () => {
    scripts = [
      { status: 404, body: ['{"errors":["The username you entered is not Registered. Not Found error"]}'] },
    ];
    const live = connect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.unauthorized()).toBe(1);
    expect(requests).toHaveLength(1);
    live.close();
  });

  it("stops at a 403 and hands on the refusal's message (a suspended or pending account)", async () => {
    const suspended = 'Your account is suspended by the moderators of this instance.';
    scripts = [{ status: 403, body: [JSON.stringify({ errors: [suspended] })] }];
    const live = connect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.forbidden).toEqual([suspended]);
    expect(live.unauthorized()).toBe(0);
    expect(requests).toHaveLength(1);

    scripts = [{ status: 403, body: ['not json'] }];
    const other = connect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(other.forbidden).toEqual(['']);
    expect(requests).toHaveLength(2);
    live.close();
    other.close();
  });
});
