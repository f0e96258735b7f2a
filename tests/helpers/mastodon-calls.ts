import { expect } from 'vitest';
import { appToken } from './mastodon-token.js';
import type { TestApp } from './test-app.js';

// Calls to the Mastodon client API through HTTP, as an app makes them, and the callers every endpoint is
// checked for: no token, a token without the scope, a suspended member's, a member's.

// The body is JSON whose shape each test asserts, as `response.json()` answers it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any; headers: Record<string, unknown> };

export async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url,
    headers: { host: 'realm.example', ...(token && { authorization: `Bearer ${token}` }) },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
  const text = response.body;
  return {
    status: response.statusCode,
    body: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  };
}

/** A member and an app's token for them, with these scopes. */
export async function memberWithToken(
  t: TestApp,
  scopes = 'read write follow',
  overrides: Parameters<TestApp['member']>[0] = {},
) {
  const member = await t.member(overrides);
  return { ...member, app: await appToken(t.app, member.token, scopes) };
}

/** Suspends the member as a moderator's suspension leaves them: their state, their tokens kept. */
export const suspend = (t: TestApp, memberId: string) =>
  t.sql(`update users set status = 'suspended' where id = $1`, [memberId]);

/**
 * The refusals every member endpoint gives: 401 without a token, 403 for a token without `scope` (made with
 * `otherScope`), 403 for a suspended member, each as Mastodon's `{ error }`.
 */
export async function expectCallerChecks(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  otherScope: string,
  payload?: unknown,
) {
  const anonymous = await call(t, method, url, undefined, payload);
  expect(anonymous.status, `${method} ${url} without a token`).toBe(401);
  expect(anonymous.body).toEqual({ error: 'This method requires an authenticated user' });
  const narrow = await memberWithToken(t, otherScope);
  const outside = await call(t, method, url, narrow.app, payload);
  expect(outside.status, `${method} ${url} with ${otherScope}`).toBe(403);
  expect(outside.body).toEqual({ error: 'This action is outside the authorized scopes' });
  const gone = await memberWithToken(t);
  await suspend(t, gone.id);
  const suspended = await call(t, method, url, gone.app, payload);
  expect(suspended.status, `${method} ${url} as a suspended member`).toBe(403);
  expect(suspended.body).toEqual({ error: 'Your login is currently disabled' });
  const bad = await call(t, method, url, 'not-a-token', payload);
  expect(bad.status).toBe(401);
}
