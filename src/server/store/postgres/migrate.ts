import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { memberSearchKeys } from '../../../shared/search-fold.js';
import { planHandles, type NamedMember } from '../handle-backfill.js';
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
      await fillHandles(client);
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

/**
 * As ../sqlite/client.ts fillHandles, under the migrations' lock: every member whose username is not a
 * handle gets one (store/handle-backfill.ts), their old name kept as a former handle, in one transaction.
 */
async function fillHandles(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<NamedMember>(
    `select id, username, first_name as "firstName", last_name as "lastName" from users
     where username !~ '^[A-Za-z0-9_]{1,30}$' order by created_at, id`,
  );
  if (rows.length === 0) return;
  await client.query('begin');
  try {
    const taken = await client.query<{ k: string; s: string | null }>(
      'select username_key as k, username_skeleton as s from users union all select key, null from former_handles',
    );
    const keys = new Set(taken.rows.map((row) => row.k));
    const skeletons = new Set(taken.rows.flatMap((row) => (row.s === null ? [] : [row.s])));
    const fills = planHandles(rows, { keys, skeletons });
    const column = <K extends keyof (typeof fills)[number]>(key: K) => fills.map((fill) => fill[key]);
    await client.query(
      `update users u set username = f.username, username_key = f.key, username_skeleton = f.skeleton,
         search_username = f.search, email = coalesce(u.email, f.email), email_key = coalesce(u.email_key, f.email_key),
         handle_changes_left = 1
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         as f(id, username, key, skeleton, search, email, email_key)
       where u.id = f.id`,
      [
        column('id'),
        column('username'),
        column('usernameKey'),
        column('usernameSkeleton'),
        column('searchUsername'),
        column('email'),
        column('emailKey'),
      ],
    );
    await client.query(
      `insert into former_handles (key, user_id, name, changed_at)
       select * from unnest($1::text[], $2::text[], $3::text[]) as f(key, user_id, name), (select $4::bigint) t
       on conflict do nothing`,
      [column('formerKey'), column('id'), column('former'), Date.now()],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
