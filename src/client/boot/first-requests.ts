/**
 * Which data the first screen of an address asks for, so that a small script can ask for it while the
 * bundle is still loading (docs/performance.md, "First post on screen"). Each request is the query the page
 * itself sends: its procedure and its input, as tRPC's React hooks send it. An infinite query adds
 * `direction: 'forward'` and, for the first page, no cursor.
 */
export type FirstRequest = { path: string; input: Record<string, unknown> };

/** The name under which the boot script leaves its requests for the app (a global: they meet nowhere else). */
export const firstDataGlobal = '__realmFirstData';

/**
 * A preloaded answer: what was asked, with which token, when, and the answer's `data` (or a failure);
 * `answer` holds the data once it has come.
 */
export type FirstData = FirstRequest & {
  key: string;
  token: string;
  startedAt: number;
  data: Promise<unknown>;
  answer?: { data: unknown };
};

const firstPage = (input: Record<string, unknown>) => ({ ...input, direction: 'forward' });

/** A route parameter as wouter hands it to the page; null when it is not valid percent-encoding. */
function param(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The requests the first screen of `pathname` makes before it can show a post (app.tsx's routes). */
export function firstRequests(pathname: string): FirstRequest[] {
  if (pathname === '/') return [{ path: 'posts.feed', input: firstPage({ mode: 'latest' }) }];
  if (pathname === '/explore') return [{ path: 'posts.explore', input: firstPage({}) }];
  const profile = /^\/profile\/([^/]+)$/.exec(pathname);
  const username = profile ? param(profile[1]!) : null;
  if (username !== null) {
    // The page asks for the posts once the profile has come; asking for both at once saves that wait.
    return [
      { path: 'users.byUsername', input: { username } },
      { path: 'posts.byUser', input: firstPage({ username }) },
    ];
  }
  const post = /^\/post\/([^/]+)$/.exec(pathname);
  const postId = post ? param(post[1]!) : null;
  if (postId !== null) {
    return [
      { path: 'posts.byId', input: { postId } },
      { path: 'comments.list', input: firstPage({ postId }) },
    ];
  }
  return [];
}

/** One key per procedure and input, whatever the order of the input's fields. */
export function requestKey(path: string, input: unknown): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
            .sort()
            .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
        )
      : value;
  return `${path}?${JSON.stringify(sorted(input ?? null))}`;
}

/** The address of one query as tRPC's link sends a query alone (GET, the input as JSON in `input`). */
export function requestUrl({ path, input }: FirstRequest): string {
  return `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** A preloaded answer is for the first screen only: one older than this is left for a fresh request. */
const freshForMs = 10_000;

/**
 * The preloaded answer for this query, taken out so it is used once: only if it was asked with the token the
 * app would send now, and lately. Null when there is none (no boot script, another screen, dev server).
 */
export function takeFirstData(path: string, input: unknown, token: string | null): Promise<unknown> | null {
  const entry = take((e) => e.key === requestKey(path, input));
  return entry && usable(entry, token) ? entry.data : null;
}

/** The preloaded answers that have already come, taken out, for the app to start with. */
export function takeAnswered(token: string | null): (FirstData & { answer: { data: unknown } })[] {
  const answered: (FirstData & { answer: { data: unknown } })[] = [];
  for (let entry = take((e) => e.answer !== undefined); entry; entry = take((e) => e.answer !== undefined))
    if (usable(entry, token)) answered.push(entry as FirstData & { answer: { data: unknown } });
  return answered;
}

const usable = (entry: FirstData, token: string | null) =>
  token !== null && entry.token === token && performance.now() - entry.startedAt < freshForMs;

function take(which: (entry: FirstData) => boolean): FirstData | undefined {
  const started = (globalThis as unknown as Record<string, FirstData[] | undefined>)[firstDataGlobal];
  const index = started ? started.findIndex(which) : -1;
  return index < 0 ? undefined : started!.splice(index, 1)[0];
}
