import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { PostCard } from './trpc-types';

type Page = { items: PostCard[]; nextCursor: string | null };

const isCard = (data: unknown): data is PostCard =>
  !!data && typeof data === 'object' && 'latestComments' in data && 'likedByMe' in data;
const isPages = (data: unknown): data is InfiniteData<Page> =>
  !!data && typeof data === 'object' && 'pages' in data && Array.isArray((data as InfiniteData<Page>).pages);

/** Applies `change` to one post wherever a query holds it: every feed, profile, bookmark list or single post. */
function mapPosts(data: unknown, change: (post: PostCard) => PostCard | null): unknown {
  if (isCard(data)) return change(data) ?? data;
  if (isPages(data)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.flatMap((post) => {
          const next = change(post);
          return next ? [next] : [];
        }),
      })),
    };
  }
  return data;
}

function patchAll(client: QueryClient, postId: string, change: (post: PostCard) => PostCard | null) {
  client.setQueriesData({ queryKey: [] }, (data: unknown) =>
    mapPosts(data, (post) => (post.id === postId ? change(post) : post)),
  );
}

export const postCache = {
  update: (client: QueryClient, postId: string, patch: (post: PostCard) => Partial<PostCard>) =>
    patchAll(client, postId, (post) => ({ ...post, ...patch(post) })),
  /**
   * The server's answer replaces the card everywhere it is shown; each keeps whose boost brought it to its
   * list (a write's card is nobody's boost).
   */
  replace: (client: QueryClient, card: PostCard) =>
    patchAll(client, card.id, (post) => ({ ...card, boostedBy: post.boostedBy })),
  remove: (client: QueryClient, postId: string) => patchAll(client, postId, () => null),
};
