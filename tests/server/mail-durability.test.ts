import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../src/server/paths.js';
import { closedPort, smtpPassword, smtpUser, startSmtpServer } from '../helpers/smtp-server.js';

// The outbox survives a kill -9 between queueing and sending: a server process on a SQLite file queues a
// mail, is killed with SIGKILL before the mail is sent, and the next process on that file sends it, once.
// The process is tests/helpers/mail-node.ts: the app as `realm serve` runs it, its retries and lease in
// milliseconds instead of minutes.

const recipient = 'durable.member@example.org';

type Node = {
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
};

const running = new Set<Node>();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const node of running) node.kill('SIGKILL');
  running.clear();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startNode(file: string, smtpPort: number): Promise<Node> {
  const smtpUrl = `smtp://${smtpUser}:${smtpPassword}@127.0.0.1:${smtpPort}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/mail-node.ts', file, smtpUrl], {
    cwd: paths.root,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const node: Node = {
        url: match[1]!,
        output: () => output,
        exited,
        kill: (signal) => child.kill(signal),
      };
      running.add(node);
      resolve(node);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}

async function killHard(node: Node) {
  node.kill('SIGKILL');
  await node.exited;
  running.delete(node);
}

async function queue(node: Node) {
  const res = await fetch(`${node.url}/test/queue-mail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: recipient }),
  });
  expect(res.status).toBe(200);
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  for (const start = Date.now(); !condition();) {
    if (Date.now() - start > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const databaseFile = () => join(mkdtempSync(join(tmpdir(), 'realm-mail-durable-')), 'realm.db');

async function smtpServerOn(port: number) {
  const smtp = await startSmtpServer(port);
  cleanups.push(() => smtp.close());
  return smtp;
}

function expectNoSecrets(output: string) {
  expect(output).not.toContain(recipient);
  expect(output).not.toContain(smtpPassword);
}

describe('the mail outbox across a kill -9', () => {
  it('keeps a mail queued while the mail server is down, and the next process sends it once it is back', async () => {
    const file = databaseFile();
    const port = await closedPort();
    const first = await startNode(file, port);
    await queue(first);
    await until(() => first.output().includes('mail not sent: trying again later'), 'a failed try');
    await killHard(first);

    const smtp = await smtpServerOn(port);
    const second = await startNode(file, port);
    await smtp.waitFor(1);
    // Several of its looks at the outbox later, still one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.arrived.map((arrived) => arrived.envelopeTo)).toEqual([[recipient]]);
    expect(smtp.arrived[0]!.mail.subject).toBe('Test mail from Realm');
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    running.delete(second);
    expectNoSecrets(first.output() + second.output());
  });

  it('sends once, after its lease, a mail whose send a kill -9 cut short', async () => {
    // A mail server that takes the connection and never answers: the process is mid-send, the mail leased.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const file = databaseFile();
    const first = await startNode(file, port);
    await queue(first);
    await until(() => sockets.length > 0, 'the send to begin');
    await killHard(first);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));

    const smtp = await smtpServerOn(port);
    const second = await startNode(file, port);
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.arrived.map((arrived) => arrived.envelopeTo)).toEqual([[recipient]]);
    expectNoSecrets(first.output() + second.output());
  });
});
