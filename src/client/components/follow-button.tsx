import { session } from '../lib/session';
import { useToast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';

/** Follow or Unfollow (spec section 4): afterwards the feeds, suggestions and profiles are fetched again. */
export function FollowButton({
  userId,
  following,
  username,
}: {
  userId: string;
  following: boolean;
  username: string;
}) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const options = {
    onSuccess: async () => {
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
