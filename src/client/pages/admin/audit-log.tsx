import { useId } from 'react';
import { Link } from 'wouter';
import type { AuditEntryView } from '../../../server/domain/views';
import { PagedList } from '../../components/admin/paged-list';
import { RelativeTime } from '../../components/relative-time';
import { auditWords } from '../../lib/admin-words';
import { itemsOfPages } from '../../lib/pages';
import { profilePath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';

/** "(command line)" is `realm admin`, not a member: it gets no link. */
function Who({ name }: { name: string }) {
  if (name === '(command line)') return <strong>The command line</strong>;
  return (
    <Link href={profilePath(name)} className="admin-who">
      {name}
    </Link>
  );
}

function Entry({ entry }: { entry: AuditEntryView }) {
  const words = auditWords(entry);
  const quoted = entry.action === 'remove-post' || entry.action === 'remove-comment';
  return (
    <li className="admin-row admin-entry">
      <p className="admin-entry-line">
        <Who name={entry.actor} /> {words.verb}
        {words.subject && (
          <>
            {' '}
            <Who name={words.subject} />
          </>
        )}
        {words.after}
      </p>
      {words.showDetail &&
        (quoted ? (
          <blockquote className="admin-quote">{entry.detail}</blockquote>
        ) : (
          <p className="admin-detail">{entry.detail}</p>
        ))}
      {entry.reason && (
        <p className="admin-note">
          <span className="admin-fact-name">Reason</span> {entry.reason}
        </p>
      )}
      <p className="admin-meta muted">
        <RelativeTime iso={entry.createdAt} />
        {entry.reportId && ' · from a report'}
      </p>
    </li>
  );
}

/** /admin/log: every moderation and administration action, newest first, 20 at a time. */
export function AuditLog() {
  const list = trpc.admin.log.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const titleId = useId();
  const entries = itemsOfPages(list.data?.pages ?? []);

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-section-title">
        Audit log
      </h2>
      <p className="hint admin-intro">Who did what, to whom, when and why.</p>
      <PagedList
        list={list}
        count={entries.length}
        loading="Loading the log…"
        what="The log"
        empty="Nothing has been done yet."
        end="The log begins here."
      >
        <ol className="admin-list" aria-label="Audit log, newest first">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      </PagedList>
    </section>
  );
}
