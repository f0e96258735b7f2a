import { expect } from 'vitest';
import { ZodError } from 'zod';
import { snapshot } from './snapshot.js';
import type { TestApp } from './test-app.js';

/** A refused REST write: exact status and `{ errors: [message] }`, and not one row changed. */
export async function expectRefused(
  t: Pick<TestApp, 'sql'>,
  send: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
) {
  const before = await snapshot(t);
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ errors: [message] });
  expect(await snapshot(t)).toEqual(before);
}

/** An invalid tRPC input: BAD_REQUEST whose message is the schema's first problem, the zod error as cause. */
export async function expectInvalid(promise: Promise<unknown>, message: string) {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: 'BAD_REQUEST', message });
  expect((error as { cause?: unknown }).cause).toBeInstanceOf(ZodError);
}

/** Waits until the clock has moved on, so that the next write gets a later timestamp. */
export async function nextMs() {
  const start = Date.now();
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1));
}
