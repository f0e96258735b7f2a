import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { publicUserColumns, publicUserJson } from './columns.js';
import { preparedOnce } from './prepared.js';
import type { AdminMemberRow, AuditRow, Reads, ReportRow } from '../store.js';

// What moderators read, each a statement of its own: the reports queue, the members list and the
// audit log, a page and one more on an index; a member's and a report's row as the admin screens show it.
// Rows are written as JSON by SQLite (their members nest), times in milliseconds; the domain makes views.

const pagePlusOne = limits.pageSize + 1;

/** An AdminMemberRow of the users row `u`: its posts counted on posts_author_created_idx. */
const memberJson = (u: string) => `json_object(${Object.entries(publicUserColumns)
  .map(([key, column]) => `'${key}', ${u}.${column.name}`)
  .join(', ')},
  'role', ${u}.role, 'status', ${u}.status, 'limitedAt', ${u}.limited_at, 'createdAt', ${u}.created_at,
  'postCount', (select count(*) from posts p where p.author_id = ${u}.id),
  'openReports', (select count(*) from reports o where o.subject_id = ${u}.id and o.resolved_at is null))`;

const orNull = (alias: string) => `json(iif(${alias}.id is null, null, ${publicUserJson(alias)}))`;

/** A ReportRow of the report `r`. */
const reportSelect = `select json_object('id', r.id, 'targetKind', r.target_kind, 'postId', r.post_id,
  'commentId', r.comment_id, 'excerpt', r.excerpt, 'reason', r.reason, 'note', r.note,
  'createdAt', r.created_at, 'resolvedAt', r.resolved_at, 'resolution', r.resolution,
  'subject', json(${memberJson('s')}), 'reporter', ${orNull('rp')}, 'resolvedBy', ${orNull('rb')}) as json
  from reports r join users s on s.id = r.subject_id
  left join users rp on rp.id = r.reporter_id left join users rb on rb.id = r.resolved_by`;

const memberSelect = `select ${memberJson('u')} as json from users u`;

/** Whether `u` is limited, when the filter says (:limited 1 or 0; null: either). */
const limitedIs = '(:limited is null or (u.limited_at is not null) = :limited)';
const inState = `(:status is null or (u.status = :status and ${limitedIs}))`;

type Filter = { status: string | null; limited: number | null };

const statements = preparedOnce((db: Db) => {
  const json = <P extends object>(text: string) => db.$client.prepare<P, string>(text).pluck();
  return {
    // reports_resolved_created_idx: open ones (resolved_at null) in the order they came (resolved_at too:
    // see ../postgres/moderation.ts).
    openReports: json<{ k0: number; k1: string }>(
      `${reportSelect} where r.resolved_at is null and (r.created_at, r.id) > (:k0, :k1)
       order by r.resolved_at, r.created_at, r.id limit ${pagePlusOne}`,
    ),
    resolvedReports: json<{ k0: number; k1: number; k2: string }>(
      `${reportSelect} where r.resolved_at is not null and (r.resolved_at, r.created_at, r.id) < (:k0, :k1, :k2)
       order by r.resolved_at desc, r.created_at desc, r.id desc limit ${pagePlusOne}`,
    ),
    report: json<{ id: string }>(`${reportSelect} where r.id = :id`),
    // users_username_key_idx: the keys from the prefix up to the first that no longer starts with it.
    membersByName: json<Filter & { lo: string; hi: string; after: string }>(
      `${memberSelect} where u.username_key >= :lo and u.username_key < :hi and u.username_key > :after
       and ${inState} order by u.username_key limit ${pagePlusOne}`,
    ),
    // users_created_idx
    membersNewest: json<{ k0: number; k1: string }>(
      `${memberSelect} where (u.created_at, u.id) < (:k0, :k1)
       order by u.created_at desc, u.id desc limit ${pagePlusOne}`,
    ),
    // users_status_created_idx
    membersInState: json<Filter & { k0: number; k1: string }>(
      `${memberSelect} where u.status = :status and ${limitedIs} and (u.created_at, u.id) < (:k0, :k1)
       order by u.created_at desc, u.id desc limit ${pagePlusOne}`,
    ),
    member: json<{ id: string }>(`${memberSelect} where u.id = :id`),
    // audit_log_created_idx
    audit: db.$client.prepare<{ k0: number; k1: string }, AuditRow>(
      `select id, actor_id as actorId, actor_name as actorName, action, subject_id as subjectId,
       subject_name as subjectName, detail, reason, report_id as reportId, created_at as createdAt
       from audit_log where (created_at, id) < (:k0, :k1) order by created_at desc, id desc limit ${pagePlusOne}`,
    ),
  };
});

const parsed = <T>(rows: string[]) => rows.map((json) => JSON.parse(json) as T);
const top = Number.MAX_SAFE_INTEGER;
/** A key above every username key (U+10FFFF sorts after every character, in UTF-8 as in UTF-16). */
const afterEvery = '\u{10FFFF}';

export function moderationReads(db: Db): Reads['moderation'] {
  return {
    async reports(state, key) {
      const s = statements(db);
      if (state === 'open') {
        const [k0, k1] = (key ?? [-1, '']) as [number, string];
        return parsed<ReportRow>(s.openReports.all({ k0, k1 }));
      }
      const [k0, k1, k2] = (key ?? [top, top, '']) as [number, number, string];
      return parsed<ReportRow>(s.resolvedReports.all({ k0, k1, k2 }));
    },
    report: async (id) => parsed<ReportRow>(statements(db).report.all({ id }))[0],
    async members({ prefix, status, limited }, key) {
      const s = statements(db);
      const filter = { status, limited: limited === null ? null : Number(limited) };
      if (prefix !== '') {
        const [after] = (key ?? ['']) as [string];
        const bounds = { lo: prefix, hi: prefix + afterEvery, after };
        return parsed<AdminMemberRow>(s.membersByName.all({ ...filter, ...bounds }));
      }
      const [k0, k1] = (key ?? [top, '']) as [number, string];
      if (status === null) return parsed<AdminMemberRow>(s.membersNewest.all({ k0, k1 }));
      return parsed<AdminMemberRow>(s.membersInState.all({ ...filter, k0, k1 }));
    },
    member: async (id) => parsed<AdminMemberRow>(statements(db).member.all({ id }))[0],
    audit: async (key) => {
      const [k0, k1] = key ?? [top, ''];
      return statements(db).audit.all({ k0, k1 });
    },
  };
}
