import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { sessionEffectOf } from './account-state';
import { session } from './session';
import type { AppRouter } from './trpc-types';

export const trpc = createTRPCReact<AppRouter>();

/** The token each answer's request carried, so a refusal can be told from one meant for an older token. */
const sentTokens = new WeakMap<Response, string | null>();

function sentTokenOf(error: unknown): string | null | undefined {
  const response = error instanceof TRPCClientError ? (error.meta?.response as unknown) : undefined;
  return response instanceof Response ? sentTokens.get(response) : undefined;
}

/**
 * What any failed call says about the session. A 401 means the token stopped working (it expired, the
 * password changed, "sign out everywhere", the member is gone): sign out, and the routes send them to /auth.
 * A 403 saying the account waits for approval or is suspended puts the tab on that screen.
 */
export function handleSessionError(error: unknown) {
  const effect = sessionEffectOf(error, sentTokenOf(error), session.token());
  if (effect === 'ended') session.signOut('expired');
  else if (effect) session.setState(effect);
}

export function createQueryClient() {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: handleSessionError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        // A form that checks a password (change it, delete the account) says itself that it was wrong.
        const unauthorized = error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED';
        if (unauthorized && mutation.meta?.passwordCheck) return;
        handleSessionError(error);
      },
    }),
    defaultOptions: {
      // A member's action that cannot reach Realm fails and says so (lib/error-text.ts), rather than waiting
      // silently, as TanStack Query's default does while the browser reports it is offline.
      mutations: { networkMode: 'always' },
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof TRPCClientError && (error.data?.httpStatus ?? 500) < 500) && count < 2,
      },
    },
  });
  // Whoever signs in next in this tab starts from nothing: never a glimpse of the last member's screens,
  // nor their role (the navbar's Admin link).
  let member = session.get()?.user.id ?? null;
  session.subscribe(() => {
    const now = session.get()?.user.id ?? null;
    if (now !== null && now !== member) client.getQueryCache().clear();
    member = now ?? member;
  });
  return client;
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
        fetch: async (url, init) => {
          const token = new Headers(init?.headers as HeadersInit | undefined).get('authorization');
          const response = await fetch(url, init as RequestInit);
          sentTokens.set(response, token);
          return response;
        },
      }),
    ],
  });
}

/** Every form and toast words a failure through one module (lib/error-text.ts). */
export { errorMessage } from './error-text';
