import { getTableColumns } from 'drizzle-orm';
import { users } from './schema.js';

// The PostgreSQL twin of ../sqlite/columns.ts: the only user columns any query that reaches a client reads,
// so a password hash cannot leak by accident (docs/api.md, "REST: /api": nested users carry _id,
// username, firstName, lastName, profilePic).
const publicUserFields = ['id', 'username', 'firstName', 'lastName', 'profilePic'] as const;

const column = (key: keyof typeof users.$inferSelect) => getTableColumns(users)[key].name;

/** The public fields of the users row aliased `alias`, as a select list under their camelCase names. */
export const publicUserSelect = (alias: string) =>
  publicUserFields.map((key) => `${alias}.${column(key)} as "${key}"`).join(', ');

/** The same fields as a `json_build_object` (cards, comments). */
export const publicUserJson = (alias: string) =>
  `json_build_object(${publicUserFields.map((key) => `'${key}', ${alias}.${column(key)}`).join(', ')})`;

/** The column of a member's field (`firstName` -> `first_name`), for writes of some of their fields. */
export const userColumn = column;
