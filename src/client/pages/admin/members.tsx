import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { AdminMemberView } from '../../../server/domain/views';
import { PagedList } from '../../components/admin/paged-list';
import { statusLabels, type MemberStatus, type Role } from '../../lib/admin-words';
import { itemsOfPages } from '../../lib/pages';
import { trpc } from '../../lib/trpc';
import { MemberRow } from './member-row';

const statuses = Object.keys(statusLabels) as MemberStatus[];

/** The value as it was `delay` ms ago without change: a search waits for the typing to pause. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** /admin: every member, searched by the start of their username and filtered by state, 20 at a time. */
export function Members({ viewer }: { viewer: Role }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MemberStatus | ''>('');
  const query = useDebounced(search.trim(), 300);
  const input = { query, status: status || undefined };
  const list = trpc.admin.members.useInfiniteQuery(input, {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
  const utils = trpc.useUtils();
  const searchId = useId();
  const statusId = useId();
  const members = itemsOfPages(list.data?.pages ?? []);

  /**
   * The server's answer replaces the row in what is on screen: this search's answer or, while it loads, the
   * previous one's. A read still on its way was sent before the action: it is dropped and read again, not
   * shown over it. Otherwise the lists are read again only when next shown.
   */
  const updated = async (member: AdminMemberView) => {
    const readBefore = list.isFetching;
    const shown = list.data;
    if (readBefore) await utils.admin.members.cancel(input);
    utils.admin.members.setInfiniteData(input, (data) =>
      shown
        ? {
            // The kept page params as they are: tRPC's setter types them without the first page's undefined.
            pageParams: shown.pageParams as NonNullable<typeof data>['pageParams'],
            pages: shown.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === member.id ? member : item)),
            })),
          }
        : data,
    );
    void utils.admin.members.invalidate(undefined, { refetchType: 'none' });
    if (readBefore) void utils.admin.members.refetch(input);
    void utils.admin.reports.invalidate();
    void utils.admin.log.invalidate();
  };

  return (
    <section aria-labelledby={`${searchId}-title`}>
      <h2 id={`${searchId}-title`} className="admin-section-title">
        Members
      </h2>
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-filter admin-filter-grow">
          <label htmlFor={searchId}>Search by username</label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            placeholder="Start of a username"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="admin-filter">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as MemberStatus | '')}
          >
            <option value="">All</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <PagedList
        list={list}
        count={members.length}
        loading="Loading members…"
        what="Members"
        empty={query || status ? 'No member matches.' : 'No members yet.'}
        end="That is everyone."
      >
        <ul className="admin-list" aria-label="Members">
          {members.map((member) => (
            <MemberRow key={member.id} member={member} viewer={viewer} onUpdated={updated} />
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
