import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { query, realm, storePicture, tempFolder } from './cli-helpers.js';

// `realm admin delete-user` runs outside the server, yet frees the member's picture files as the server
// would: those no other row uses are deleted from the data folder's media folder, a shared one stays.

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
