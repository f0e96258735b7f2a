import { bytesText } from '../shared/bytes-text.js';
import type { Config } from '../server/config.js';
import { releaseFiles } from '../server/domain/media.js';
import { storageUsage, topDefault, topMax } from '../server/domain/media-usage.js';
import { commandLine } from '../server/domain/moderation.js';
import { openMediaStorage } from '../server/media/storage-open.js';
import type { Store } from '../server/store/store.js';
import { dataHelp, dataOptions, UsageError, type Command } from './command.js';
import { requireDatabase } from './guards.js';
import { configFrom, withDatabase } from './instance.js';
import { printTable } from './table.js';

// What pictures take on this instance, for an administrator deciding on a disk, a bucket or a quota
// (docs/pictures.md, "For self-hosters"). The same numbers as /admin/storage.

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function parseTop(text: string | boolean | undefined): number {
  if (text === undefined) return topDefault;
  const top = Number(text);
  if (typeof text !== 'string' || !/^\d+$/.test(text) || top < 1 || top > topMax) {
    throw new UsageError(`admin media-usage: --top takes a number from 1 to ${topMax}`);
  }
  return top;
}

export const mediaUsage: Command = {
  name: 'admin media-usage',
  summary: 'show the storage pictures take, in all and by the heaviest members',
  usage: '[--top N] [--json] [--data DIR]',
  details: `Shows how many pictures the instance keeps, how many no post has taken yet (deleted after a day),
the storage they take in all, and the members whose pictures take the most, most first. Sizes count both
stored files of each upload (the picture and its preview), as the per-member quota counts them; two uploads
of the same picture share their files, so the storage itself may hold less. It also says where pictures
are kept (a folder, or a bucket: back that up by its own means, see realm backup --help).

  --top N           how many members to list (default ${topDefault}, at most ${topMax})
  --json            one JSON object: pictures, unattached, bytes, storage, top [{ username, pictures, bytes }]
${dataHelp}`,
  options: { ...dataOptions, top: { type: 'string' }, json: { type: 'boolean' } },
  positionals: [],
  async run(parsed) {
    const top = parseTop(parsed.values.top);
    const config = configFrom(parsed);
    requireDatabase(config);
    const usage = await withDatabase(config, (store) => storageUsage(store, commandLine, top));
    const storage = openMediaStorage(config.media.storage).describe();
    if (parsed.values.json) {
      console.log(JSON.stringify({ ...usage, storage }));
      return;
    }
    console.log(`Pictures: ${usage.pictures} (${usage.unattached} not on a post yet)`);
    console.log(`Storage used: ${bytesText(usage.bytes)} (${plural(usage.bytes, 'byte')})`);
    console.log(`Kept in: ${storage}`);
    if (usage.top.length === 0) return;
    console.log(`\nMembers whose pictures take the most:`);
    printTable(
      ['USERNAME', 'PICTURES', 'SIZE', 'BYTES'],
      usage.top.map((m) => [m.username, String(m.pictures), bytesText(m.bytes), String(m.bytes)]),
      [false, true, true, true],
    );
  },
};

/**
 * While a command deletes rows (`realm admin delete-user`), deletes the files their writes release once they
 * commit, as the server does (media-routes): no file is left behind by a deletion made outside the server.
 * `done()` stops listening and waits for the files; one that could not be deleted (a bucket out of reach) is
 * reported, not fatal: the rows are gone already, and the file is only wasted room.
 */
export function freePictureFiles(store: Store, config: Config): { done(): Promise<void> } {
  const storage = openMediaStorage(config.media.storage);
  const work: Promise<void>[] = [];
  const stop = store.onMediaReleased((keys) => work.push(releaseFiles(store, storage, keys)));
  return {
    async done() {
      stop();
      const failed = (await Promise.allSettled(work)).filter((result) => result.status === 'rejected');
      for (const { reason } of failed) {
        console.error(
          `realm: some picture files could not be deleted from ${storage.describe()} (${(reason as Error).message}); they take room but nothing shows them.`,
        );
      }
    },
  };
}
