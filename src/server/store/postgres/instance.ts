import type { PublicUser } from '../../../shared/public-user.js';
import type { InstanceReads, InstanceWrites, LinkPreviewRow } from '../store.js';
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
// A link preview's fields (interface/instance.ts LinkPreviewRow); `text` is the post's or the bio.
const previewSelect = `u.username, u.first_name as "firstName", u.last_name as "lastName", u.status,
  u.limited_at is not null as limited`;
const postPreview = statement<LinkPreviewRow>(
  'instance-post-preview',
  `select p.content as text, ${previewSelect} from posts p join users u on u.id = p.author_id where p.id = $1`,
);
const memberPreview = statement<LinkPreviewRow>(
  'instance-member-preview',
  `select u.bio as text, ${previewSelect} from users u where u.username_key = $1`,
);
const set = writeStatement(
  'instance-setting-set',
  `insert into instance_settings (key, value) values ($1, $2)
   on conflict (key) do update set value = excluded.value`,
);

// Members who posted since a time: the range of posts_created_idx, each author once.
const usage = statement<{ members: number; posts: number; month: number; halfYear: number }>(
  'instance-usage',
  `select (select count(*) from users where status = 'active')::int as members,
     (select count(*) from posts)::int as posts,
     (select count(distinct author_id) from posts where created_at >= $1)::int as month,
     (select count(distinct author_id) from posts where created_at >= $2)::int as "halfYear"`,
);

export function instanceReads(db: Queryable): InstanceReads {
  return {
    usage: async ([month, halfYear]) => {
      const [row] = await usage(db, [month, halfYear]);
      return { members: row!.members, posts: row!.posts, postedSince: [row!.month, row!.halfYear] };
    },
    settings: async () => Object.fromEntries((await settings(db, [])).map((row) => [row.key, row.value])),
    staff: (role, limit) => staff(db, [role, limit]),
    postPreview: async (postId) => (await postPreview(db, [postId]))[0],
    memberPreview: async (key) => (await memberPreview(db, [key]))[0],
  };
}

export function instanceWrites(db: Queryable): InstanceWrites {
  return { set: async (key, value) => void (await set(db, [key, value])) };
}
