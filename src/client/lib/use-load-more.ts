import { useEffect, useRef } from 'react';

type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * Infinite scroll as post-list.tsx does it: the next page loads as the element this answers comes within
 * 600 px of the screen.
 */
export function useLoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: Paged) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && !isFetchingNextPage && fetchNextPage(),
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}
