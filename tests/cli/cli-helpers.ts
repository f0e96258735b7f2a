import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { mediaKeyFor } from '../../src/server/media/storage.js';
import { instanceTables } from '../../src/server/store/sqlite/schema.js';
import { runRealm, type RunOptions } from '../helpers/realm-program.js';

// The program's tests look at an instance only as its users can: through HTTP, or by opening the database
// file (what a single executable leaves behind is the same file).

export const tempFolder = (name: string) => mkdtempSync(join(tmpdir(), `realm-cli-${name}-`));

/**
 * Runs `realm ...args`. It runs in the checkout (where tsx is found), so a command given no --data is
 * pointed at a temporary database rather than the checkout's ./data.
 */
export const realm = (args: string[], options: RunOptions = {}) =>
  runRealm(args, {
    ...options,
    env: { REALM_DB: join(tmpdir(), 'realm-cli-no-data', 'realm.db'), ...options.env },
  });

/** A command line that must be refused as a usage mistake: exit 2, one line on stderr, nothing else. */
export async function expectUsageError(args: string[]) {
  const { code, stdout, stderr } = await realm(args);
  expect({ args, code, stdout, lines: stderr.trimEnd().split('\n').length }).toEqual({
    args,
    code: 2,
    stdout: '',
    lines: 1,
  });
  expect(stderr).toMatch(/^realm: \S/);
  return stderr;
}

export async function api(url: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the spec's shapes
  return { status: res.status, body: (await res.json()) as any };
}

export async function login(url: string, username: string, password: string) {
  return api(url, 'POST', '/api/auth/login', undefined, { username, password });
}

export async function signup(url: string, username: string) {
  const { status, body } = await api(url, 'POST', '/api/auth/signup', undefined, {
    username,
    password: `${username}-password`,
  });
  expect(status).toBe(201);
  return { id: body.createdUser._id as string, token: body.encodedToken as string };
}

/** Reads the database file of a data folder (a running server's too: WAL lets a reader in). */
export function query<T = Record<string, unknown>>(
  dataFolder: string,
  sql: string,
  ...params: unknown[]
): T[] {
  const db = new Database(join(dataFolder, 'realm.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Every row of every table that holds members' content. */
export const rowsOf = (dataFolder: string) =>
  Object.fromEntries(instanceTables.map((t) => [t, query(dataFolder, `select * from ${t} order by rowid`)]));

/** A stored picture file in the instance's media folder, and its row, as an upload leaves them. */
export function storePicture(data: string, owner: string, text: string, id: string) {
  const key = mediaKeyFor(Buffer.from(text), 'webp');
  const file = join(data, 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, 0o600);
  const db = new Database(join(data, 'realm.db'));
  try {
    const { id: ownerId } = db.prepare('select id from users where username = ?').get(owner) as {
      id: string;
    };
    db.prepare(
      `insert into media (id, owner_id, large_key, preview_key, width, height, preview_width, preview_height,
         placeholder, bytes, created_at) values (?, ?, ?, ?, 1, 1, 1, 1, '', ?, 1)`,
    ).run(id, ownerId, key, key, text.length);
  } finally {
    db.close();
  }
  return file;
}
