import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';

// The token signing secret of a SQLite instance, in a file beside the database; a PostgreSQL instance keeps
// its own in a table (../postgres/instance-secret.ts).

/**
 * REALM_JWT_SECRET when set; otherwise a secret generated on first start and kept beside the database
 * (mode 0600) so tokens survive restarts. A `:memory:` database gets a secret as short-lived as its data.
 */
export function resolveJwtSecret(configured: string | undefined, dbPath: string): string {
  if (configured) return configured;
  if (dbPath === ':memory:') return randomBytes(48).toString('base64url');
  const kept = keptJwtSecret(dbPath);
  if (kept) return kept;
  const file = jwtSecretFile(dbPath);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export const jwtSecretFile = (dbPath: string) => join(dirname(dbPath), 'jwt-secret');

/** The secret an earlier start kept beside the database, if there is a usable one; never makes one. */
export function keptJwtSecret(dbPath: string): string | undefined {
  const file = jwtSecretFile(dbPath);
  if (!existsSync(file)) return undefined;
  const kept = readFileSync(file, 'utf8').trim();
  return kept.length >= 32 ? kept : undefined;
}
