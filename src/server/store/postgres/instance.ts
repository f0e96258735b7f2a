import type { PublicUser } from '../../../shared/public-user.js';
import type { InstanceReads, InstanceWrites } from '../store.js';
import { publicUserSelect } from './columns.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement } from './statement.js';

const settings = statement<{ key: string; value: string }>(
  'instance-settings',
  'select key, value from instance_settings',
);
// users_role_idx (role, created_at): the staff of a role in the order they joined, without a sort.
const staff = statement<PublicUser>(
  'instance-staff',
  `select ${publicUserSelect('u')} from users u where u.role = $1 order by u.created_at limit $2`,
);
const set = writeStatement(
  'instance-setting-set',
  `insert into instance_settings (key, value) values ($1, $2)
   on conflict (key) do update set value = excluded.value`,
);

export function instanceReads(db: Queryable): InstanceReads {
  return {
    settings: async () => Object.fromEntries((await settings(db, [])).map((row) => [row.key, row.value])),
    staff: (role, limit) => staff(db, [role, limit]),
  };
}

export function instanceWrites(db: Queryable): InstanceWrites {
  return { set: async (key, value) => void (await set(db, [key, value])) };
}
