import { isSea } from 'node:sea';
import { getHeapStatistics } from 'node:v8';

// docs/configuration.md, "Memory": REALM_MEMORY_BUDGET is what the whole server (all its processes) may take,
// in MB. Each serving process gets an equal share, and the share bounds what grows with load: V8's heap (its
// young generation, where each request's garbage lives, and its old generation), SQLite's page cache, the
// kept legacy list answers and the pictures being decoded (media/work-limit.ts). What is left of a share is Node itself (its code and libraries, ~60 MB) and
// the requests in flight. docs/decisions/0014-a-memory-budget.md says why these parts and these fractions.

/** Without REALM_MEMORY_BUDGET, each serving process may take this much. */
export const defaultMbPerProcess = 256;
/** Below this a process spends its time collecting garbage, or stops when the old generation fills. */
export const minimumMbPerProcess = 128;

export type MemoryPlan = {
  /** The budget's share of one serving process, in MB. */
  mbPerProcess: number;
  /** SQLite's page cache of the process's connection, in KiB (PRAGMA cache_size). */
  sqliteCacheKib: number;
  /** The kept legacy list answers of the process (rest/list-cache.ts), in bytes. */
  listCacheBytes: number;
  /** V8's heap: each of the young generation's two halves, and the old generation, in MB. */
  heap: { semiSpaceMb: number; oldSpaceMb: number };
  /** What the pictures being processed at once may take to decode, in bytes, all together. */
  picturesBytes: number;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(value)));

/** How a budget of `budgetMb` for the whole server splits over `processes` serving processes. */
export function memoryPlan(budgetMb: number, processes: number): MemoryPlan {
  const share = budgetMb / processes;
  return {
    mbPerProcess: Math.floor(share),
    // An eighth, 32 MB at the default share: the page cache is what keeps many members' home feeds off the
    // disk, and past 64 MB the bench on a million posts gained nothing.
    sqliteCacheKib: clamp(share / 8, 2, 64) * 1024,
    listCacheBytes: clamp(share / 16, 1, 64) * 1024 * 1024,
    heap: {
      // An eighth, 32 MB halves at the default share. Node 24 grows them to 64 MB under load, 96 MB more per
      // process for no measured gain; 16 MB (Node 22's default) cost /healthz 18% and a few pages 5 to 8% of
      // their throughput under the bench. V8 rounds a half up to a power of two, so the plan picks one first, rounding down.
      semiSpaceMb: 2 ** clamp(Math.log2(share / 8), 2, 5),
      oldSpaceMb: clamp(share * 0.5, 48, 1 << 20),
    },
    // A quarter, 64 MB at the default share: one picture of up to 16 megapixels decoded whole at a time (a
    // progressive JPEG, an interlaced PNG, a GIF, a HEIF), 8 at the smallest share. Unbounded, two
    // 40-megapixel progressive JPEGs of 235 KB took a process from 238 to 492 MB (docs/pictures.md).
    picturesBytes: clamp(share / 4, 32, 1 << 20) * 1024 * 1024,
  };
}

/** The V8 options that give a process the plan's heap: for NODE_OPTIONS, where every Node takes them. */
export const heapOptions = ({ heap }: MemoryPlan) =>
  `--max-semi-space-size=${heap.semiSpaceMb} --max-old-space-size=${heap.oldSpaceMb}`;

/** Whoever started the process chose its heap: their options stand. */
const heapChosenAlready = (env: NodeJS.ProcessEnv) =>
  [...process.execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((option) =>
    /^--max-(old|semi)-space-size\b/.test(option),
  );

/**
 * The environment that starts a Node process with the plan's heap (a cluster worker, or this one again).
 * glibc's allocator is told to keep two arenas rather than eight a core (unless someone chose): libvips'
 * threads free what a picture took into arenas the process keeps, and under a 128 MB budget two progressive
 * JPEGs of 8 megapixels took a process at rest at 190 MB to 228 against 231 to 302 (docs/pictures.md).
 */
export function withHeapOptions(plan: MemoryPlan, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (heapChosenAlready(env)) return env;
  return {
    ...env,
    NODE_OPTIONS: [env.NODE_OPTIONS, heapOptions(plan)].filter(Boolean).join(' '),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
  };
}

/**
 * A heap's limits are fixed when the process starts, so the one process that serves (REALM_WORKERS=1) starts
 * itself again, in place (execve: the same process id, the same standard streams), with the plan's heap
 * options, unless it has them or its own. Returns only if nothing was to be done.
 */
export function restartWithHeap(plan: MemoryPlan): void {
  const env = withHeapOptions(plan, process.env);
  // Node before 22.15 has no execve: the process serves with V8's own limits, the rest of the budget holds.
  if (env === process.env || typeof process.execve !== 'function') return;
  // A single executable takes no script: Node puts the binary's path where the script would be.
  const args = isSea() ? process.argv.slice(2) : [...process.execArgv, ...process.argv.slice(1)];
  process.execve(process.execPath, [process.execPath, ...args], env);
}

/**
 * What this process was given, for its start-up log: a self-hoster sees the budget at work, and whether the
 * heap took the plan's limits (V8's limit is the old generation and the young generation's three halves).
 */
export function memoryInUse({
  memoryBudgetMb,
  workers,
  memory,
}: {
  memoryBudgetMb: number;
  workers: number;
  memory: MemoryPlan;
}) {
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  return {
    memoryBudgetMb,
    processes: workers,
    heapLimitMb: mb(getHeapStatistics().heap_size_limit),
    sqliteCacheMb: memory.sqliteCacheKib / 1024,
    listCacheMb: mb(memory.listCacheBytes),
    picturesMb: mb(memory.picturesBytes),
  };
}
