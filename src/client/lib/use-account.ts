import { useEffect } from 'react';
import { session, useSession } from './session';
import { trpc } from './trpc';

/** How often the waiting screen asks whether a moderator has approved the account. */
const pendingPollMs = 30_000;

/**
 * The signed-in member's account (account.me): their role, for the navbar's Admin link, and their
 * state. A failure (an older server, a network drop) leaves the member as they were: active, no Admin link.
 */
export function useAccount() {
  const current = useSession();
  return trpc.account.me.useQuery(undefined, {
    enabled: current !== null,
    staleTime: 60_000,
    refetchInterval: current?.state === 'pending' ? pendingPollMs : false,
  });
}

/** Keeps the tab's account state what the server last said; a refusal (403) sets it in lib/trpc.ts. */
export function useAccountWatch() {
  const account = useAccount();
  const status = account.data?.status;
  useEffect(() => {
    if (status) session.setState(status);
  }, [status, account.dataUpdatedAt]);
  return account;
}

/** Whether the member may see the admin screens (the server checks again on every call). */
export const isStaff = (role: string | undefined) => role === 'moderator' || role === 'admin';
