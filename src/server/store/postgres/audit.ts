import type { Writes } from '../store.js';
import type { Queryable } from './queryable.js';
import { writeStatement } from './statement.js';

const add = writeStatement(
  'audit-add',
  `insert into audit_log (id, actor_id, actor_name, action, subject_id, subject_name, detail, reason, report_id,
     created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
);

export function auditWrites(db: Queryable): Writes['audit'] {
  return {
    async add(e) {
      await add(db, [
        e.id,
        e.actorId,
        e.actorName,
        e.action,
        e.subjectId,
        e.subjectName,
        e.detail,
        e.reason,
        e.reportId,
        e.createdAt,
      ]);
    },
  };
}
