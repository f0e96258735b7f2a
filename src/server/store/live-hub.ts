import type { LiveEvent } from './store.js';

/**
 * The listeners of one process for the instance's live events (store.ts `subscribe`). A store hands it the
 * events of each committed write; how they reach the other processes is the engine's (its index.ts).
 */
export type LiveHub = {
  deliver(events: readonly LiveEvent[]): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
};

export function createLiveHub(): LiveHub {
  const listeners = new Set<(event: LiveEvent) => void>();
  return {
    deliver(events) {
      for (const event of events) for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
