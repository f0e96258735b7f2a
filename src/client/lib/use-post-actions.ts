import { useQueryClient } from '@tanstack/react-query';
import { postCache } from './post-cache';
import { useToast } from './toast';
import { errorMessage, trpc } from './trpc';
import type { PostCard } from './trpc-types';

/**
 * Every write a post card offers. Likes and bookmarks change on screen at once and roll back if the server
 * refuses; each failure raises a toast that names what failed and why.
 */
export function usePostActions() {
  const client = useQueryClient();
  const utils = trpc.useUtils();
  const toast = useToast();

  /** Shows the change at once; the server's card replaces it, or the card as it was comes back on failure. */
  const optimistic = (post: PostCard, patch: Partial<PostCard>, failure: string) => {
    postCache.update(client, post.id, () => patch);
    return {
      onSuccess: (card: PostCard) => postCache.replace(client, card),
      onError: (error: unknown) => {
        postCache.replace(client, post);
        toast.error(`${failure}: ${errorMessage(error)}`);
      },
    };
  };

  const like = trpc.posts.like.useMutation();
  const dislike = trpc.posts.dislike.useMutation();
  const bookmark = trpc.bookmarks.add.useMutation();
  const unbookmark = trpc.bookmarks.remove.useMutation();
  const comment = trpc.comments.add.useMutation();
  const edit = trpc.posts.edit.useMutation();
  const remove = trpc.posts.delete.useMutation();

  return {
    /** Spec section 4: liked already means the toggle dislikes. */
    toggleLike(post: PostCard) {
      const input = { postId: post.id };
      if (post.likedByMe) {
        const patch = { likedByMe: false, dislikedByMe: true, likeCount: post.likeCount - 1 };
        dislike.mutate(input, optimistic(post, patch, 'Could not unlike the post'));
      } else {
        const patch = { likedByMe: true, dislikedByMe: false, likeCount: post.likeCount + 1 };
        like.mutate(input, optimistic(post, patch, 'Could not like the post'));
      }
    },
    toggleBookmark(post: PostCard) {
      const input = { postId: post.id };
      const settle = { onSettled: () => utils.bookmarks.list.invalidate() };
      if (post.bookmarkedByMe) {
        const handlers = optimistic(post, { bookmarkedByMe: false }, 'Could not remove the bookmark');
        unbookmark.mutate(input, { ...handlers, ...settle });
      } else {
        const handlers = optimistic(post, { bookmarkedByMe: true }, 'Could not bookmark the post');
        bookmark.mutate(input, { ...handlers, ...settle });
      }
    },
    addComment: (postId: string, text: string) =>
      comment.mutateAsync({ postId, text }).then(
        (card) => postCache.replace(client, card),
        (error: unknown) => {
          toast.error(`Could not add the comment: ${errorMessage(error)}`);
          throw error;
        },
      ),
    /** `media` (the pictures in order, with their alt text) only when the edit is about them too. */
    editPost: (postId: string, content: string, media?: { id: string; alt: string }[]) =>
      edit.mutateAsync(media ? { postId, content, media } : { postId, content }).then(
        (card) => postCache.replace(client, card),
        (error: unknown) => {
          toast.error(`Could not save the post: ${errorMessage(error)}`);
          throw error;
        },
      ),
    /** Resolves true once the post is gone, so its own page can leave. */
    deletePost: (postId: string) =>
      remove.mutateAsync({ postId }).then(
        () => {
          postCache.remove(client, postId);
          void utils.users.invalidate();
          toast.info('Post deleted');
          return true;
        },
        (error: unknown) => {
          toast.error(`Could not delete the post: ${errorMessage(error)}`);
          return false;
        },
      ),
  };
}
