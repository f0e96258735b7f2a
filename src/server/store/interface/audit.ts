/** One line of the audit log as stored; names are copies, so it reads after accounts go. */
export type AuditRow = {
  id: string;
  actorId: string | null;
  actorName: string;
  action: string;
  subjectId: string | null;
  subjectName: string;
  detail: string;
  reason: string;
  reportId: string | null;
  createdAt: number;
};

export type AuditWrites = {
  add(entry: AuditRow): Promise<void>;
};
