import { users } from '../db/schema.js';

/**
 * The only user columns any query that reaches a client selects: a password hash cannot leak by accident.
 * PRODUCT.md: nested users carry at least _id, username, firstName, lastName, profilePic.
 */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePic: users.profilePic,
};
export type PublicUser = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePic: string;
};

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
