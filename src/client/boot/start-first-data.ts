import { firstDataGlobal, firstRequests, requestKey, requestUrl, type FirstData } from './first-requests';

/*
 * The boot script: a classic script the page runs before the bundle (built apart by vite.config.ts, served
 * from /assets, so the CSP's script-src 'self' allows it). It starts the requests of the first screen, so
 * they do not wait for the bundle to load and run. The app takes each answer once (seed-first-data.ts,
 * first-data-link.ts); anything else it fetches as it always did.
 */

/** The session as src/client/lib/session.ts keeps it: only an active member's screens have posts to show. */
function activeToken(): string | null {
  try {
    const token = sessionStorage.getItem('token');
    const user = sessionStorage.getItem('user');
    const state = sessionStorage.getItem('accountState');
    if (!token || !user || (state && state !== 'active')) return null;
    JSON.parse(user);
    return token;
  } catch {
    return null;
  }
}

function start() {
  const token = activeToken();
  if (!token) return;
  const started = firstRequests(location.pathname).map((request) => {
    const entry: FirstData = {
      ...request,
      key: requestKey(request.path, request.input),
      token,
      startedAt: performance.now(),
      // Only a whole, successful answer is of use: anything else is refused, and the app asks again.
      data: fetch(requestUrl(request), { headers: { authorization: token } })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
        .then((body: { result?: { data?: unknown } }) =>
          body.result && 'data' in body.result ? body.result.data : Promise.reject(new Error('no data')),
        ),
    };
    // Kept as it comes, so an app that starts after it can draw it in its first render. (The second
    // callback also keeps a refusal nobody takes from showing as an unhandled rejection.)
    entry.data.then(
      (data) => (entry.answer = { data }),
      () => undefined,
    );
    return entry;
  });
  (globalThis as unknown as Record<string, FirstData[]>)[firstDataGlobal] = started;
}

start();
