import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** A small PNG of one colour, as a phone's picture picker would hand an app a file. */
export async function picture(color: { r: number; g: number; b: number }, name: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** The same picture as a file on disk, read as a stream: what megalodon's form-data upload takes. */
export async function pictureStream(color: { r: number; g: number; b: number }, name: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'realm-clients-picture-')), name);
  writeFileSync(path, new Uint8Array(await (await picture(color, name)).arrayBuffer()));
  return createReadStream(path);
}
