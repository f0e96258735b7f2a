import { expect } from 'vitest';
import { z } from 'zod';
import { error as errorEntity, expectEntity } from '../mastodon/entities/index.js';

// The Mastodon API as plain HTTP, for what the libraries hide: masto.js hands back camelCased objects and
// megalodon its own converted entities, so each endpoint a test touches is also read raw and checked
// against its entity schema (tests/mastodon/entities).

export type RawReply = { status: number; headers: Headers; body: unknown };

export function rawApi(base: () => string, token?: string) {
  async function call(method: string, path: string, body?: unknown): Promise<RawReply> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, base()), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed };
  }
  /** A 200 answer whose body matches `schema`; returns the parsed body and the reply. */
  async function expectOk<T extends z.ZodType>(schema: T, method: string, path: string, body?: unknown) {
    const reply = await call(method, path, body);
    expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body).slice(0, 500)}`).toBe(200);
    return { value: expectEntity(schema, reply.body, `${method} ${path}`), reply };
  }
  return {
    call,
    get: <T extends z.ZodType>(schema: T, path: string) => expectOk(schema, 'GET', path).then((r) => r.value),
    post: <T extends z.ZodType>(schema: T, path: string, body?: unknown) =>
      expectOk(schema, 'POST', path, body).then((r) => r.value),
    /** A list page: the entities and the Link header's `next` and `prev` addresses. */
    async page<T extends z.ZodType>(schema: T, path: string) {
      const { value, reply } = await expectOk(z.array(schema), 'GET', path);
      return { items: value, links: parseLink(reply.headers.get('link')) };
    },
    /** An error answer: the status and Mastodon's `{ error }` body. */
    async refused(status: number, method: string, path: string, body?: unknown) {
      const reply = await call(method, path, body);
      expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body).slice(0, 500)}`).toBe(status);
      return expectEntity(errorEntity, reply.body, `${method} ${path} (${status})`);
    },
  };
}

/** `<url>; rel="next", <url>; rel="prev"` as { next, prev }. */
export function parseLink(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([a-z]+)"?/i.exec(part.trim());
    if (match) links[match[2]!] = match[1]!;
  }
  return links;
}
