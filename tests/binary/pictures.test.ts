import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { halves } from '../media/image-inputs.js';
import { runRealm, startRealm } from '../helpers/realm-program.js';

// Run by `npm run test:binary` only, against the binary REALM_BINARY names (binary.test.ts says why a
// missing one fails).
if (!process.env.REALM_BINARY) throw new Error('REALM_BINARY is not set: see tests/binary/binary.test.ts');
process.env.REALM_BINARY = resolve(process.env.REALM_BINARY);

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('pictures in the single executable', () => {
  it('unpacks sharp on the first upload, turns a JPEG into WebP and serves it back', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'realm-binary-'));
    folders.push(folder);
    const password = 'a picture is worth a thousand words';
    const created = await runRealm(['admin', 'create-user', 'ana', '--password-stdin'], {
      cwd: folder,
      input: `${password}\n`,
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);

    const server = await startRealm([], { cwd: folder });
    try {
      const [buildId] = readdirSync(join(folder, 'data/runtime'));
      const library = join(folder, 'data/runtime', buildId!, 'sharp/node_modules');
      // Nothing of sharp's is written until a picture arrives.
      expect(existsSync(library)).toBe(false);

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
      const preview = await fetch(new URL(String(picture.previewUrl), server.url));
      expect(preview.status).toBe(200);

      // The addon and libvips, unpacked in npm's layout (the addon's RPATH finds libvips there), owner-only.
      const arch = process.arch;
      const addon = join(library, `@img/sharp-linux-${arch}/lib`);
      const [addonFile] = readdirSync(addon).filter((name) => name.endsWith('.node'));
      expect(mode(join(addon, addonFile!))).toBe(0o700);
      const libvips = join(library, `@img/sharp-libvips-linux-${arch}/lib`);
      expect(readdirSync(libvips).some((name) => name.startsWith('libvips-cpp.so'))).toBe(true);
      expect(mode(join(library, 'sharp/package.json'))).toBe(0o600);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
