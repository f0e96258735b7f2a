import type { FastifyInstance } from 'fastify';

export type ApiResponse = { status: number; body: any; headers: Record<string, unknown> }; // eslint-disable-line @typescript-eslint/no-explicit-any

type Method = 'GET' | 'POST' | 'DELETE';

/** Calls the app as an HTTP client would (app.inject), with the token raw in `authorization` as the spec's client sends it. */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const response = await app.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.statusCode, body, headers: response.headers };
}

export const get = (app: FastifyInstance, url: string, token?: string) => call(app, 'GET', url, { token });
export const post = (app: FastifyInstance, url: string, token?: string, body?: unknown) =>
  call(app, 'POST', url, { token, body });
export const del = (app: FastifyInstance, url: string, token?: string) => call(app, 'DELETE', url, { token });

/** Signs in through POST /api/auth/login, as the spec's client does. */
export const restLogin = (app: FastifyInstance, username: string, password: string) =>
  post(app, '/api/auth/login', undefined, { username, password });
