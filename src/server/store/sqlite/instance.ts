import { asc, eq, sql } from 'drizzle-orm';
import type { InstanceReads, InstanceWrites } from '../store.js';
import type { Db } from './client.js';
import { publicUserColumns } from './columns.js';
import { preparedOnce } from './prepared.js';
import { instanceSettings, users } from './schema.js';

const statements = preparedOnce((db: Db) => ({
  settings: db.select().from(instanceSettings).prepare(),
  // users_role_idx (role, created_at): the staff of a role in the order they joined, without a sort.
  staff: db
    .select(publicUserColumns)
    .from(users)
    .where(eq(users.role, sql.placeholder('role')))
    .orderBy(asc(users.createdAt))
    .limit(sql.placeholder('limit'))
    .prepare(),
  set: db
    .insert(instanceSettings)
    .values({ key: sql.placeholder('key'), value: sql.placeholder('value') })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value: sql`excluded.value` } })
    .prepare(),
}));

export function instanceReads(db: Db): InstanceReads {
  return {
    settings: async () =>
      Object.fromEntries(
        statements(db)
          .settings.all()
          .map((row) => [row.key, row.value]),
      ),
    staff: async (role, limit) => statements(db).staff.all({ role, limit }),
  };
}

export function instanceWrites(db: Db): InstanceWrites {
  return { set: async (key, value) => void statements(db).set.run({ key, value }) };
}
