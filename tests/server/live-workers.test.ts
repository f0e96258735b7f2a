import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoCredentials } from '../../seed/data.js';
import { openEventStream, type EventStream } from '../helpers/event-stream.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { paths } from '../../src/server/paths.js';
import { realmProgram } from '../helpers/realm-program.js';

// Live delivery across SQLite's worker processes (REALM_WORKERS), through the cluster's primary.
// SQLite's by nature: on PostgreSQL each process LISTENs for itself (tests/pg/live-nodes.test.ts).

type Server = { url: string; output: () => string; child: ChildProcess };
let server: Server | undefined;
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  if (server?.child.exitCode === null) {
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
});

/**
 * `realm serve` with two workers, resolved once both listen. Its own start rather than startRealm's: on a
 * busy machine the primary and then each worker compile the source (tsx) for longer than 20 s.
 */
async function startWithTwoWorkers(dir: string): Promise<Server> {
  const program = realmProgram();
  const child = spawn(program.file, [...program.args, 'serve', '--port', '0', '--demo', '--data', dir], {
    cwd: paths.root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', REALM_WORKERS: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server = { url: '', output: () => output, child };
  for (const started = Date.now(); (output.match(/Server listening/g) ?? []).length < 2;) {
    if (child.exitCode !== null || Date.now() - started > 90_000)
      throw new Error(`no two workers:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
  return server;
}

const json = { 'content-type': 'application/json', connection: 'close' };

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server!.url}/api${path}`, {
    method: 'POST',
    headers: { ...json, ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the legacy API's JSON, as a client reads it
  return (await res.json()) as Record<string, any>;
}

describe('live updates with REALM_WORKERS=2', () => {
  it('reach streams on both workers from a post made through one request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'realm-live-workers-'));
    server = await startWithTwoWorkers(dir);
    const author = await api('/auth/login', demoCredentials);
    const authorId = author.foundUser._id as string;
    const followers = [];
    for (const username of ['amara', 'kenji']) {
      const signedUp = await api('/auth/signup', { username, password: 'a long enough password' });
      await api(`/users/follow/${authorId}`, {}, signedUp.encodedToken);
      followers.push(signedUp.encodedToken as string);
    }
    // Two streams each for the author and two followers: new connections, which the primary hands out in turn.
    for (const token of [author.encodedToken as string, ...followers]) {
      for (let i = 0; i < 2; i++) {
        const live = await openEventStream(server.url, token);
        streams.push(live);
        await live.next('hello');
      }
    }
    const streamPids = new Set(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"url":"/events"'))
        .map((line) => /"pid":(\d+)/.exec(line)?.[1]),
    );
    expect(streamPids.size).toBe(2);

    const posted = await api('/posts', { postData: 'Heard by every worker' }, author.encodedToken);
    const postId = posted.posts.at(-1)._id as string;
    for (const live of streams) {
      expect((await live.next('post')).data).toEqual({ postId, authorId });
    }
    await api(`/posts/like/${postId}`, {}, followers[0]);
    for (const live of streams) {
      const counts = await live.next('counts', (data) => data.postId === postId);
      expect(counts.data).toEqual({ postId, likeCount: 1, commentCount: 0 });
    }
  }, 150_000);
});
