import { useEffect, useRef } from 'react';

type Paged = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** A list that offers "Try again" for a failed page passes this, so scrolling does not retry it. */
  isFetchNextPageError?: boolean;
};

/**
 * Infinite scroll (docs/web-app.md): the next page loads as the element this answers comes within 600 px
 * of the screen.
 */
export function useLoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError }: Paged) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && !isFetchingNextPage && fetchNextPage(),
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return sentinel;
}
