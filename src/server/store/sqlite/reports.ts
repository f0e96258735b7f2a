import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { StoredReport, Writes } from '../store.js';

// Members' reports and their resolution (domain/reports.ts, domain/moderation.ts). The
// reporter's open reports are found on reports_reporter_idx; the open reports on a post, a comment or a
// member on reports_post_idx, reports_comment_idx and reports_subject_idx.

const reportColumns = `id, reporter_id as reporterId, subject_id as subjectId, target_kind as targetKind,
  post_id as postId, comment_id as commentId, excerpt, reason, note, created_at as createdAt,
  resolved_at as resolvedAt, resolved_by as resolvedBy, resolution`;

const resolution = 'resolved_at = :at, resolved_by = :by, resolution = :action';

type Text = { authorId: string; text: string };
type Resolve = { at: number; by: string | null; action: string };

const statements = preparedOnce((db: Db) => ({
  postText: db.$client.prepare<{ postId: string }, Text>(
    'select author_id as authorId, content as text from posts where id = :postId',
  ),
  commentText: db.$client.prepare<{ postId: string; commentId: string }, Text>(
    'select author_id as authorId, text from comments where id = :commentId and post_id = :postId',
  ),
  openBy: db.$client
    .prepare<Record<string, string | null>, string>(
      `select id from reports where reporter_id = :reporterId and resolved_at is null
       and target_kind = :targetKind and subject_id = :subjectId
       and post_id is :postId and comment_id is :commentId limit 1`,
    )
    .pluck(),
  insert: db.$client.prepare<Record<string, string | number | null>>(
    `insert into reports (id, reporter_id, subject_id, target_kind, post_id, comment_id, excerpt, reason, note,
     created_at) values (:id, :reporterId, :subjectId, :targetKind, :postId, :commentId, :excerpt, :reason,
     :note, :createdAt)`,
  ),
  find: db.$client.prepare<{ id: string }, StoredReport>(
    `select ${reportColumns} from reports where id = :id`,
  ),
  resolve: db.$client.prepare<Resolve & { id: string }>(`update reports set ${resolution} where id = :id`),
  resolveOnPost: db.$client.prepare<Resolve & { id: string }>(
    `update reports set ${resolution} where post_id = :id and resolved_at is null`,
  ),
  resolveOnComment: db.$client.prepare<Resolve & { id: string }>(
    `update reports set ${resolution} where comment_id = :id and resolved_at is null`,
  ),
  resolveOnMember: db.$client.prepare<Resolve & { id: string }>(
    `update reports set ${resolution}
     where subject_id = :id and target_kind = 'member' and resolved_at is null`,
  ),
}));

export function reportWrites(db: Db): Writes['reports'] {
  return {
    postText: async (postId) => statements(db).postText.get({ postId }),
    commentText: async (postId, commentId) => statements(db).commentText.get({ postId, commentId }),
    openBy: async (reporterId, { targetKind, subjectId, postId, commentId }) =>
      statements(db).openBy.get({ reporterId, targetKind, subjectId, postId, commentId }),
    insert: async (row) => void statements(db).insert.run(row),
    lock: async (id) => statements(db).find.get({ id }),
    resolve: async (id, { at, by, action }) => void statements(db).resolve.run({ id, at, by, action }),
    async resolveOpen(on, { at, by, action }) {
      const s = statements(db);
      if ('postId' in on) s.resolveOnPost.run({ id: on.postId, at, by, action });
      else if ('commentId' in on) s.resolveOnComment.run({ id: on.commentId, at, by, action });
      else s.resolveOnMember.run({ id: on.memberId, at, by, action });
    },
  };
}
