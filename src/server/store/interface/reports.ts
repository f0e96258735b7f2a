// Members' reports (domain/reports.ts), resolved by moderators (domain/moderation.ts). What the queue reads
// is in moderation.ts.

export type ReportTargetKind = 'post' | 'comment' | 'member';
export type ReportResolution = 'remove' | 'limit' | 'suspend' | 'dismiss';

/** A report as stored. A removed post or comment leaves its id null (foreign keys set null). */
export type StoredReport = {
  id: string;
  reporterId: string | null;
  /** The member it is about: the author of the content, or the member reported. */
  subjectId: string;
  targetKind: ReportTargetKind;
  postId: string | null;
  commentId: string | null;
  excerpt: string;
  reason: string;
  note: string;
  createdAt: number;
  resolvedAt: number | null;
  resolvedBy: string | null;
  resolution: ReportResolution | null;
};
export type NewReport = Omit<StoredReport, 'resolvedAt' | 'resolvedBy' | 'resolution'>;

/** How a moderator resolves reports: when, who (null: the command line), with which action. */
export type Resolution = { at: number; by: string | null; action: ReportResolution };

/** Members' reports, and their resolution by moderators. */
export type ReportWrites = {
  /** A post's text and author, the post kept from deletion until the transaction ends (PostgreSQL). */
  postText(postId: string): Promise<{ authorId: string; text: string } | undefined>;
  /** The same of a comment of this post. */
  commentText(postId: string, commentId: string): Promise<{ authorId: string; text: string } | undefined>;
  /** The id of the reporter's open report on this very target, if they made one. */
  openBy(
    reporterId: string,
    target: Pick<NewReport, 'targetKind' | 'subjectId' | 'postId' | 'commentId'>,
  ): Promise<string | undefined>;
  insert(row: NewReport): Promise<void>;
  /** The report, its row locked until the transaction ends (PostgreSQL). */
  lock(id: string): Promise<StoredReport | undefined>;
  resolve(id: string, resolution: Resolution): Promise<void>;
  /**
   * Resolves the open reports on a post (and its comments), on a comment, or about a member (reports of
   * the member, not of their content).
   */
  resolveOpen(
    on: { postId: string } | { commentId: string } | { memberId: string },
    resolution: Resolution,
  ): Promise<void>;
};
