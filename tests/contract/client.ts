/** What an HTTP answer holds, as a client sees it: the JSON body parsed (or the text), header names lowercase. */
export type Reply = {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- every route answers its own shape
  headers: Record<string, string>;
};

export type Method = 'GET' | 'POST' | 'DELETE';

export type CallOptions = {
  /** Sent raw in `authorization`, as the spec's client sends it. */
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

export type Client = {
  call(method: Method, path: string, options?: CallOptions): Promise<Reply>;
  get(path: string, token?: string): Promise<Reply>;
  post(path: string, token?: string, body?: unknown): Promise<Reply>;
  del(path: string, token?: string): Promise<Reply>;
};

/** A fetch client for the server at `base()`, read at each call (the server starts after the file loads). */
export function httpClient(base: () => string): Client {
  async function call(method: Method, path: string, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = options.token;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(base() + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) body = JSON.parse(text);
    return { status: response.status, body, headers: Object.fromEntries(response.headers) };
  }
  return {
    call,
    get: (path, token) => call('GET', path, { token }),
    post: (path, token, body) => call('POST', path, { token, body }),
    del: (path, token) => call('DELETE', path, { token }),
  };
}
