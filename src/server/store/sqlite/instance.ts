import { asc, eq, sql } from 'drizzle-orm';
import type { InstanceReads, InstanceWrites, LinkPreviewRow } from '../store.js';
import type { Db } from './client.js';
import { publicUserColumns } from './columns.js';
import { preparedOnce } from './prepared.js';
import { instanceSettings, posts, users } from './schema.js';

// A link preview's fields (interface/instance.ts LinkPreviewRow); `text` is the post's or the bio.
const previewColumns = {
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  status: sql<LinkPreviewRow['status']>`${users.status}`,
  limitedAt: users.limitedAt,
};
const previewOf = (row: { limitedAt: number | null } & Omit<LinkPreviewRow, 'limited'>): LinkPreviewRow => {
  const { limitedAt, ...rest } = row;
  return { ...rest, limited: limitedAt !== null };
};

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
  postPreview: db
    .select({ text: posts.content, ...previewColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, sql.placeholder('id')))
    .prepare(),
  memberPreview: db
    .select({ text: users.bio, ...previewColumns })
    .from(users)
    .where(eq(users.usernameKey, sql.placeholder('key')))
    .prepare(),
  set: db
    .insert(instanceSettings)
    .values({ key: sql.placeholder('key'), value: sql.placeholder('value') })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value: sql`excluded.value` } })
    .prepare(),
}));

// Members who posted since a time: the range of posts_created_idx, each author once.
const usage = preparedOnce((db: Db) =>
  db.$client.prepare<
    { month: number; halfYear: number },
    { members: number; posts: number; month: number; halfYear: number }
  >(
    `select (select count(*) from users where status = 'active') as members,
       (select count(*) from posts) as posts,
       (select count(distinct author_id) from posts where created_at >= :month) as month,
       (select count(distinct author_id) from posts where created_at >= :halfYear) as halfYear`,
  ),
);

export function instanceReads(db: Db): InstanceReads {
  return {
    usage: async ([month, halfYear]) => {
      const row = usage(db).get({ month, halfYear })!;
      return { members: row.members, posts: row.posts, postedSince: [row.month, row.halfYear] };
    },
    settings: async () =>
      Object.fromEntries(
        statements(db)
          .settings.all()
          .map((row) => [row.key, row.value]),
      ),
    staff: async (role, limit) => statements(db).staff.all({ role, limit }),
    postPreview: async (id) => {
      const row = statements(db).postPreview.get({ id });
      return row && previewOf(row);
    },
    memberPreview: async (key) => {
      const row = statements(db).memberPreview.get({ key });
      return row && previewOf(row);
    },
  };
}

export function instanceWrites(db: Db): InstanceWrites {
  return { set: async (key, value) => void statements(db).set.run({ key, value }) };
}
