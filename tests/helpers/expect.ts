import { expect } from 'vitest';
import { ZodError } from 'zod';
import type { Db } from '../../src/server/db/client.js';
import { snapshot } from './snapshot.js';

/** A refused REST write: exact status and `{ errors: [message] }`, and not one row changed. */
export async function expectRefused(
  db: Db,
  send: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
) {
  const before = snapshot(db);
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ errors: [message] });
  expect(snapshot(db)).toEqual(before);
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
