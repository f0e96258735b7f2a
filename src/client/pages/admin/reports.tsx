import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReportView } from '../../../server/domain/views';
import { PagedList } from '../../components/admin/paged-list';
import type { Role } from '../../lib/admin-words';
import { itemsOfPages } from '../../lib/pages';
import { trpc } from '../../lib/trpc';
import { ReportItem } from './report-item';

type State = 'open' | 'resolved';
const states: { value: State; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** /admin/reports: the open reports, oldest first as the server orders them, or the resolved ones. */
export function Reports({ viewer }: { viewer: Role }) {
  const [state, setState] = useState<State>('open');
  const list = trpc.admin.reports.useInfiniteQuery(
    { state },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const utils = trpc.useUtils();
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reports = itemsOfPages(list.data?.pages ?? []);

  // Focus moves in the commit where the resolved report leaves the rendered list (a layout effect), so neither
  // the closing dialog's return of focus nor the cache's own timing can leave it on a removed element.
  const focusAfter = useRef<{ id: string; index: number } | null>(null);
  useLayoutEffect(() => {
    const pending = focusAfter.current;
    if (!pending || reports.some((item) => item.id === pending.id)) return;
    focusAfter.current = null;
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    const next = items?.[Math.min(pending.index, items.length - 1)] ?? heading.current;
    next?.focus();
  }, [reports]);

  /**
   * A resolved report leaves the open list at once; focus moves to the report that took its place (or the
   * heading when none is left). The lists, members and log are then read again: one action may settle
   * other reports about the same member.
   */
  const resolved = (report: ReportView) => {
    const index = reports.findIndex((item) => item.id === report.id);
    utils.admin.reports.setInfiniteData({ state: 'open' }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.id !== report.id),
            })),
          }
        : data,
    );
    focusAfter.current = { id: report.id, index };
    void utils.admin.reports.invalidate();
    void utils.admin.members.invalidate();
    void utils.admin.log.invalidate();
  };

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-section-title" ref={heading} tabIndex={-1}>
        Reports
      </h2>
      <div className="toggle" role="group" aria-label="Which reports">
        {states.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={state === option.value}
            onClick={() => setState(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <PagedList
        list={list}
        count={reports.length}
        loading="Loading reports…"
        what="Reports"
        empty={state === 'open' ? 'No open reports. All is quiet.' : 'No resolved reports yet.'}
        end="No more reports."
      >
        <ul
          className="admin-list"
          aria-label={state === 'open' ? 'Open reports' : 'Resolved reports'}
          ref={listRef}
        >
          {reports.map((report) => (
            <ReportItem key={report.id} report={report} viewer={viewer} onResolved={resolved} />
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
