import pg from 'pg';
import { inject } from 'vitest';
import { postgresStore } from '../../src/server/store/postgres/index.js';
import { concurrencyCases } from '../helpers/concurrency-cases.js';
import { freshDatabase } from '../helpers/postgres.js';

// The races of tests/helpers/concurrency-cases.ts on PostgreSQL, at READ COMMITTED with row locks. Two
// members following each other at once deadlock (each holds the member the other's follow touches);
// PostgreSQL finds that after `deadlock_timeout` (1 s by default) and the store runs the loser again. The
// test's 40 such races would take 40 s, so its connections look for deadlocks after 20 ms (a superuser
// setting: the throwaway server's user is one).
concurrencyCases('PostgreSQL', async () => {
  const url = await freshDatabase(inject('postgresAdminUrl'));
  return postgresStore(new pg.Pool({ connectionString: url, max: 10, options: '-c deadlock_timeout=20ms' }));
});
