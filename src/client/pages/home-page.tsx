import { useState } from 'react';
import { Composer } from '../components/composer';
import { PostList } from '../components/post-list';
import { WhoToFollow } from '../components/who-to-follow';
import { useMe } from '../lib/session';
import { trpc } from '../lib/trpc';

type Mode = 'latest' | 'trending';
const modes: { value: Mode; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Trending' },
];

/** Spec section 2 "Home": composer, Latest/Trending, my feed, and "Who to follow" beside it on wide screens. */
export function HomePage() {
  const me = useMe();
  const [mode, setMode] = useState<Mode>('latest');
  const feed = trpc.posts.feed.useInfiniteQuery({ mode }, { getNextPageParam: (page) => page.nextCursor });
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
        <PostList
          query={feed}
          label="Your feed"
          empty={
            <div className="card empty">
              <p>
                Your feed is empty. Follow people to see their posts here, or write the first post yourself.
              </p>
              <div className="narrow-only">
                <WhoToFollow title="People to follow" />
              </div>
            </div>
          }
        />
      </div>
      <aside className="aside">
        <WhoToFollow />
      </aside>
    </div>
  );
}
