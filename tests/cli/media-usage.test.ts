import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsageError, realm, tempFolder } from './cli-helpers.js';

// `realm admin media-usage` on an instance's folder, as an administrator runs it. The pictures' rows are
// written straight into the file (the numbers come from the rows; tests/trpc/media-usage.test.ts uploads
// real pictures through the same rule).

function addPictures(data: string, owner: string, sizes: number[], attached = false) {
  const db = new Database(join(data, 'realm.db'));
  try {
    const { id } = db.prepare('select id from users where username = ?').get(owner) as { id: string };
    const post = attached ? (db.prepare('select id from posts limit 1').get() as { id: string }).id : null;
    const insert = db.prepare(`insert into media (id, owner_id, post_id, large_key, preview_key, width,
      height, preview_width, preview_height, placeholder, bytes, created_at)
      values (?, ?, ?, 'k', 'p', 1, 1, 1, 1, '', ?, 1)`);
    for (const [i, bytes] of sizes.entries()) insert.run(`${owner}-${i}-${bytes}`, id, post, bytes);
  } finally {
    db.close();
  }
}

describe('realm admin media-usage', () => {
  it('shows the pictures, the storage they take in bytes and units, and the heaviest members', async () => {
    const data = tempFolder('media-usage');
    expect((await realm(['seed', '--demo', '--data', data])).code).toBe(0);
    const none = await realm(['admin', 'media-usage', '--data', data]);
    expect(none).toMatchObject({ code: 0, stderr: '' });
    expect(none.stdout).toBe(
      `Pictures: 0 (0 not on a post yet)\nStorage used: 0 bytes (0 bytes)\nKept in: folder ${join(data, 'media')}\n`,
    );

    addPictures(data, 'demo', [1024 * 1024, 512 * 1024], true);
    addPictures(data, 'demo', [100]);
    addPictures(data, 'janecooper', [3 * 1024 * 1024]);
    addPictures(data, 'marcuslee', [2048]);
    const [table, json, top1] = await Promise.all([
      realm(['admin', 'media-usage', '--data', data]),
      realm(['admin', 'media-usage', '--json', '--data', data]),
      realm(['admin', 'media-usage', '--top', '1', '--data', data]),
    ]);
    const total = 1024 * 1024 + 512 * 1024 + 100 + 3 * 1024 * 1024 + 2048;
    expect(table).toMatchObject({ code: 0, stderr: '' });
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Pictures: 5 (3 not on a post yet)',
      `Storage used: 4.5 MB (${total} bytes)`,
      `Kept in: folder ${join(data, 'media')}`,
    ]);
    expect(lines.slice(4)).toEqual([
      'Members whose pictures take the most:',
      expect.stringMatching(/^USERNAME +PICTURES +SIZE +BYTES$/),
      expect.stringMatching(/^janecooper +1 +3 MB +3145728$/),
      expect.stringMatching(/^demo +3 +1\.5 MB +1572964$/),
      expect.stringMatching(/^marcuslee +1 +2 KB +2048$/),
    ]);
    expect(JSON.parse(json.stdout)).toEqual({
      pictures: 5,
      unattached: 3,
      bytes: total,
      storage: `folder ${join(data, 'media')}`,
      top: [
        { username: 'janecooper', pictures: 1, bytes: 3145728 },
        { username: 'demo', pictures: 3, bytes: 1572964 },
        { username: 'marcuslee', pictures: 1, bytes: 2048 },
      ],
    });
    expect(top1.stdout.trimEnd().split('\n').slice(6)).toEqual([
      expect.stringMatching(/^janecooper +1 +3 MB +3145728$/),
    ]);
  });

  it('refuses a --top that is not a count from 1 to 100', async () => {
    const refusals = await Promise.all(
      ['0', '101', 'ten'].map((top) => expectUsageError(['admin', 'media-usage', '--top', top])),
    );
    expect(new Set(refusals)).toEqual(
      new Set(['realm: admin media-usage: --top takes a number from 1 to 100\n']),
    );
  });
});
