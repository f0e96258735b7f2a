import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../src/server/paths.js';
import { usernameSkeleton } from '../../src/shared/username-skeleton.js';
import { migrationLock, migratePostgres } from '../../src/server/store/postgres/migrate.js';
import { emptyDatabase } from '../helpers/postgres.js';

// Nodes started together on a fresh database migrate it once, under an advisory lock.

const journal = JSON.parse(readFileSync(join(paths.postgresMigrations, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe('migrating PostgreSQL', () => {
  it('runs each migration once when four nodes start together on an empty database, and all succeed', async () => {
    const url = await emptyDatabase(inject('postgresAdminUrl'));
    const nodes = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url, max: 2 }));
    try {
      const results = await Promise.allSettled(nodes.map((pool) => migratePostgres(pool)));
      expect(results.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));
      const applied = await nodes[0]!.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows).toEqual([{ n: journal.entries.length }]);
      const tables = await nodes[0]!.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows[0].n).toBeGreaterThanOrEqual(8);
      // A node started later finds nothing to do, and the lock is free again.
      await migratePostgres(nodes[1]!);
      const lock = await nodes[2]!.query('select pg_try_advisory_lock($1) as free', [migrationLock]);
      expect(lock.rows).toEqual([{ free: true }]);
    } finally {
      await Promise.all(nodes.map((pool) => pool.end()));
    }
  });

  it('gives the members a migration left without a username skeleton theirs at the next start', async () => {
    const url = await emptyDatabase(inject('postgresAdminUrl'));
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      await migratePostgres(pool);
      // As migration 0005_username_skeleton leaves the members who signed up before it (handles, which the
      // start-up fill of handles leaves as they are; adrnin looks like admin).
      await pool.query(
        `insert into users (id, username, username_key, password_hash, created_at, updated_at)
         values ('u1', 'ADMIN', 'admin', 'x', 1, 1), ('u2', 'adrnin', 'adrnin', 'x', 1, 1)`,
      );
      await migratePostgres(pool);
      const { rows } = await pool.query('select id, username_skeleton as s from users order by id');
      expect(rows).toEqual([
        { id: 'u1', s: usernameSkeleton('admin') },
        { id: 'u2', s: usernameSkeleton('admin') },
      ]);
    } finally {
      await pool.end();
    }
  });
});
