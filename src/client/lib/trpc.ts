import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { session } from './session';
import type { AppRouter } from './trpc-types';

export const trpc = createTRPCReact<AppRouter>();

/** A 401 means the token expired or the member is gone: sign out, and the routes send them to /auth. */
function signOutOnUnauthorized(error: unknown) {
  if (error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED' && session.token()) {
    session.signOut('expired');
  }
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: signOutOnUnauthorized }),
    mutationCache: new MutationCache({ onError: signOutOnUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof TRPCClientError && (error.data?.httpStatus ?? 500) < 500) && count < 2,
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        headers: () => {
          const token = session.token();
          return token ? { authorization: token } : {};
        },
      }),
    ],
  });
}

/** The message a person can act on, from any failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
