import type { ReactNode } from 'react';
import { useLoadMore } from '../../lib/use-load-more';
import { LoadFailed } from './load-failed';

type Paged = {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

/**
 * An admin list read 20 at a time: loading, failed (with "Try again"), empty, or the list (the caller's `<ul>`
 * or `<ol>`) whose next page loads as its end comes near, with "Load more" for those who do not scroll.
 */
export function PagedList(props: {
  list: Paged;
  count: number;
  /** "Loading members…" */
  loading: string;
  /** Who or what could not be loaded: "Members". */
  what: string;
  empty: string;
  /** Said below the last page: "That is everyone." */
  end: string;
  children: ReactNode;
}) {
  const { list } = props;
  const sentinel = useLoadMore(list);
  let body;
  if (list.isPending) body = <p className="card empty">{props.loading}</p>;
  else if (list.isError)
    body = <LoadFailed what={props.what} error={list.error} onRetry={() => list.refetch()} />;
  else if (props.count === 0) body = <p className="card empty">{props.empty}</p>;
  else {
    body = (
      <>
        {props.children}
        <div ref={sentinel} />
        {list.isFetchingNextPage && <p className="list-end">Loading more…</p>}
        {list.hasNextPage && !list.isFetchingNextPage && (
          <p className="list-end">
            <button type="button" className="button secondary" onClick={() => list.fetchNextPage()}>
              Load more
            </button>
          </p>
        )}
        {!list.hasNextPage && <p className="list-end">{props.end}</p>}
      </>
    );
  }
  return <div aria-busy={list.isFetching}>{body}</div>;
}
