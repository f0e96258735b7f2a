import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';

// Answers kept in memory (rest/list-cache.ts) are valid until the database changes. Several workers share
// one file, so a change may come from any connection: `data_version` changes when ANOTHER connection commits,
// and `total_changes()` counts the rows this connection has written. Together they change after every write,
// from anywhere, and reading them is one statement of about a microsecond.
const version = preparedOnce((db: Db) =>
  db.$client
    .prepare<[], string>(`select data_version || ':' || total_changes() from pragma_data_version`)
    .pluck(),
);

/** A text that is the same until a write to the database commits, from this connection or any other. */
export function databaseVersion(db: Db): string {
  return version(db).get()!;
}
