import { useQueryClient } from '@tanstack/react-query';
import { postCache } from './post-cache';
import { useToast } from './toast';
import { errorMessage, trpc } from './trpc';
import type { PostCard } from './trpc-types';

/** Boost or undo at once on screen; the server's card replaces it, or the card as it was comes back. */
export function useBoostToggle() {
  const client = useQueryClient();
  const toast = useToast();
  const boost = trpc.posts.boost.useMutation();
  const unboost = trpc.posts.unboost.useMutation();
  return (post: PostCard) => {
    const undo = post.boosted;
    const patch = { boosted: !undo, boostCount: post.boostCount + (undo ? -1 : 1) };
    postCache.update(client, post.id, () => patch);
    (undo ? unboost : boost).mutate(
      { postId: post.id },
      {
        onSuccess: (card) => postCache.replace(client, card),
        onError: (error) => {
          postCache.replace(client, post);
          toast.error(
            `${undo ? 'Could not undo the boost' : 'Could not boost the post'}: ${errorMessage(error)}`,
          );
        },
      },
    );
  };
}
