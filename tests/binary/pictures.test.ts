import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { halves } from '../media/image-inputs.js';
import { runRealm, startRealm, type RealmServer } from '../helpers/realm-program.js';

// Run by `npm run test:binary` only, against the binary REALM_BINARY names (binary.test.ts says why a
// missing one fails).
if (!process.env.REALM_BINARY) throw new Error('REALM_BINARY is not set: see tests/binary/binary.test.ts');
process.env.REALM_BINARY = resolve(process.env.REALM_BINARY);

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.reverse().forEach((cleanup) => cleanup()));
function emptyFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'realm-binary-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
const mode = (path: string) => statSync(path).mode & 0o777;
const password = 'a picture is worth a thousand words';

/** `realm admin create-user ana` in `folder`, with `env`. */
async function createMember(folder: string, env: Record<string, string> = {}): Promise<void> {
  const created = await runRealm(['admin', 'create-user', 'ana', '--password-stdin'], {
    cwd: folder,
    env,
    input: `${password}\n`,
  });
  expect(created.code, created.stderr).toBe(0);
}

/** Ana signs in and uploads a 640x480 JPEG; it must come back as WebP of the same size. */
async function uploadJpeg(server: RealmServer): Promise<void> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ana', password }),
  });
  expect(login.status).toBe(200);
  const { encodedToken } = (await login.json()) as { encodedToken: string };

  const jpeg = await halves(640, 480).jpeg().toBuffer();
  const upload = await fetch(`${server.url}/media`, {
    method: 'POST',
    headers: { authorization: encodedToken, 'content-type': 'image/jpeg' },
    body: jpeg,
  });
  const picture = (await upload.json()) as Record<string, unknown>;
  expect(upload.status, JSON.stringify(picture)).toBe(201);
  expect(picture).toMatchObject({ width: 640, height: 480, alt: '' });
  expect(picture.placeholder).toEqual(expect.any(String));

  const served = await fetch(new URL(String(picture.url), server.url));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  const webp = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect([webp.format, webp.width, webp.height]).toEqual(['webp', 640, 480]);
  expect((await fetch(new URL(String(picture.previewUrl), server.url))).status).toBe(200);
}

/** The addon and libvips unpacked under `library` (a node_modules folder), in npm's layout, owner-only. */
function expectUnpacked(library: string): void {
  const addon = join(library, `@img/sharp-linux-${process.arch}/lib`);
  const [addonFile] = readdirSync(addon).filter((name) => name.endsWith('.node'));
  expect(mode(join(addon, addonFile!))).toBe(0o700);
  const libvips = join(library, `@img/sharp-libvips-linux-${process.arch}/lib`);
  const [libvipsFile] = readdirSync(libvips).filter((name) => name.startsWith('libvips-cpp.so'));
  expect(mode(join(libvips, libvipsFile!))).toBe(0o700);
  expect(mode(join(library, 'sharp/package.json'))).toBe(0o600);
}

/** A fresh tmpfs mounted noexec, where it can be (root, with mount allowed); unmounted after the tests. */
function noexecFolder(): string | undefined {
  const folder = emptyFolder();
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'noexec,size=100m', 'tmpfs', folder]);
  if (mounted.status !== 0) return undefined;
  cleanups.push(() => spawnSync('umount', [folder]));
  return folder;
}

describe('pictures in the single executable', () => {
  it('unpacks sharp on the first upload, turns a JPEG into WebP and serves it back', async () => {
    const folder = emptyFolder();
    await createMember(folder);
    const server = await startRealm([], { cwd: folder });
    try {
      const [buildId] = readdirSync(join(folder, 'data/runtime'));
      const library = join(folder, 'data/runtime', buildId!, 'sharp/node_modules');
      // Nothing of sharp's is written until a picture arrives.
      expect(existsSync(library)).toBe(false);
      await uploadJpeg(server);
      expectUnpacked(library);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('answers 503 and says why in its log when the library cannot load, and tries again on the next upload', async () => {
    const folder = emptyFolder();
    await createMember(folder);
    // A first start unpacks the build's files; a sharp folder without sharp in it then stands for a
    // library that cannot load (unpacking skips a folder that exists).
    const first = await startRealm([], { cwd: folder });
    expect(await first.stop()).toBe(0);
    const [buildId] = readdirSync(join(folder, 'data/runtime'));
    mkdirSync(join(folder, 'data/runtime', buildId!, 'sharp/node_modules'), { recursive: true });

    const server = await startRealm([], { cwd: folder });
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ana', password }),
      });
      const { encodedToken } = (await login.json()) as { encodedToken: string };
      const jpeg = await halves(64, 48).jpeg().toBuffer();
      for (let attempt = 1; attempt <= 2; attempt++) {
        const upload = await fetch(`${server.url}/media`, {
          method: 'POST',
          headers: { authorization: encodedToken },
          body: jpeg,
        });
        expect(upload.status).toBe(503);
        expect(await upload.json()).toEqual({
          errors: [
            'Pictures cannot be processed right now: the image library could not be loaded. Try again later.',
          ],
        });
      }
      // The log line goes to stderr before the answer is sent, but a pipe may hand it over a little later.
      const reason = /the image library cannot be loaded/g;
      for (let i = 0; i < 50 && (server.output().match(reason)?.length ?? 0) < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(server.output().match(reason)).toHaveLength(2);
      expect(server.output()).toContain("Cannot find module 'sharp'");
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  const noexec = noexecFolder();
  it.skipIf(!noexec)('on a noexec data folder, loads sharp from a private temporary folder', async () => {
    const temporary = emptyFolder();
    const env = { TMPDIR: temporary };
    await createMember(noexec!, env);
    const server = await startRealm([], { cwd: noexec!, env });
    try {
      await uploadJpeg(server);
      const [buildId] = readdirSync(join(noexec!, 'data/runtime'));
      expect(server.output()).toContain('loading the image library from');
      // Straight to the fallback: the data folder gets no copy it cannot use.
      expect(existsSync(join(noexec!, 'data/runtime', buildId!, 'sharp'))).toBe(false);
      expect(mode(join(temporary, `realm-${process.getuid!()}`))).toBe(0o700);
      expectUnpacked(join(temporary, `realm-${process.getuid!()}`, `${buildId}-sharp/node_modules`));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
