import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { memberSearchKeys } from '../../../shared/search-fold.js';
import { usernameSkeleton } from '../../../shared/username-skeleton.js';
import { paths } from '../../paths.js';

/**
 * The advisory lock every Realm node takes before it migrates its database: any fixed 64-bit number that
 * no other program on the database uses ("Realm" in ASCII).
 */
export const migrationLock = 0x5265616c6d;

/**
 * Applies the PostgreSQL migrations, once, however many nodes start together. Drizzle's migrator takes no
 * lock (drizzle-orm #874): two nodes would both find a migration missing and both run it, and the second
 * fails on "relation already exists". An advisory lock is held by one connection, so the migration runs
 * on that one connection too (a Drizzle instance over the pool could take another); the node that waited
 * finds nothing left to do.
 */
export async function migratePostgres(pool: pg.Pool, migrationsFolder = paths.postgresMigrations) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await fillUsernameSkeletons(client);
      await fillSearchKeys(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLock]);
    }
  } finally {
    client.release();
  }
}

/**
 * Migration 0005_username_skeleton added the column, but a skeleton needs the confusables table, which only
 * JavaScript has: the members who have none yet get theirs here, under the migrations' lock, once
 * (afterwards the index finds no row). In one statement, so it is all or nothing.
 */
async function fillUsernameSkeletons(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: string; username: string }>(
    'select id, username from users where username_skeleton is null',
  );
  if (rows.length === 0) return;
  await client.query(
    `update users u set username_skeleton = f.skeleton
     from unnest($1::text[], $2::text[]) as f(id, skeleton) where u.id = f.id`,
    [rows.map((row) => row.id), rows.map((row) => usernameSkeleton(row.username))],
  );
}

/**
 * Migration 0011_people_search added people search's keys, which need JavaScript to fold (as the skeletons
 * above): the members who have none yet get theirs here, under the migrations' lock, once, in one statement.
 */
async function fillSearchKeys(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: string; username: string; firstName: string; lastName: string }>(
    `select id, username, first_name as "firstName", last_name as "lastName" from users
     where search_username is null`,
  );
  if (rows.length === 0) return;
  const keys = rows.map(memberSearchKeys);
  await client.query(
    `update users u set search_username = f.u, search_name = f.n, search_last = f.l
     from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as f(id, u, n, l) where u.id = f.id`,
    [
      rows.map((row) => row.id),
      keys.map((key) => key.searchUsername),
      keys.map((key) => key.searchName),
      keys.map((key) => key.searchLast),
    ],
  );
}
