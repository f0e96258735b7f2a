import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { MediaKeyError, mediaKeyFor, type MediaStorage } from '../../src/server/media/storage.js';

/** A valid key with one character replaced or appended: each must be refused before anything is touched. */
const someHash = 'abcd' + '0123456789abcdef'.repeat(3) + '0123456789ab';
export const hostileKeys: unknown[] = [
  '',
  '../../etc/passwd',
  `../cd/${someHash}.webp`,
  `ab/../${someHash}.webp`,
  `/ab/cd/${someHash}.webp`,
  `ab/cd/../../${someHash}.webp`,
  `ab\\cd\\${someHash}.webp`,
  `ab/cd/${someHash}.webp\0.png`,
  `ab/cd/${someHash}.webp\n`,
  `ab/cd/${someHash}.webp/`,
  `AB/CD/${someHash.toUpperCase()}.webp`,
  `ff/cd/${someHash}.webp`,
  `ab/cd/${someHash}.svg`,
  `ab/cd/${someHash}.html`,
  `ab/cd/${someHash}.WEBP`,
  `ab/cd/${someHash}`,
  `ab/cd/${someHash.slice(1)}.webp`,
  `ab//cd/${someHash}.webp`,
  `abcd/${someHash}.webp`,
  undefined,
  42,
];

/** What every media storage does, whichever its backend. `open` gives a fresh, empty storage. */
export function describeMediaStorage(name: string, open: () => MediaStorage): void {
  describe(`${name}: the shared behaviour`, () => {
    it('gives back the bytes, type and size that were put, until they are deleted', async () => {
      const storage = open();
      // Every byte value, and enough random bytes to take several chunks to stream.
      const bytes = Buffer.concat([
        Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
        randomBytes(300_000),
      ]);
      const key = mediaKeyFor(bytes, 'webp');
      expect(await storage.exists(key)).toBe(false);
      await storage.put(key, bytes, 'image/webp');
      expect(await storage.exists(key)).toBe(true);
      const found = await storage.get(key);
      expect(found).not.toBeNull();
      expect({ contentType: found!.contentType, size: found!.size }).toEqual({
        contentType: 'image/webp',
        size: bytes.length,
      });
      expect((await buffer(found!.body)).equals(bytes)).toBe(true);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
    });

    it('keeps each type by its extension', async () => {
      const storage = open();
      const types = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', avif: 'image/avif' } as const;
      for (const [extension, type] of Object.entries(types)) {
        const bytes = Buffer.from(`a ${extension} file`);
        const key = mediaKeyFor(bytes, extension as keyof typeof types);
        await storage.put(key, bytes, type);
        const found = await storage.get(key);
        expect([extension, found?.contentType]).toEqual([extension, type]);
        expect((await buffer(found!.body)).toString()).toBe(`a ${extension} file`);
      }
    });

    it('answers null and false for a key never put, and deleting it is no error', async () => {
      const storage = open();
      const key = mediaKeyFor(Buffer.from('never stored'), 'png');
      expect(await storage.get(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('takes a second put of the same key as done: the same key is the same bytes', async () => {
      const storage = open();
      const bytes = Buffer.from('same picture twice');
      const key = mediaKeyFor(bytes, 'jpg');
      await storage.put(key, bytes, 'image/jpeg');
      await storage.put(key, bytes, 'image/jpeg');
      await Promise.all([storage.put(key, bytes, 'image/jpeg'), storage.put(key, bytes, 'image/jpeg')]);
      const found = await storage.get(key);
      expect((await buffer(found!.body)).equals(bytes)).toBe(true);
    });

    it('refuses every key that is not a media key, in every call', async () => {
      const storage = open();
      const bytes = Buffer.from('x');
      for (const key of hostileKeys) {
        const calls = [
          storage.put(key as string, bytes, 'image/webp'),
          storage.get(key as string),
          storage.exists(key as string),
          storage.delete(key as string),
        ];
        for (const call of calls)
          await expect(call, JSON.stringify(key)).rejects.toBeInstanceOf(MediaKeyError);
      }
    });

    it('refuses a content type its extension does not say, and stores nothing', async () => {
      const storage = open();
      const bytes = Buffer.from('<script>alert(1)</script>');
      const key = mediaKeyFor(bytes, 'webp');
      for (const type of ['text/html', 'image/svg+xml', 'image/png', 'image/webp\r\nX-Evil: 1']) {
        await expect(storage.put(key, bytes, type), type).rejects.toThrow(
          'A .webp file must be stored as image/webp',
        );
      }
      expect(await storage.exists(key)).toBe(false);
    });

    it('says where files go', () => {
      expect(open().describe()).not.toBe('');
    });
  });
}
