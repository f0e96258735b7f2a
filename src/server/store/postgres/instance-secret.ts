import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * The token signing secret of a PostgreSQL instance: REALM_JWT_SECRET when set, otherwise the one kept in
 * `instance_secrets`, made by whichever node asks first. Nodes starting together may each try to make one;
 * ON CONFLICT DO NOTHING keeps the first, and every node then reads that one.
 */
export async function resolveSharedSecret(db: pg.Pool, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query(
    "insert into instance_secrets (name, value) values ('jwt', $1) on conflict (name) do nothing",
    [randomBytes(48).toString('base64url')],
  );
  const { rows } = await db.query<{ value: string }>("select value from instance_secrets where name = 'jwt'");
  return rows[0]!.value;
}

/**
 * Keeps the secret a SQLite instance signed its tokens with, as it is copied in (copy-from-sqlite.ts), so
 * its members stay signed in. It replaces a secret that a node started on the empty database may have
 * made: every token that exists was signed with the one arriving.
 */
export async function keepSharedSecret(client: pg.PoolClient, secret: string): Promise<void> {
  await client.query(
    "insert into instance_secrets (name, value) values ('jwt', $1) on conflict (name) do update set value = excluded.value",
    [secret],
  );
}
