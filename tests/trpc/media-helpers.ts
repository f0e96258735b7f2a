import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { TestApp } from '../helpers/test-app.js';
import type { PostMedia } from '../../src/server/domain/views.js';

// Pictures for the media tests: real JPEGs made by sharp, each distinct by its colour (so two are never the
// same file unless a test means them to be), uploaded through POST /media as the web app sends them.

let hue = 0;

/** A fresh JPEG of `width` x `height` in a colour no other call of this run has used. */
export async function jpeg(width = 320, height = 200): Promise<Buffer> {
  hue += 1;
  const background = { r: (hue * 37) % 256, g: (hue * 91) % 256, b: (hue * 53) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** What `POST /media` answers: a picture as cards carry it, its alt text still empty. */
export type Uploaded = PostMedia;

export function upload(t: TestApp, token: string | undefined, body: Buffer | string, type = 'image/jpeg') {
  return t.app.inject({
    method: 'POST',
    url: '/media',
    headers: { 'content-type': type, ...(token && { authorization: token }) },
    payload: body,
  });
}

/** Uploads a fresh JPEG as the holder of `token` and answers what POST /media said (it must be 201). */
export async function uploaded(t: TestApp, token: string, body?: Buffer): Promise<Uploaded> {
  const response = await upload(t, token, body ?? (await jpeg()));
  if (response.statusCode !== 201)
    throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  return response.json<Uploaded>();
}

/** Uploads a fresh JPEG as an avatar, a banner or a post's picture (`POST /media?purpose=`); must be 201. */
export async function uploadedAs(
  t: TestApp,
  token: string,
  purpose: string,
  body?: Buffer,
): Promise<Uploaded> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/media?purpose=${purpose}`,
    headers: { 'content-type': 'image/jpeg', authorization: token },
    payload: body ?? (await jpeg()),
  });
  if (response.statusCode !== 201)
    throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  return response.json<Uploaded>();
}

/** The storage key of a /media/ URL. */
export const keyOf = (url: string) => url.replace(/^\/media\//, '');

/** Whether the app's media folder holds the file of this URL. */
export const stored = (t: TestApp, url: string) => existsSync(join(t.mediaFolder, keyOf(url)));

/** Every file in the app's media folder (temporary dot-files included), as keys. */
export function storedFiles(t: TestApp): string[] {
  if (!existsSync(t.mediaFolder)) return [];
  return readdirSync(t.mediaFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(t.mediaFolder.length + 1));
}

export async function mediaRows(t: TestApp) {
  return t.sql<{ id: string; post_id: string | null; alt: string; position: number }>(
    'select id, post_id, alt, position from media order by id',
  );
}
