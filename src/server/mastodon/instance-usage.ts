import type { InstanceUsage, Store } from '../store/store.js';

const day = 24 * 60 * 60 * 1000;
/** How long the counts are kept: NodeInfo crawlers and apps ask often, the numbers move slowly. */
const keptMs = 10 * 60 * 1000;

/**
 * The instance's counts (members, posts, members who posted in the last 30 and 180 days), read at most once
 * per 10 minutes per process: counting every post is a scan of posts_created_idx, cheap once, not on every
 * app's start. One reader per app (passed in, no module state), so each test's app counts its own database.
 */
export function usageReader(store: Store, clock: () => number = Date.now) {
  let kept: { at: number; usage: Promise<InstanceUsage> } | undefined;
  return (): Promise<InstanceUsage> => {
    const at = clock();
    if (!kept || at - kept.at > keptMs) {
      const usage = store.read.instance.usage([at - 30 * day, at - 180 * day]);
      kept = { at, usage };
      // A failed read is not kept: the next request tries again.
      usage.catch(() => {
        if (kept?.usage === usage) kept = undefined;
      });
    }
    return kept.usage;
  };
}

export type UsageReader = ReturnType<typeof usageReader>;
