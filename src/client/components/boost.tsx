import { Link } from 'wouter';
import { formatCount, wordFor } from '../lib/count-words';
import { displayName } from '../lib/notification-text';
import { profilePath } from '../lib/paths';
import type { PostCard } from '../lib/trpc-types';
import { useBoostToggle } from '../lib/use-boost';
import { BoostIcon } from './icons';
import { SignInLink } from './sign-in-link';

/** "Ana Lima boosted" above a card that a boost brought to my home feed, linking to the booster. */
export function BoostedBy({ post }: { post: PostCard }) {
  if (!post.boostedBy) return null;
  return (
    <p className="boosted-by muted">
      <BoostIcon />
      <Link href={profilePath(post.boostedBy.username)} dir="auto">
        {displayName(post.boostedBy)} boosted
      </Link>
    </p>
  );
}

/**
 * Boost and undo, with the count: at once on screen, rolled back with a message when the server refuses (as
 * the like button). One's own post has nothing to boost: the count shows alone.
 */
export function BoostButton({ post, signedIn, mine }: { post: PostCard; signedIn: boolean; mine: boolean }) {
  const toggle = useBoostToggle();
  const count = (
    <span className="count" data-testid="boost-count">
      {formatCount(post.boostCount)}
      <span className="visually-hidden"> {wordFor(post.boostCount, 'boost', 'boosts')}</span>
    </span>
  );
  return (
    <span className={`action-group boost${post.boosted ? ' active' : ''}`}>
      {!signedIn ? (
        <SignInLink className="action" label="Sign in to boost this post">
          <BoostIcon />
        </SignInLink>
      ) : mine ? (
        <span className="action static" aria-hidden="true">
          <BoostIcon />
        </span>
      ) : (
        <button
          type="button"
          className="action"
          aria-label={post.boosted ? 'Undo boost' : 'Boost'}
          aria-pressed={post.boosted}
          onClick={() => toggle(post)}
        >
          <BoostIcon />
        </button>
      )}
      {count}
    </span>
  );
}
