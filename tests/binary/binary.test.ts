import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { version } from '../../src/server/version.js';
import { heapLimitsOf, runRealm, startRealm } from '../helpers/realm-program.js';

// Run by `npm run test:binary` only. Without a binary there is nothing to test, and passing would say
// the binary works: fail instead.
if (!process.env.REALM_BINARY) {
  throw new Error(
    'REALM_BINARY is not set: run `npm run package`, then REALM_BINARY=release/realm-<version>-linux-x64 npm run test:binary',
  );
}
// The helpers run it with no `node` on its PATH (pathWithoutNode), in empty temporary folders, where a
// relative path would name nothing.
process.env.REALM_BINARY = resolve(process.env.REALM_BINARY);

const folders: string[] = [];
function emptyFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'realm-binary-'));
  folders.push(folder);
  return folder;
}
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the single executable', () => {
  it('names the package version and Node 24', async () => {
    const { code, stdout } = await runRealm(['version'], { cwd: emptyFolder() });
    expect(code).toBe(0);
    expect(stdout).toContain(`realm ${version} (node v24.`);
  });

  it('starts in an empty folder: creates the data owner-only, answers /healthz and serves the client', async () => {
    const folder = emptyFolder();
    const server = await startRealm([], { cwd: folder });
    try {
      expect(mode(join(folder, 'data'))).toBe(0o700);
      expect(mode(join(folder, 'data/realm.db'))).toBe(0o600);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<div id="root"></div>');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('unpacks its files once per build and reuses them on the next start', async () => {
    const folder = emptyFolder();
    const runtime = join(folder, 'data/runtime');
    const first = await startRealm([], { cwd: folder });
    expect(await first.stop()).toBe(0);
    const [buildId, ...others] = readdirSync(runtime);
    expect(others).toEqual([]);
    expect(buildId).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}-[0-9a-f]{12}$`));
    const unpacked = statSync(join(runtime, buildId!, 'dist/client/index.html'));

    const second = await startRealm([], { cwd: folder });
    expect(await second.stop()).toBe(0);
    expect(readdirSync(runtime)).toEqual([buildId]);
    const again = statSync(join(runtime, buildId!, 'dist/client/index.html'));
    expect([again.ino, again.mtimeMs]).toEqual([unpacked.ino, unpacked.mtimeMs]);
  });

  it('serves from two workers with REALM_WORKERS=2 (cluster forks the binary itself)', async () => {
    const server = await startRealm([], { cwd: emptyFolder(), env: { REALM_WORKERS: '2' } });
    try {
      for (let i = 0; i < 100 && server.output().match(/Server listening/g)!.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(server.output().match(/Server listening/g)).toHaveLength(2);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
    }
  });

  it("takes the memory budget's heap limits: NODE_OPTIONS reaches the binary and the workers it forks", async () => {
    const one = await startRealm(['--memory-budget', '200'], { cwd: emptyFolder() });
    try {
      expect(await heapLimitsOf(one, 1)).toEqual([{ pid: one.pid, limit: 148 }]);
    } finally {
      expect(await one.stop()).toBe(0);
    }
    const two = await startRealm([], {
      cwd: emptyFolder(),
      env: { REALM_WORKERS: '2', REALM_MEMORY_BUDGET: '400' },
    });
    try {
      expect((await heapLimitsOf(two, 2)).map((worker) => worker.limit)).toEqual([148, 148]);
    } finally {
      expect(await two.stop('SIGINT')).toBe(0);
    }
  });
});
