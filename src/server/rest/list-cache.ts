import type { Store } from '../store/store.js';
import type { ListAnswer } from './list-answer.js';

// docs/api.md, "Long lists: bounded, paged, kept": list answers that are the same for every caller (the posts
// lists, the comments lists, GET /api/users without a token) are built once and kept until the next write to
// the database from any worker (store: version()); where the store cannot tell that cheaply, nothing is kept.
// Requests that arrive while an answer is being built wait for that build instead of starting their own. At
// most `maxEntries` answers and `maxBytes` (the memory budget's share, memory-budget.ts) are kept, the least
// recently used going first.

const maxEntries = 64;

type Entry = { answer: Promise<ListAnswer>; bytes: number };

export type ListCache = {
  /** The answer kept under `key` while the database is unchanged, else `build()`'s, kept from then on. */
  get(key: string, build: () => Promise<ListAnswer>): Promise<ListAnswer>;
};

/** One cache per app, as each app has one store: answers never cross from one database to another. */
export function createListCache(store: Store, maxBytes: number): ListCache {
  // Map keeps insertion order: the first entry is the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let seenVersion = '';

  const remove = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };

  return {
    async get(key, build) {
      const version = await store.read.version();
      if (version === null) return build();
      if (version !== seenVersion) {
        // Every kept answer (and every build under way) predates the write: none can be served again.
        entries.clear();
        bytes = 0;
        seenVersion = version;
      }
      const kept = entries.get(key);
      if (kept) {
        entries.delete(key);
        entries.set(key, kept);
        return kept.answer;
      }
      const entry: Entry = { answer: build(), bytes: 0 };
      entries.set(key, entry);
      entry.answer.then(
        (answer) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = answer.body.length;
          bytes += entry.bytes;
          for (const [oldest] of entries) {
            if (entries.size <= maxEntries && bytes <= maxBytes) break;
            remove(oldest);
          }
        },
        () => {
          if (entries.get(key) === entry) remove(key);
        },
      );
      return entry.answer;
    },
  };
}
