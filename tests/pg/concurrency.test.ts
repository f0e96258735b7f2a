import { inject } from 'vitest';
import { openPostgresStore } from '../../src/server/store/postgres/index.js';
import { concurrencyCases } from '../helpers/concurrency-cases.js';
import { freshDatabase } from '../helpers/postgres.js';

// The races of tests/helpers/concurrency-cases.ts on PostgreSQL, at READ COMMITTED with row locks. Two
// members following each other at once lock both members in the order of their ids (domain/follow.ts), so
// they take turns instead of deadlocking, which PostgreSQL would notice only after `deadlock_timeout` (1 s):
// the mutual-follow race is timed.
concurrencyCases('PostgreSQL', async () => {
  const url = await freshDatabase(inject('postgresAdminUrl'));
  return openPostgresStore({ url, poolSize: 10 });
});
