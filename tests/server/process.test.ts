import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoCredentials } from '../../seed/data.js';
import { heapLimitsOf, runRealm, startRealm } from '../helpers/realm-program.js';

const json = { 'content-type': 'application/json' };

async function login(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(demoCredentials),
  });
  return ((await res.json()) as { encodedToken: string }).encodedToken;
}

describe('the server process', () => {
  it('keeps data and tokens across a stop and a start on the same file, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'realm-durable-'));
    const args = ['--demo', '--data', dir];

    const first = await startRealm(args);
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ ok: true });
    const token = await login(first.url);
    const created = await fetch(`${first.url}/api/posts`, {
      method: 'POST',
      headers: { ...json, authorization: token },
      body: JSON.stringify({ postData: { content: 'Written before the restart' } }),
    });
    expect(created.status).toBe(201);
    // Mastodon apps may send their token in the address (the streaming API): it is logged without it.
    const inAddress = 'a-token-an-app-sent-in-the-address';
    const streaming = await fetch(`${first.url}/api/v1/streaming/public?access_token=${inAddress}&x=1`);
    expect(streaming.status).toBe(401);
    expect(await first.stop('SIGTERM')).toBe(0);
    // Logs never hold the password or a token.
    expect(first.output()).not.toContain(demoCredentials.password);
    expect(first.output()).not.toContain(token);
    expect(first.output()).toContain('/api/v1/streaming/public?access_token=[redacted]&x=1');
    expect(first.output()).not.toContain(inAddress);

    // The generated signing secret is kept beside the database, readable by its owner only.
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);

    const second = await startRealm(args);
    const { posts } = (await (await fetch(`${second.url}/api/posts`)).json()) as {
      posts: { content: string }[];
    };
    expect(posts.map((p) => p.content)).toContain('Written before the restart');
    expect(posts).toHaveLength(6); // the seed ran once, not twice
    const bookmarks = await fetch(`${second.url}/api/users/bookmark`, { headers: { authorization: token } });
    expect(bookmarks.status).toBe(200); // the token from before the restart still works
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('with REALM_WORKERS=2 serves from two processes on one port, sharing one database, and stops them all on Ctrl-C', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'realm-workers-'));
    const server = await startRealm(['--demo', '--data', dir], { env: { REALM_WORKERS: '2' } });
    // Each worker logs its own "Server listening"; wait for the second.
    for (let i = 0; i < 100 && server.output().match(/Server listening/g)!.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pids = new Set([...server.output().matchAll(/"pid":(\d+)/g)].map((match) => match[1]));
    expect(pids.size).toBe(2);

    // A post written through one connection is read back on fresh connections, whichever worker takes them.
    const token = await login(server.url);
    const content = 'Written to one worker, read from both';
    const created = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { ...json, authorization: token, connection: 'close' },
      body: JSON.stringify({ postData: { content } }),
    });
    expect(created.status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/api/posts`, { headers: { connection: 'close' } });
      const { posts } = (await res.json()) as { posts: { content: string }[] };
      expect(posts.map((p) => p.content)).toContain(content);
      expect(posts).toHaveLength(6); // the primary seeded once, before the workers started
    }
    // Ctrl-C in a terminal signals every process in the group: each worker hears SIGINT from the terminal
    // and again from the primary, and must still finish its shutdown and exit 0.
    for (const pid of pids) process.kill(Number(pid), 'SIGINT');
    expect(await server.stop('SIGINT')).toBe(0);
  });

  it("starts its heap with the memory budget's limits: one process in place, each worker with its share", async () => {
    // V8's limit is the old generation and three halves of the young one: 100 + 3 x 16 MB for 200 MB.
    const one = await startRealm([
      '--data',
      mkdtempSync(join(tmpdir(), 'realm-budget-')),
      '--memory-budget',
      '200',
    ]);
    try {
      // The process started itself again in place: the same process id, now with the limits.
      expect(await heapLimitsOf(one, 1)).toEqual([{ pid: one.pid, limit: 148 }]);
    } finally {
      expect(await one.stop()).toBe(0);
    }
    const dir = mkdtempSync(join(tmpdir(), 'realm-budget-workers-'));
    const two = await startRealm(['--data', dir], {
      env: { REALM_WORKERS: '2', REALM_MEMORY_BUDGET: '400' },
    });
    try {
      const workers = await heapLimitsOf(two, 2);
      expect(workers.map((worker) => worker.limit)).toEqual([148, 148]);
      expect(workers.map((worker) => worker.pid)).not.toContain(two.pid);
    } finally {
      expect(await two.stop()).toBe(0);
    }
  });

  it('refuses to start with one line naming a bad variable', async () => {
    const { code, stdout, stderr } = await runRealm(['serve'], { env: { PORT: 'not-a-port' } });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe('realm: Invalid configuration: PORT must be a number');
  });
});
