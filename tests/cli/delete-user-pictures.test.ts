import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mediaKeyFor } from '../../src/server/media/storage.js';
import { query, realm, tempFolder } from './cli-helpers.js';

// `realm admin delete-user` runs outside the server, yet frees the member's picture files as the server
// would: those no other row uses are deleted from the data folder's media folder, a shared one stays.

/** A stored picture file in the instance's media folder, and its row, as an upload leaves them. */
function storePicture(data: string, owner: string, text: string, id: string) {
  const key = mediaKeyFor(Buffer.from(text), 'webp');
  const file = join(data, 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, 0o600);
  const db = new Database(join(data, 'realm.db'));
  try {
    const { id: ownerId } = db.prepare('select id from users where username = ?').get(owner) as {
      id: string;
    };
    db.prepare(
      `insert into media (id, owner_id, large_key, preview_key, width, height, preview_width, preview_height,
         placeholder, bytes, created_at) values (?, ?, ?, ?, 1, 1, 1, 1, '', ?, 1)`,
    ).run(id, ownerId, key, key, text.length);
  } finally {
    db.close();
  }
  return file;
}

describe('realm admin delete-user', () => {
  it("deletes the member's picture files, but not one another member's upload shares", async () => {
    const data = tempFolder('delete-pictures');
    expect((await realm(['seed', '--demo', '--data', data])).code).toBe(0);
    const own = storePicture(data, 'janecooper', 'only hers', 'm1');
    const shared = storePicture(data, 'janecooper', 'the same photo', 'm2');
    expect(storePicture(data, 'marcuslee', 'the same photo', 'm3')).toBe(shared);
    const others = storePicture(data, 'marcuslee', 'his own', 'm4');

    const deleted = await realm(['admin', 'delete-user', 'janecooper', '--yes', '--data', data]);
    expect(deleted).toMatchObject({ code: 0, stderr: '' });
    expect(query(data, 'select id from media order by id')).toEqual([{ id: 'm3' }, { id: 'm4' }]);
    expect([own, shared, others].map((file) => existsSync(file))).toEqual([false, true, true]);
  });
});
