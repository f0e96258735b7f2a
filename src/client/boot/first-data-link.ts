import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { session } from '../lib/session';
import type { AppRouter } from '../lib/trpc-types';
import { takeFirstData } from './first-requests';

/**
 * Answers the first screen's queries from the requests the boot script started (start-first-data.ts)
 * instead of asking again. A preload that failed or was refused goes to the next link as if it never was,
 * so the app's own request, with its error handling, runs as before.
 */
export function firstDataLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const preloaded = op.type === 'query' ? takeFirstData(op.path, op.input, session.token()) : null;
        if (!preloaded) return next(op).subscribe(observer);
        let stopped = false;
        let fallback: { unsubscribe(): void } | undefined;
        preloaded.then(
          (data) => {
            if (stopped) return;
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          () => {
            if (!stopped) fallback = next(op).subscribe(observer);
          },
        );
        return () => {
          stopped = true;
          fallback?.unsubscribe();
        };
      });
}
