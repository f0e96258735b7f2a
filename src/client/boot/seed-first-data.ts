import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, type CreateTRPCClient } from '@trpc/react-query';
import type { AppRouter } from '../lib/trpc-types';
import { takeAnswered } from './first-requests';

type Utils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
type Input = Record<string, unknown>;

/** Puts an answer where the page's own hook reads it: an infinite query's first page, or a query's data. */
const seeders: Record<string, (utils: Utils, input: Input, data: unknown) => void> = {
  'posts.feed': (u, { direction: _, ...input }, data) =>
    u.posts.feed.setInfiniteData(input as never, { pages: [data as never], pageParams: [null] }),
  'posts.explore': (u, { direction: _, ...input }, data) =>
    u.posts.explore.setInfiniteData(input as never, { pages: [data as never], pageParams: [null] }),
  'posts.byUser': (u, { direction: _, ...input }, data) =>
    u.posts.byUser.setInfiniteData(input as never, { pages: [data as never], pageParams: [null] }),
  'comments.list': (u, { direction: _, ...input }, data) =>
    u.comments.list.setInfiniteData(input as never, { pages: [data as never], pageParams: [null] }),
  'users.byUsername': (u, input, data) => u.users.byUsername.setData(input as never, data as never),
  'posts.byId': (u, input, data) => u.posts.byId.setData(input as never, data as never),
};

/**
 * Before the app's first render: the first screen's answers that came while the bundle loaded go into the
 * query cache, so that render draws the posts at once instead of placeholders, and nothing asks again (the
 * data is fresh for the cache's stale time). Answers still on their way are taken by first-data-link.ts.
 */
export function seedFirstData(
  queryClient: QueryClient,
  client: CreateTRPCClient<AppRouter>,
  token: string | null,
): QueryClient {
  const answered = takeAnswered(token);
  if (answered.length === 0) return queryClient;
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client });
  for (const entry of answered) seeders[entry.path]?.(utils, entry.input, entry.answer.data);
  return queryClient;
}
