/** One server-sent event: its `event:` name ("message" when it has none) and its `data:` lines joined. */
export type SseMessage = { event: string; data: string };

const lineEnd = /\r\n|\r|\n/;

/**
 * The event-stream format (WHATWG HTML, "Server-sent events"), fed the text as it arrives in chunks of any
 * size: lines end in CRLF, LF or CR; a blank line ends an event; `:` starts a comment (the server's pings);
 * `retry:` says how long to wait before reconnecting. We read the stream with fetch, because EventSource
 * cannot send the token in a header.
 */
export function createSseParser(onMessage: (message: SseMessage) => void, onRetry?: (ms: number) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const takeLine = (line: string) => {
    if (line === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return function push(chunk: string) {
    buffer += chunk;
    for (let match = lineEnd.exec(buffer); match; match = lineEnd.exec(buffer)) {
      // A CR at the very end may be the first half of a CRLF split across two chunks: wait for the next.
      if (match[0] === '\r' && match.index === buffer.length - 1) break;
      takeLine(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}
