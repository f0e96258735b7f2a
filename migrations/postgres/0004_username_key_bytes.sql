-- Issue 17: the admin members search finds usernames by the start of their key, a range of the unique index
-- users_username_key_idx. In the database's locale (en_US and the like) the keys that start with "ann@" are
-- not one range, and the order differs from SQLite's. Collated "C", the key orders by its bytes, as on
-- SQLite, in every locale; equality (login, signup's uniqueness) is unchanged. The index is rebuilt.
ALTER TABLE "users" ALTER COLUMN "username_key" SET DATA TYPE text COLLATE "C";
