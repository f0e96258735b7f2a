import { limits } from '../../../shared/limits.js';
import type { AdminMemberRow, AuditRow, Reads, ReportRow } from '../store.js';
import { publicUserJson } from './columns.js';
import type { Queryable } from './queryable.js';
import { statement, type TextTimes } from './statement.js';

// As ../sqlite/moderation.ts: the reports queue, the members list and the audit log, each page one
// statement on an index, rows written as JSON (read as text: node-postgres would parse them) with times in
// milliseconds. username_key is collated "C" (migration 0004_username_key_bytes): its order is the bytes',
// as on SQLite, so the keys that start with a prefix are one range of its unique index in any locale.

const pagePlusOne = limits.pageSize + 1;

/** An AdminMemberRow of the users row `u`: its public fields and more; posts counted on posts_author_created_idx. */
const memberJson = (u: string) => `(${publicUserJson(u)}::jsonb || jsonb_build_object(
  'role', ${u}.role, 'status', ${u}.status, 'limitedAt', ${u}.limited_at, 'createdAt', ${u}.created_at,
  'postCount', (select count(*) from posts p where p.author_id = ${u}.id),
  'openReports', (select count(*) from reports o where o.subject_id = ${u}.id and o.resolved_at is null)))`;

// Its members are subqueries on the users' key: joined, the planner hashed every member and sorted the
// open reports instead of reading the first page of them in the index's order.
const userOf = (alias: string, json: string, id: string) =>
  `(select ${json} from users ${alias} where ${alias}.id = ${id})`;

/** The fields of a ReportRow of the report `r`. */
const reportJson = `json_build_object('id', r.id, 'targetKind', r.target_kind, 'postId', r.post_id,
  'commentId', r.comment_id, 'excerpt', r.excerpt, 'reason', r.reason, 'note', r.note,
  'createdAt', r.created_at, 'resolvedAt', r.resolved_at, 'resolution', r.resolution,
  'subject', ${userOf('s', memberJson('s'), 'r.subject_id')},
  'reporter', ${userOf('rp', publicUserJson('rp'), 'r.reporter_id')},
  'resolvedBy', ${userOf('rb', publicUserJson('rb'), 'r.resolved_by')})::text as json`;

const memberSelect = `select ${memberJson('u')}::text as json from users u`;

type Json = { json: string };

/**
 * A page of `table` aliased `alias`: its rows found in the index's order first, then written as JSON.
 * Written in the same select, the members' counts made a narrow members search look dear enough that the
 * planner read its whole range and sorted it. The outer order is the page's own, which PostgreSQL knows
 * it has (no sort).
 */
const page = (json: string, table: string, alias: string, where: string, order: string) =>
  `select ${json} from (select * from ${table} ${alias} where ${where}
   order by ${order} limit ${pagePlusOne}) as ${alias} order by ${order}`;

// reports_resolved_created_idx: open ones (resolved_at null) in the order they came; resolved newest first.
// Ordered by resolved_at too, though it is null: PostgreSQL takes `is null` for no equality, and would sort.
const openReports = statement<Json>(
  'moderation-open-reports',
  page(
    reportJson,
    'reports',
    'r',
    'r.resolved_at is null and (r.created_at, r.id) > ($1::bigint, $2)',
    'r.resolved_at, r.created_at, r.id',
  ),
);
const resolvedReports = statement<Json>(
  'moderation-resolved-reports',
  page(
    reportJson,
    'reports',
    'r',
    'r.resolved_at is not null and (r.resolved_at, r.created_at, r.id) < ($1::bigint, $2::bigint, $3)',
    'r.resolved_at desc, r.created_at desc, r.id desc',
  ),
);
const report = statement<Json>('moderation-report', `select ${reportJson} from reports r where r.id = $1`);

const memberPage = (where: string, order: string) =>
  page(`${memberJson('u')}::text as json`, 'users', 'u', where, order);

/** Whether `u` is limited, when the filter says ($n true or false; null: either). */
const limitedIs = (n: number) => `($${n}::boolean is null or (u.limited_at is not null) = $${n}::boolean)`;

// users_username_key_idx: the keys from the prefix up to the first that no longer starts with it. Planned
// for its values each time (an unnamed statement): the generic plan of a named one, not knowing how wide
// the range is, read all of it with a bitmap and sorted it.
const membersByNameText = memberPage(
  `u.username_key >= $1 and u.username_key < $2 and u.username_key > $3
   and ($4::text is null or (u.status = $4 and ${limitedIs(5)}))`,
  'u.username_key',
);
const membersByName = async (db: Queryable, values: unknown[]) =>
  (await db.query<Json>({ text: membersByNameText, values })).rows;
const newestFirst = 'u.created_at desc, u.id desc';
// users_created_idx
const membersNewest = statement<Json>(
  'moderation-members-newest',
  memberPage('(u.created_at, u.id) < ($1::bigint, $2)', newestFirst),
);
// users_status_created_idx
const membersInState = statement<Json>(
  'moderation-members-in-state',
  memberPage(`u.status = $3 and ${limitedIs(4)} and (u.created_at, u.id) < ($1::bigint, $2)`, newestFirst),
);
const member = statement<Json>('moderation-member', `${memberSelect} where u.id = $1`);

// audit_log_created_idx
const audit = statement<TextTimes<AuditRow, 'createdAt'>>(
  'moderation-audit',
  `select id, actor_id as "actorId", actor_name as "actorName", action, subject_id as "subjectId",
   subject_name as "subjectName", detail, reason, report_id as "reportId", created_at as "createdAt"
   from audit_log where (created_at, id) < ($1::bigint, $2)
   order by created_at desc, id desc limit ${pagePlusOne}`,
);

const parsed = <T>(rows: Json[]) => rows.map((row) => JSON.parse(row.json) as T);
const top = Number.MAX_SAFE_INTEGER;
/** A key above every username key that starts with the prefix: U+10FFFF's bytes sort after every character's. */
const afterEvery = '\u{10FFFF}';

export function moderationReads(db: Queryable): Reads['moderation'] {
  return {
    async reports(state, key) {
      if (state === 'open') return parsed<ReportRow>(await openReports(db, key ?? [-1, '']));
      return parsed<ReportRow>(await resolvedReports(db, key ?? [top, top, '']));
    },
    report: async (id) => parsed<ReportRow>(await report(db, [id]))[0],
    async members({ prefix, status, limited }, key) {
      if (prefix !== '') {
        const bounds = [prefix, prefix + afterEvery, ...(key ?? [''])];
        return parsed<AdminMemberRow>(await membersByName(db, [...bounds, status, limited]));
      }
      const below = key ?? [top, ''];
      if (status === null) return parsed<AdminMemberRow>(await membersNewest(db, below));
      return parsed<AdminMemberRow>(await membersInState(db, [...below, status, limited]));
    },
    member: async (id) => parsed<AdminMemberRow>(await member(db, [id]))[0],
    async audit(key) {
      const rows = await audit(db, key ?? [top, '']);
      return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
    },
  };
}
