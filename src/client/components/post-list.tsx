import type { ReactNode } from 'react';
import { itemsOfPages } from '../lib/pages';
import { useLoadMore } from '../lib/use-load-more';
import type { PostCard as Post } from '../lib/trpc-types';
import { PostCard } from './post-card';

type PagedQuery = {
  data?: { pages: { items: Post[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card post skeleton">
          <div className="skeleton-row">
            <span className="skeleton-circle" />
            <span className="skeleton-line short" />
          </div>
          <span className="skeleton-line" />
          <span className="skeleton-line" />
        </div>
      ))}
    </div>
  );
}

/** Pages of 20 that load as the end comes into view, with a visible end (docs/web-app.md). */
export function PostList({ query, label, empty }: { query: PagedQuery; label: string; empty: ReactNode }) {
  const sentinel = useLoadMore(query);
  const { hasNextPage, isFetchingNextPage } = query;

  if (query.isPending) {
    return (
      <section aria-label={label} aria-busy="true">
        <PostSkeletons />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section aria-label={label} className="card empty">
        <p>These posts could not be loaded.</p>
        <button type="button" className="button" onClick={() => query.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  const posts = itemsOfPages(query.data?.pages ?? []);
  if (posts.length === 0) return <section aria-label={label}>{empty}</section>;
  return (
    <section aria-label={label} aria-busy={isFetchingNextPage}>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      <div ref={sentinel} />
      {isFetchingNextPage && <PostSkeletons count={1} />}
      {!hasNextPage && <p className="list-end">You're all caught up.</p>}
    </section>
  );
}
