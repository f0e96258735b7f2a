import { useToast } from './toast';
import { errorMessage, trpc } from './trpc';
import type { Profile } from './trpc-types';

/** "Hide boosts" / "Show boosts" on a member I follow; then the profile and my home feed are read again. */
export function useBoostsShown() {
  const utils = trpc.useUtils();
  const toast = useToast();
  const mutation = trpc.follow.setBoostsHidden.useMutation({
    onSuccess: async (_, { hidden }) => {
      toast.info(
        hidden ? 'Their boosts are hidden from your home feed' : 'Their boosts show in your home feed',
      );
      await Promise.all([utils.users.invalidate(), utils.posts.feed.invalidate()]);
    },
    onError: (error, { hidden }) =>
      toast.error(`Could not ${hidden ? 'hide' : 'show'} the boosts: ${errorMessage(error)}`),
  });
  return { set: (profile: Profile, hidden: boolean) => mutation.mutate({ userId: profile.id, hidden }) };
}
