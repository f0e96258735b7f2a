import { request, type Agent } from 'node:http';

// A request through node:http, for what fetch cannot choose: the address a connection comes from (each
// signed-out reader, each login is another client) and a connection of its own (`agent: false`).

export type RawAnswer = { status: number; ms: number; error?: string };

export type RawRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A 127.x.y.z address to connect from. */
  from?: string;
  /** Keeps connections open between requests; without one, each request opens its own and closes it. */
  agent?: Agent;
  timeoutMs: number;
};

export function rawRequest(url: string, options: RawRequest): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, error?: string) =>
      resolve({ status, ms: performance.now() - started, ...(error && { error }) });
    const req = request(url, {
      method: options.method ?? 'GET',
      headers: {
        ...options.headers,
        ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }),
      },
      agent: options.agent ?? false,
      ...(options.from && { localAddress: options.from }),
      timeout: options.timeoutMs,
    });
    req.on('response', (res) => {
      res.on('data', () => {});
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', (error) => done(res.statusCode ?? 0, error.message));
    });
    req.on('timeout', () => req.destroy(new Error(`no whole answer within ${options.timeoutMs} ms`)));
    req.on('error', (error) => done(0, error.message));
    req.end(options.body);
  });
}
