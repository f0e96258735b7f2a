import type { LightMyRequestResponse } from 'fastify';
import { appToken } from './mastodon-token.js';
import type { TestApp } from './test-app.js';

// A member as an app sees them: an app token of theirs, and requests of the Mastodon client API with it.

export type AppMember = Awaited<ReturnType<TestApp['member']>> & {
  bearer: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  put(url: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
};

export async function appMember(
  t: TestApp,
  scopes = 'read write follow push',
  overrides?: Parameters<TestApp['member']>[0],
): Promise<AppMember> {
  const member = await t.member(overrides);
  const bearer = `Bearer ${await appToken(t.app, member.token, scopes)}`;
  const headers = { authorization: bearer };
  return {
    ...member,
    bearer,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => t.app.inject({ method: 'POST', url, headers, ...(payload && { payload }) }),
    put: (url, payload) => t.app.inject({ method: 'PUT', url, headers, payload }),
    del: (url) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}

/** The `Link` header's URL for `rel` (next, prev), as a path with its query, or null. */
export function linkOf(res: LightMyRequestResponse, rel: 'next' | 'prev'): string | null {
  const header = String(res.headers.link ?? '');
  const match = new RegExp(`<([^>]+)>; rel="${rel}"`).exec(header);
  if (!match) return null;
  const url = new URL(match[1]!);
  return `${url.pathname}${url.search}`;
}

export const suspend = (t: TestApp, memberId: string) =>
  t.sql(`update users set status = 'suspended' where id = $1`, [memberId]);
