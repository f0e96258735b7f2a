import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import { concurrencyCases } from '../helpers/concurrency-cases.js';

// The SQLite twin of tests/pg/concurrency.test.ts: the same races, on a database file as a server opens it.
concurrencyCases('SQLite', async () =>
  openSqliteStore(join(mkdtempSync(join(tmpdir(), 'realm-races-')), 'realm.db')),
);
