import type { Browser } from 'playwright-core';

/** One cold load's timings, in ms from navigation start (the page's `performance.timeOrigin`). */
export type Load = {
  /** The first post card in the DOM and painted (the frame after it was added has been drawn). */
  firstPost: number;
  /** When the document's and the main module script's responses ended. */
  htmlEnd: number;
  bundleEnd: number;
  /** When the app first drew (its bundle loaded and ran), replacing the server's drawing if there was one. */
  appStart: number;
  /** When the first request for the page's data (/trpc) started, and when its answer ended (none when drawn). */
  dataStart: number;
  dataEnd: number;
  /** The page's main thread busy (tasks; of those, running JavaScript) until the first post, in ms of CPU. */
  mainThreadMs: number;
  scriptMs: number;
  /** How many /trpc requests asked for the page's first posts (0 when the page came drawn with them). */
  postRequests: number;
};

export type Session = { token: string; user: unknown };

/**
 * Runs in the page before any of its scripts: waits for the first post card (`article.post`, never a
 * skeleton) and resolves once the frame showing it has been painted: a requestAnimationFrame callback runs
 * just before that frame's paint, and a task queued from it runs after the paint. A string, so that the
 * TypeScript loader's helpers do not end up in the page.
 */
const watchFirstPost = `window.__firstPost = new Promise((resolve) => {
  let seen = false;
  const appStarted = () =>
    document.readyState !== 'loading' &&
    !document.getElementById('realm-first-screen') &&
    document.getElementById('root')?.firstChild;
  const observer = new MutationObserver(() => {
    if (!window.__appStart && appStarted()) window.__appStart = performance.now();
    if (!seen && document.querySelector('article.post')) {
      seen = true;
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    }
    if (seen && window.__appStart) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
});`;

/**
 * A cold load of `url`: a fresh context (empty cache, its own sessionStorage) holding the member's session.
 * `drawn`: with the page cookie a reloaded tab has (src/client/lib/session.ts), so the server draws the first
 * screen into the page; without it, the page comes bare and the app asks for its data once its bundle has
 * run, as before the server drew pages.
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  session: Session,
  drawn: boolean,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (drawn) await context.addCookies([{ name: 'realm_page', value: session.token, url }]);
    // The session as the web app keeps it (src/client/lib/session.ts), there before any page script runs.
    await context.addInitScript(({ token, user }) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('user', JSON.stringify(user));
    }, session);
    await context.addInitScript({ content: watchFirstPost });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'commit' });
    const { firstPost, appStart, htmlEnd } = await page.evaluate(async () => {
      const w = window as unknown as { __firstPost: Promise<number>; __appStart: number };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const firstPost = await w.__firstPost;
      // A drawn page shows its first post before the app starts: wait for that too (at most 5 s).
      for (let waited = 0; !w.__appStart && waited < 5000; waited += 10)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return { firstPost, appStart: w.__appStart, htmlEnd: nav.responseEnd };
    });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => 1000 * (metrics.find((m) => m.name === name)?.value ?? NaN);
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({
        name: e.name,
        start: e.startTime,
        end: (e as PerformanceResourceTiming).responseEnd,
      })),
    );
    const bundle = entries.find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name));
    const data = entries.find((e) => e.name.includes('/trpc/'));
    // The first page's query (an infinite query's first page says `direction`); the home feed's catch-up
    // after the live stream connects is another query (use-new-posts.ts).
    const firstPage = (name: string) =>
      /posts\.(feed|explore|byUser|byId)/.test(name) &&
      (name.includes('posts.byId') || decodeURIComponent(name).includes('"direction":"forward"'));
    return {
      firstPost,
      htmlEnd,
      appStart,
      mainThreadMs: metric('TaskDuration'),
      scriptMs: metric('ScriptDuration'),
      bundleEnd: bundle?.end ?? NaN,
      dataStart: data?.start ?? NaN,
      dataEnd: data?.end ?? NaN,
      postRequests: entries.filter((e) => e.name.includes('/trpc/') && firstPage(e.name)).length,
    };
  } finally {
    await context.close();
  }
}

/** The median and the 90th percentile (nearest rank) of some figures. */
export function summary(values: number[]): { median: number; p90: number } {
  const sorted = [...values].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, p90: NaN };
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, p90: at(0.9) };
}
