import { users } from './schema.js';

/**
 * The only user columns any query that reaches a client selects: a password hash cannot leak by accident.
 * docs/api.md, "REST: /api": nested users carry _id, username, firstName, lastName, profilePic.
 */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePic: users.profilePic,
};
/**
 * The same fields as a SQL `json_object` of the users row aliased `alias`, for statements that write their
 * answer as JSON (cards.ts; the legacy API's posts, whose users call their id `_id`).
 */
export const publicUserJson = (alias: string, idKey: 'id' | '_id' = 'id') =>
  `json_object(${Object.entries(publicUserColumns)
    .map(([key, column]) => `'${key === 'id' ? idKey : key}', ${alias}.${column.name}`)
    .join(', ')})`;

/** The same fields of the users row aliased `alias`, as a select list under their camelCase names. */
export const publicUserSelect = (alias: string) =>
  Object.entries(publicUserColumns)
    .map(([key, column]) => `${alias}.${column.name} as ${key}`)
    .join(', ');

/**
 * The JSON that a scalar subquery writes, as a value `json_object` and `json_group_array` nest rather than
 * quote. A subquery's result loses its JSON subtype in SQLite 3.54 and later (3.53 kept it), so
 * `json_object('a', (select json_group_array(x) ...))` would carry the array as a string; `json(...)` gives
 * the subtype back, on every version.
 */
export const nestedJson = (subquery: string) => `json((${subquery}))`;

/** A member's own profile fields, still without the hash. */
export const profileColumns = {
  ...publicUserColumns,
  bio: users.bio,
  link: users.link,
  profileBanner: users.profileBanner,
  extra: users.extra,
  followerCount: users.followerCount,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
