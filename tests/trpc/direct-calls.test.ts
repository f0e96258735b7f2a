import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoCredentials, seedPosts } from '../../seed/data.js';
import { runSeed } from '../../seed/seed.js';
import { buildApp } from '../../src/server/app.js';
import { openSqliteStore, type SqliteStore } from '../../src/server/store/sqlite/index.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { testConfig, testSecret } from '../helpers/test-app.js';

// src/server/trpc/direct-calls.ts answers plain tRPC calls without the Fetch adapter. Its answers must be the
// adapter's, byte for byte: two apps on two identical seeded databases, one with direct calls and one
// without, get the same requests in the same order, with the clock stopped so that writes stamp alike.

const now = Date.UTC(2026, 10, 1, 12);
let apps: { direct: FastifyInstance; adapter: FastifyInstance; stores: SqliteStore[] };

async function appOn(directTrpcCalls: boolean) {
  const store = openSqliteStore(':memory:');
  await runSeed(store, now - 3_600_000);
  const app = await buildApp({
    config: testConfig,
    store,
    logger: false,
    serveBuiltClient: false,
    directTrpcCalls,
  });
  await app.ready();
  return { app, store };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now });
  const direct = await appOn(true);
  const adapter = await appOn(false);
  apps = { direct: direct.app, adapter: adapter.app, stores: [direct.store, adapter.store] };
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await apps.direct.close();
  await apps.adapter.close();
  await Promise.all(apps.stores.map((store) => store.close()));
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const demo = seedPosts[0]!.id;

/** Sends the request to both apps; returns how many Fetch Response bodies the direct app's answer read. */
async function expectSameAnswer(request: InjectOptions) {
  const responses = vi.spyOn(Response.prototype, 'body', 'get');
  const direct = await apps.direct.inject(request);
  const built = responses.mock.calls.length;
  responses.mockRestore();
  const adapter = await apps.adapter.inject(request);
  const answer = (res: typeof direct) => ({
    status: res.statusCode,
    type: res.headers['content-type'],
    vary: res.headers.vary,
    // Writes stamp times from one clock per process that never repeats a millisecond, so the second app's
    // stamps are a millisecond later: times are the domain's, not the transport's, and are masked.
    body: res.body.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>'),
  });
  expect(answer(direct), `${request.method} ${request.url}`).toEqual(answer(adapter));
  return built;
}

describe('tRPC calls answered directly', () => {
  it('answer queries, batches and their errors exactly as the adapter does, without a Fetch Response', async () => {
    const token = await createTokenKeys(testSecret).sign({
      _id: (await apps.direct.inject({ method: 'GET', url: '/api/users' })).json().users[0]._id,
      username: (await apps.direct.inject({ method: 'GET', url: '/api/users' })).json().users[0].username,
    });
    const signedIn = { authorization: token };
    const direct: InjectOptions[] = [
      { method: 'GET', url: `/trpc/posts.explore?input=${input({})}` },
      { method: 'GET', url: `/trpc/posts.explore?input=${input({})}`, headers: signedIn },
      { method: 'GET', url: `/trpc/posts.feed?input=${input({ mode: 'trending' })}`, headers: signedIn },
      { method: 'GET', url: `/trpc/posts.feed?input=${input({ mode: 'latest' })}` }, // 401
      { method: 'GET', url: `/trpc/posts.byId?input=${input({ postId: demo })}` },
      { method: 'GET', url: `/trpc/posts.byId?input=${input({ postId: seedPosts[0]!.author })}` }, // 400
      {
        method: 'GET',
        url: `/trpc/posts.byId?input=${input({ postId: '00000000-0000-4000-8000-000000000000' })}`,
      },
      { method: 'GET', url: '/trpc/posts.explore' }, // no input: 400
      { method: 'GET', url: `/trpc/bookmarks.list?input=${input({})}`, headers: signedIn },
      { method: 'GET', url: '/trpc/users.me', headers: signedIn },
      { method: 'GET', url: '/trpc/users.me' },
      {
        method: 'GET',
        url: `/trpc/posts.explore,users.whoToFollow?batch=1&input=${input({ 0: {} })}`,
        headers: signedIn,
      },
      { method: 'GET', url: `/trpc/posts.explore,users.me?batch=1&input=${input({ 0: {} })}` }, // 207
    ];
    for (const request of direct) expect(await expectSameAnswer(request)).toBe(0);

    // A page's cards go out as SQLite wrote them (domain/json-text.ts), never parsed on the way.
    const parse = vi.spyOn(JSON, 'parse');
    const page = await apps.direct.inject({ method: 'GET', url: `/trpc/posts.explore?input=${input({})}` });
    const parsedTexts = parse.mock.calls.map(([text]) => text);
    parse.mockRestore();
    expect(page.json().result.data.items.length).toBeGreaterThan(1);
    expect(parsedTexts.filter((text) => text.startsWith('[{'))).toEqual([]);

    // Left to the adapter, and still answered alike.
    const left: InjectOptions[] = [
      { method: 'GET', url: '/trpc/posts.explore?input=%7Bnot-json' },
      { method: 'GET', url: '/trpc/posts.like' },
      { method: 'GET', url: '/trpc/posts.nothing' },
      { method: 'GET', url: `/trpc/posts.explore,users.me?batch=1&input=${input([{}])}` },
    ];
    for (const request of left)
      expect(await expectSameAnswer(request), String(request.url)).toBeGreaterThan(0);
  });

  it('answer mutations and their errors exactly as the adapter does, and leave odd bodies to it', async () => {
    const json = { 'content-type': 'application/json' };
    const login = (password: string) => ({
      method: 'POST' as const,
      url: '/trpc/auth.login',
      headers: json,
      payload: JSON.stringify({ username: demoCredentials.username, password }),
    });
    expect(await expectSameAnswer(login('wrong-password-1'))).toBe(0);
    expect(await expectSameAnswer(login(demoCredentials.password))).toBe(0);
    const token = (await apps.direct.inject(login(demoCredentials.password))).json().result.data
      .token as string;
    const asDemo = { ...json, authorization: token };
    const mutations: InjectOptions[] = [
      { method: 'POST', url: '/trpc/posts.like', headers: asDemo, payload: JSON.stringify({ postId: demo }) },
      { method: 'POST', url: '/trpc/posts.like', headers: asDemo, payload: JSON.stringify({ postId: demo }) },
      { method: 'POST', url: '/trpc/posts.like', headers: json, payload: JSON.stringify({ postId: demo }) }, // 401
      { method: 'POST', url: '/trpc/posts.like', headers: asDemo, payload: JSON.stringify({ postId: 'x' }) }, // 400
      {
        method: 'POST',
        url: '/trpc/posts.dislike,bookmarks.add?batch=1',
        headers: asDemo,
        payload: JSON.stringify({ 0: { postId: demo }, 1: { postId: demo } }),
      },
    ];
    for (const request of mutations) expect(await expectSameAnswer(request)).toBe(0);

    const left: InjectOptions[] = [
      { method: 'POST', url: '/trpc/posts.like', headers: asDemo, payload: '' },
      { method: 'POST', url: '/trpc/posts.like', headers: asDemo, payload: '{"postId":' },
      {
        method: 'POST',
        url: '/trpc/posts.like',
        headers: { authorization: token, 'content-type': 'text/plain' },
        payload: 'x',
      },
      { method: 'POST', url: `/trpc/posts.explore`, headers: asDemo, payload: '{}' },
    ];
    for (const request of left) expect(await expectSameAnswer(request)).toBeGreaterThan(0);
  });

  it('answer an unexpected failure as the adapter does, without its details', async () => {
    apps.stores.forEach((store) => store.db.$client.close()); // every query now throws inside the procedure
    const request = { method: 'GET' as const, url: `/trpc/posts.explore?input=${input({})}` };
    expect(await expectSameAnswer(request)).toBe(0);
    const answer = (await apps.direct.inject(request)).json();
    expect(answer.error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 });
    expect(JSON.stringify(answer)).not.toMatch(/database|sqlite/i);
  });
});
