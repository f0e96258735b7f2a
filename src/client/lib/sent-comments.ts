import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ThreadComment } from './comment-thread';

// The comments I sent on a post's page while its thread's end was not loaded yet (comments run oldest first,
// 20 at a time, so a new one belongs past what is loaded). They are kept beside the thread's pages, in the
// query cache so an edit, a vote or a delete changes them as it changes the pages, and shown under the
// comment box (lib/comment-thread.ts `waitingComments`) until the page that holds them arrives.

const key = (postId: string) => ['realm', 'sent-comments', postId] as const;

export const sentComments = {
  add: (client: QueryClient, postId: string, comment: ThreadComment) =>
    client.setQueryData<ThreadComment[]>(key(postId), (list = []) => [...list, comment]),
  change: (
    client: QueryClient,
    postId: string,
    commentId: string,
    change: (comment: ThreadComment) => ThreadComment | null,
  ) =>
    client.setQueryData<ThreadComment[]>(key(postId), (list) =>
      list?.flatMap((comment) => {
        if (comment.id !== commentId) return [comment];
        const next = change(comment);
        return next ? [next] : [];
      }),
    ),
};

const none: ThreadComment[] = [];

/** The comments I sent on this post's page that wait after what is loaded. */
export function useSentComments(postId: string): ThreadComment[] {
  return (
    useQuery({
      queryKey: key(postId),
      queryFn: () => none,
      enabled: false,
      staleTime: Infinity,
    }).data ?? none
  );
}
