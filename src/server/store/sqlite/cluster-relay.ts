import cluster from 'node:cluster';
import type { LiveHub } from '../live-hub.js';
import type { LiveEvent } from '../store.js';

// SQLite with REALM_WORKERS > 1: the workers share the file but not their memory. A worker sends the events
// of each of its commits to the primary over the cluster's IPC channel; the primary forwards them to every
// other worker (cluster.ts), whose hub hands them to its listeners. One process alone: nothing to send.

type LiveMessage = { kind: 'realm-live'; events: readonly LiveEvent[] };

const isLiveMessage = (message: unknown): message is LiveMessage =>
  typeof message === 'object' && message !== null && (message as { kind?: unknown }).kind === 'realm-live';

const ignore = () => {};

export type ClusterRelay = { send(events: readonly LiveEvent[]): void; close(): void };

/** A worker's half: its commits out to the primary, the other workers' commits in to `hub`. */
export function clusterRelay(hub: LiveHub): ClusterRelay {
  if (!cluster.isWorker) return { send() {}, close() {} };
  const onMessage = (message: unknown) => {
    if (isLiveMessage(message)) hub.deliver(message.events);
  };
  process.on('message', onMessage);
  return {
    send(events) {
      if (events.length > 0 && process.connected) {
        // A primary that has gone (the server is stopping) is no reason to fail the write that committed.
        process.send!({ kind: 'realm-live', events } satisfies LiveMessage, undefined, undefined, ignore);
      }
    },
    close: () => void process.off('message', onMessage),
  };
}

/** The primary's half: what one worker committed goes to all the others. */
export function forwardLiveEventsBetweenWorkers(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isLiveMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message, undefined, ignore);
    }
  });
}
