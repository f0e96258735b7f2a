import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, type CreateTRPCClient } from '@trpc/react-query';
import type { AppRouter } from '../lib/trpc-types';
import type { FirstRequest } from './first-requests';

type Utils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
type Input = Record<string, unknown>;

/** One of the first screen's queries with its answer, as the server fetched it for the page. */
export type FirstAnswer = FirstRequest & { data: unknown };

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
 * Puts the first screen's answers into the query cache, so a render draws the posts at once instead of
 * placeholders, and nothing asks again (the data is fresh for the cache's stale time). The server does it
 * before drawing the page; the app, before its first render, with the same answers the page carries.
 */
export function seedAnswers(
  queryClient: QueryClient,
  client: CreateTRPCClient<AppRouter>,
  answers: FirstAnswer[],
): QueryClient {
  if (answers.length === 0) return queryClient;
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client });
  for (const answer of answers) seeders[answer.path]?.(utils, answer.input, answer.data);
  return queryClient;
}
