// The older streaming doors, Server-Sent Events (methods/streaming.md): `event: update` with a Status as JSON,
// `event: notification` with a Notification, `event: delete` with an id. Neither masto.js 8 nor megalodon 10
// reads them, so the tests read them with fetch, as a browser's EventSource would.

export type StreamEvent = { event: string; data: string };

export async function openSse(url: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true }).replace(/\r\n/g, '\n');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n').filter((line) => !line.startsWith(':'));
          const event =
            lines
              .find((line) => line.startsWith('event:'))
              ?.slice(6)
              .trim() ?? 'message';
          const data = lines
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          if (lines.length) events.push({ event, data });
          waiters.forEach((check) => check());
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    events,
    /** The first event of this kind whose data passes `match`, received so far or within `timeoutMs`. */
    next(
      event: string,
      match: (data: string) => boolean = () => true,
      timeoutMs = 15_000,
    ): Promise<StreamEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((e) => e.event === event && match(e.data));
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no "${event}" on ${url} within ${timeoutMs} ms; got ${JSON.stringify(events).slice(0, 800)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}
