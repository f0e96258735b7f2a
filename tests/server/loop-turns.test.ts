import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Requests start one a turn of the event loop, and each call of a tRPC batch is a piece of its own
// (src/server/loop-turns.ts; docs/security.md, "Limits on every request"), so that between two pieces the
// server accepts and reads new connections: Node accepts one a turn. On SQLite, which answers
// synchronously, a client keeping four batches of ten in flight had turns of several calls each.

let t: TestApp;
afterEach(() => t?.close());

const tenCalls = (procedure: string) => {
  const input = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, {}]));
  const paths = Array.from({ length: 10 }, () => procedure).join(',');
  return `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
};

/** How many turns this process's event loop takes while `work` runs (the app runs in this process). */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  // An immediate set during the check phase runs in the next turn: one count a turn.
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work;
  running = false;
  return turns;
}

describe('turns of the event loop', () => {
  it('give each call of a batch of ten a turn of its own while a client keeps its share busy', async () => {
    t = await makeTestApp({ seed: true, config: { rateLimit: true, requestsPer5Minutes: 100_000 } });
    const busy = await t.member();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const batches = async (rounds = 5) => {
      for (let i = 0; i < rounds; i++) {
        const res = await fetch(origin + tenCalls('posts.explore'), {
          headers: { authorization: busy.token },
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    };
    // Its four connections open and the code warm first: the loop would spin while they connect.
    await Promise.all([batches(1), batches(1), batches(1), batches(1)]);
    // Four in flight, the client's whole share, twenty batches in all: two hundred calls.
    const turns = await turnsDuring(Promise.all([batches(), batches(), batches(), batches()]));
    // Before, they took 40 to 114 turns on SQLite: several calls each, no new connection accepted between.
    expect(turns).toBeGreaterThanOrEqual(200);
  });
});
