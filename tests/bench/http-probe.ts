/** One request's outcome: the body is counted as it arrives and never kept (the legacy lists can be huge). */
export type Probe = {
  status: number;
  /** The body's length after decompression (fetch asks for gzip, as a browser does, and undoes it). */
  bytes: number;
  /** From sending the request to the body's last byte. */
  ms: number;
  /** Set when no whole answer came: a timeout or a network error. */
  error?: string;
  /** The start of a 4xx or 5xx body, to say why. */
  head?: string;
};

const headLength = 300;

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no whole answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

export async function probe(url: string, init: RequestInit = {}, timeoutMs = 60_000): Promise<Probe> {
  const started = performance.now();
  let status = 0;
  let bytes = 0;
  let head: string | undefined;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    const reader = response.body?.getReader();
    if (reader) {
      const decoder = status >= 400 ? new TextDecoder() : undefined;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (decoder && (head ?? '').length < headLength)
          head = (head ?? '') + decoder.decode(value, { stream: true });
      }
    }
    return {
      status,
      bytes,
      ms: performance.now() - started,
      ...(head && { head: head.slice(0, headLength) }),
    };
  } catch (error) {
    return { status, bytes, ms: performance.now() - started, error: describe(error, timeoutMs) };
  }
}

export const megabytes = (bytes: number) => Math.round(bytes / 10_000) / 100;
export const roundMs = (ms: number) => Math.round(ms * 10) / 10;
