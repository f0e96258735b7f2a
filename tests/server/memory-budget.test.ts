import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { heapOptions, memoryPlan, withHeapOptions } from '../../src/server/memory-budget.js';
import { picturesInMemory } from '../../src/server/media/work-limit.js';
import { openStore } from '../../src/server/store/open.js';

// docs/configuration.md, "Memory": REALM_MEMORY_BUDGET, shared by the serving processes, bounds each one's
// heap, SQLite page cache and kept list answers.

describe('the memory budget', () => {
  it("gives each process an equal share, and each part of a share its fraction within the part's bounds", () => {
    expect(memoryPlan(512, 2)).toEqual(memoryPlan(256, 1));
    expect(memoryPlan(128, 1)).toEqual({
      mbPerProcess: 128,
      sqliteCacheKib: 16 * 1024,
      listCacheBytes: 8 * 1024 * 1024,
      heap: { semiSpaceMb: 16, oldSpaceMb: 64 },
      picturesBytes: 32 * 1024 * 1024,
    });
    // A large share gains no more cache than the bench on a million posts could use.
    expect(memoryPlan(4096, 1)).toEqual({
      mbPerProcess: 4096,
      sqliteCacheKib: 64 * 1024,
      listCacheBytes: 64 * 1024 * 1024,
      heap: { semiSpaceMb: 32, oldSpaceMb: 2048 },
      picturesBytes: 1024 * 1024 * 1024,
    });
  });

  it('gives pictures being decoded a quarter of a share: as many at once as have room for 12 megapixels', () => {
    // The smallest share and the default decode one picture at a time, whatever the cores or the setting ask.
    expect(picturesInMemory(2, memoryPlan(128, 1).picturesBytes)).toEqual({
      atOnce: 1,
      bytesPerPicture: 32 * 1024 * 1024,
    });
    expect(picturesInMemory(2, memoryPlan(256, 1).picturesBytes)).toEqual({
      atOnce: 1,
      bytesPerPicture: 64 * 1024 * 1024,
    });
    expect(picturesInMemory(2, memoryPlan(512, 1).picturesBytes)).toEqual({
      atOnce: 2,
      bytesPerPicture: 64 * 1024 * 1024,
    });
    expect(picturesInMemory(3, memoryPlan(1024, 1).picturesBytes)).toEqual({
      atOnce: 3,
      bytesPerPicture: Math.floor((256 * 1024 * 1024) / 3),
    });
  });

  it("adds the heap's limits to NODE_OPTIONS and two malloc arenas, and leaves what someone chose alone", () => {
    const plan = memoryPlan(256, 1);
    expect(heapOptions(plan)).toBe('--max-semi-space-size=32 --max-old-space-size=128');
    expect(withHeapOptions(plan, { PATH: '/bin' })).toEqual({
      PATH: '/bin',
      NODE_OPTIONS: '--max-semi-space-size=32 --max-old-space-size=128',
      MALLOC_ARENA_MAX: '2',
    });
    expect(withHeapOptions(plan, { MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(withHeapOptions(plan, { NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      '--enable-source-maps --max-semi-space-size=32 --max-old-space-size=128',
    );
    const chosen = { NODE_OPTIONS: '--max-old-space-size=1024' };
    expect(withHeapOptions(plan, chosen)).toBe(chosen);
  });

  it("sizes the SQLite connection's page cache from the share", async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'realm-budget-')), 'realm.db');
    for (const [budget, kib] of [
      ['128', 16 * 1024],
      ['1024', 64 * 1024],
    ] as const) {
      const store = await openStore(loadConfig({ REALM_DB: dbPath, REALM_MEMORY_BUDGET: budget }));
      try {
        if (store.engine !== 'sqlite') throw new Error('a file path opens SQLite');
        expect(store.db.$client.pragma('cache_size', { simple: true })).toBe(-kib);
      } finally {
        await store.close();
      }
    }
  });
});
