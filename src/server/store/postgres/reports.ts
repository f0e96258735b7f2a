import type { StoredReport, Writes } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

// As ../sqlite/reports.ts: members' reports and their resolution. The reported post or comment is read
// FOR SHARE, so it cannot be deleted before the report that names it commits.

type Text = { authorId: string; text: string };

const postText = statement<Text>(
  'report-post-text',
  'select author_id as "authorId", content as text from posts where id = $1 for share',
);
const commentText = statement<Text>(
  'report-comment-text',
  'select author_id as "authorId", text from comments where id = $2 and post_id = $1 for share',
);
const openBy = statement<{ id: string }>(
  'report-open-by',
  `select id from reports where reporter_id = $1 and resolved_at is null and target_kind = $2
   and subject_id = $3 and post_id is not distinct from $4 and comment_id is not distinct from $5 limit 1`,
);
const insert = writeStatement(
  'report-insert',
  `insert into reports (id, reporter_id, subject_id, target_kind, post_id, comment_id, excerpt, reason, note,
   created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
);
const lock = statement<TextTimes<StoredReport, 'createdAt' | 'resolvedAt'>>(
  'report-lock',
  `select id, reporter_id as "reporterId", subject_id as "subjectId", target_kind as "targetKind",
   post_id as "postId", comment_id as "commentId", excerpt, reason, note, created_at as "createdAt",
   resolved_at as "resolvedAt", resolved_by as "resolvedBy", resolution from reports where id = $1 for update`,
);
const resolution = 'resolved_at = $2, resolved_by = $3, resolution = $4';
const resolve = writeStatement('report-resolve', `update reports set ${resolution} where id = $1`);
const resolveOnPost = writeStatement(
  'report-resolve-on-post',
  `update reports set ${resolution} where post_id = $1 and resolved_at is null`,
);
const resolveOnComment = writeStatement(
  'report-resolve-on-comment',
  `update reports set ${resolution} where comment_id = $1 and resolved_at is null`,
);
const resolveOnMember = writeStatement(
  'report-resolve-on-member',
  `update reports set ${resolution} where subject_id = $1 and target_kind = 'member' and resolved_at is null`,
);

export function reportWrites(db: Queryable): Writes['reports'] {
  return {
    postText: async (postId) => (await postText(db, [postId]))[0],
    commentText: async (postId, commentId) => (await commentText(db, [postId, commentId]))[0],
    openBy: async (reporterId, t) =>
      (await openBy(db, [reporterId, t.targetKind, t.subjectId, t.postId, t.commentId]))[0]?.id,
    async insert(r) {
      const values = [r.id, r.reporterId, r.subjectId, r.targetKind, r.postId, r.commentId, r.excerpt];
      await insert(db, [...values, r.reason, r.note, r.createdAt]);
    },
    async lock(id) {
      const row = (await lock(db, [id]))[0];
      // node-postgres reads a bigint as text: it may exceed 2^53; a time in milliseconds does not.
      return (
        row && {
          ...row,
          createdAt: Number(row.createdAt),
          resolvedAt: row.resolvedAt === null ? null : Number(row.resolvedAt),
        }
      );
    },
    resolve: async (id, { at, by, action }) => void (await resolve(db, [id, at, by, action])),
    async resolveOpen(on, { at, by, action }) {
      const values = [at, by, action];
      if ('postId' in on) await resolveOnPost(db, [on.postId, ...values]);
      else if ('commentId' in on) await resolveOnComment(db, [on.commentId, ...values]);
      else await resolveOnMember(db, [on.memberId, ...values]);
    },
  };
}
