import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvent } from './live';
import { postsAbove, unseen } from './new-posts';
import { trpc } from './trpc';
import type { PostCard } from './trpc-types';

/**
 * The posts that came to my Latest feed since it was shown, without putting them in it (that would
 * move what I am reading). They are known from `post` events, and after each (re)connection of the live
 * stream from a fresh first page read in the background: what a dropped stream missed. My own posts are not
 * counted from events: the composer puts them on screen at once.
 */
export function useNewPosts({ shown, active, meId }: { shown: PostCard[]; active: boolean; meId: string }) {
  const utils = trpc.useUtils();
  const [known, setKnown] = useState<ReadonlySet<string>>(() => new Set());
  const add = useCallback(
    (ids: string[]) =>
      setKnown((before) => (ids.every((id) => before.has(id)) ? before : new Set([...before, ...ids]))),
    [],
  );
  const latest = useRef({ shown, active });
  useEffect(() => {
    latest.current = { shown, active };
  });

  useLiveEvent('post', ({ postId, authorId }) => {
    if (authorId !== meId) add([postId]);
  });
  useLiveEvent('counts', (change) => {
    if (!('deleted' in change) || !known.has(change.postId)) return;
    setKnown((before) => new Set([...before].filter((id) => id !== change.postId)));
  });
  // `active`: the Latest feed is on screen, loaded (while it loads, it reads whatever the stream missed).
  const catchUp = () => {
    if (!latest.current.active) return;
    utils.client.posts.feed.query({ mode: 'latest' }).then(
      (page) => add(postsAbove(page.items, latest.current.shown[0])),
      () => undefined, // The next event or reconnection tries again.
    );
  };
  useLiveEvent('hello', catchUp);
  useLiveEvent('resync', catchUp);

  return {
    count: active ? unseen(known, shown) : 0,
    forget: useCallback(() => setKnown(new Set()), []),
  };
}
