import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { ReportView } from '../../../server/domain/views';
import { MemberName } from '../../components/admin/member-name';
import { ReasonDialog } from '../../components/admin/reason-dialog';
import { StatusBadge } from '../../components/admin/status-badge';
import { RelativeTime } from '../../components/relative-time';
import { reasonLabels, reportActions, reportTitle, resolutionWords, type Role } from '../../lib/admin-words';
import { postPath, profilePath } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';

type Action = ReturnType<typeof reportActions>[number];

const questions: Record<Action['action'], (report: ReportView) => string> = {
  remove: (r) =>
    `Remove this ${r.target.kind} by @${r.subject.username}? Nobody will see it again, and the report is resolved.`,
  limit: (r) =>
    `Limit @${r.subject.username}? They are hidden from Explore and Who to follow, and the report is resolved.`,
  suspend: (r) =>
    `Suspend @${r.subject.username}? They are signed out everywhere at once, cannot log in, and what they wrote is hidden. The report is resolved.`,
  dismiss: () => 'Dismiss this report? Nothing changes for the member, and the report is resolved.',
};

/** What was reported: the text as the reporter saw it, or "(removed)", and the way to the post. */
function Reported({ report }: { report: ReportView }) {
  if (report.target.kind === 'member') return null;
  const postId = report.target.postId;
  return (
    <div className="admin-reported">
      {report.contentGone && <p className="admin-gone">(removed)</p>}
      {report.excerpt && (
        <blockquote className={`admin-quote${report.contentGone ? ' gone' : ''}`} dir="auto">
          {report.excerpt}
        </blockquote>
      )}
      {!report.contentGone && postId && (
        <Link href={postPath(postId)}>
          Open the post<span className="visually-hidden"> this report is about</span>
        </Link>
      )}
    </div>
  );
}

/** One report on /admin/reports: what, about whom, by whom and why; and, while open, what to do. */
export function ReportItem({
  report,
  viewer,
  onResolved,
}: {
  report: ReportView;
  viewer: Role;
  onResolved: (report: ReportView) => void;
}) {
  const [asking, setAsking] = useState<Action | null>(null);
  const titleId = useId();
  const client = trpc.useUtils().client;
  const toast = useToast();
  const open = report.resolvedAt === null;
  const title = reportTitle(report);

  const resolve = async (action: Action, reason: string) => {
    try {
      const answer = await client.admin.resolveReport.mutate({
        reportId: report.id,
        action: action.action,
        reason,
      });
      onResolved(answer);
      toast.info(`Report resolved: ${resolutionWords[action.action]}.`);
    } catch (error) {
      toast.error(`Could not ${action.label.toLowerCase()}: ${errorMessage(error)}`);
      throw error;
    }
  };

  return (
    <li className="admin-row admin-report" tabIndex={-1}>
      <article aria-labelledby={titleId}>
        <header className="admin-report-head">
          <h3 id={titleId} className="admin-report-title">
            {title}
          </h3>
          <span className="admin-reason">{reasonLabels[report.reason]}</span>
        </header>
        <Reported report={report} />
        <div className="admin-about">
          <span className="admin-fact-name">About</span>
          <MemberName person={report.subject} size={32} />
          <StatusBadge status={report.subject.status} />
        </div>
        {report.note && (
          <p className="admin-note">
            <span className="admin-fact-name">Note</span> {report.note}
          </p>
        )}
        <p className="admin-meta muted">
          Reported by{' '}
          {report.reporter ? (
            <Link href={profilePath(report.reporter.username)}>@{report.reporter.username}</Link>
          ) : (
            'a deleted account'
          )}{' '}
          <RelativeTime iso={report.createdAt} />
        </p>
        {open ? (
          <div className="admin-actions">
            {reportActions(viewer, report).map((action) => (
              <button
                key={action.action}
                type="button"
                className={`button small${action.action === 'dismiss' ? ' secondary' : ''}`}
                aria-describedby={titleId}
                onClick={() => setAsking(action)}
              >
                {action.label}
              </button>
            ))}
          </div>
        ) : (
          <p className="admin-resolution">
            Resolved by {report.resolvedBy ? `@${report.resolvedBy.username}` : 'a deleted account'}
            {report.resolution && `: ${resolutionWords[report.resolution]}`},{' '}
            {report.resolvedAt && <RelativeTime iso={report.resolvedAt} />}
          </p>
        )}
      </article>
      {asking && (
        <ReasonDialog
          title={asking.label}
          message={questions[asking.action](report)}
          confirmLabel={asking.label}
          danger={asking.action !== 'dismiss'}
          onConfirm={(reason) => resolve(asking, reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </li>
  );
}
