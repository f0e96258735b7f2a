import { useEffect, useRef, useState } from 'react';
import { Composer } from '../components/composer';
import { NewPostsButton } from '../components/new-posts-button';
import { PostList } from '../components/post-list';
import { WhoToFollow } from '../components/who-to-follow';
import { itemsOfPages } from '../lib/pages';
import { useMe } from '../lib/session';
import { trpc } from '../lib/trpc';
import { useNewPosts } from '../lib/use-new-posts';

type Mode = 'latest' | 'trending';
const modes: { value: Mode; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Trending' },
];

/** Spec section 2 "Home": composer, Latest/Trending, my feed, and "Who to follow" beside it on wide screens. */
export function HomePage() {
  const me = useMe();
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<Mode>('latest');
  // New posts wait behind "N new posts" (use-new-posts.ts): a reconnection must not put them in the list.
  const feed = trpc.posts.feed.useInfiniteQuery(
    { mode },
    { getNextPageParam: (page) => page.nextCursor, refetchOnReconnect: false },
  );
  const shown = itemsOfPages(feed.data?.pages ?? []);
  const latestShown = mode === 'latest' && feed.data !== undefined;
  const newPosts = useNewPosts({ shown, active: latestShown, meId: me.id });
  const feedTop = useRef<HTMLDivElement>(null);
  // On phones "Who to follow" shows only with an empty feed. Once shown it stays for this visit, so that
  // whom the member follows from it stays there, marked Following, when their posts fill the feed.
  const feedEmpty = feed.data !== undefined && shown.length === 0;
  const [suggesting, setSuggesting] = useState(false);
  useEffect(() => {
    if (feedEmpty) setSuggesting(true);
  }, [feedEmpty]);

  /** From the top again: the first page, read afresh, in place of the pages loaded so far. */
  const showNewPosts = async () => {
    newPosts.forget();
    utils.posts.feed.setInfiniteData({ mode: 'latest' }, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    window.scrollTo({ top: 0 });
    feedTop.current?.focus({ preventScroll: true });
    await feed.refetch();
  };

  return (
    <div className="with-aside">
      <div className="column">
        <h1 className="visually-hidden">Home</h1>
        <Composer me={me} />
        <div className="toggle" role="group" aria-label="Sort the feed">
          {modes.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={mode === option.value}
              onClick={() => setMode(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
        {suggesting && (
          <div className="narrow-only">
            <WhoToFollow title="People to follow" />
          </div>
        )}
        <NewPostsButton count={newPosts.count} onShow={() => void showNewPosts()} />
        <div ref={feedTop} tabIndex={-1} className="feed-top">
          <PostList
            query={feed}
            label="Your feed"
            empty={
              <div className="card empty">
                <p>
                  Your feed is empty. Follow people to see their posts here, or write the first post yourself.
                </p>
              </div>
            }
          />
        </div>
      </div>
      <aside className="aside">
        <WhoToFollow />
      </aside>
    </div>
  );
}
