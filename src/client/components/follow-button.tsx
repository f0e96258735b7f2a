import { session } from '../lib/session';
import { useToast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';

/**
 * Follow or Unfollow (spec section 4): afterwards the feeds, suggestions and profiles are fetched again.
 * `onChange` hears the new state once the server agreed (who-to-follow.tsx keeps the person on screen).
 */
export function FollowButton({
  userId,
  following,
  username,
  onChange,
}: {
  userId: string;
  following: boolean;
  username: string;
  onChange?: (following: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const options = {
    onSuccess: async () => {
      onChange?.(!following);
      session.setUser(await utils.users.me.fetch());
      await Promise.all([utils.users.invalidate(), utils.posts.feed.invalidate()]);
    },
    onError: (error: unknown) =>
      toast.error(`Could not ${following ? 'unfollow' : 'follow'} @${username}: ${errorMessage(error)}`),
  };
  const follow = trpc.follow.follow.useMutation(options);
  const unfollow = trpc.follow.unfollow.useMutation(options);
  const busy = follow.isPending || unfollow.isPending;
  return (
    <button
      type="button"
      className={`button${following ? ' secondary' : ''}`}
      disabled={busy}
      aria-label={`${following ? 'Unfollow' : 'Follow'} @${username}`}
      onClick={() => (following ? unfollow : follow).mutate({ userId })}
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}
