import { expect } from 'vitest';
import { snapshot } from './snapshot.js';
import type { TestApp } from './test-app.js';

// What the tests of registration, invites, instance settings and account settings share.

const communityTables = ['instance_settings', 'invites', 'audit_log'];

/** Every row of the content tables and of the settings, invites and audit log: a refusal changes none. */
export async function fullSnapshot(t: Pick<TestApp, 'sql'>) {
  const all = await snapshot(t);
  for (const table of communityTables) {
    const rows = (await t.sql(`select * from ${table}`)).map((row) => JSON.stringify(row));
    all[table] = rows.sort().map((row) => JSON.parse(row) as Record<string, unknown>);
  }
  return all;
}

/** A refused tRPC call: its code and message, and not one row changed anywhere. */
export async function expectRefusedCall(
  t: Pick<TestApp, 'sql'>,
  call: () => Promise<unknown>,
  code: string,
  message: string,
) {
  const before = await fullSnapshot(t);
  await expect(call()).rejects.toMatchObject({ code, message });
  expect(await fullSnapshot(t)).toEqual(before);
}

/** How many rows each table holds. */
export async function rowCounts(t: Pick<TestApp, 'sql'>, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = (await t.sql<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n;
  }
  return counts;
}

/** An admin (a factory member) and their tRPC caller. */
export async function adminOf(t: TestApp) {
  const admin = await t.member({ role: 'admin' });
  return { ...admin, api: t.caller(admin.token) };
}

/** Sets the instance's registration as an admin would. */
export async function setRegistration(t: TestApp, registration: 'open' | 'approval' | 'invite' | 'closed') {
  const { api } = await adminOf(t);
  await api.instance.update({ registration });
}
