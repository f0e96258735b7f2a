import type { FastifyBaseLogger } from 'fastify';
import {
  drawFirstScreen,
  firstRequests,
  type FirstAnswer,
  type FirstRequest,
} from '../client/ssr/draw-first-screen.js';
import { createContext, type ContextDeps } from './trpc/context.js';
import { appRouter } from './trpc/root.js';

// A page's first screen drawn by the server (docs/performance.md, "First post on screen"): the posts of
// home, explore, a profile or a post are in the HTML, so they show as soon as the page and its styles have
// come, well before the bundle has loaded and run. The data is read through the same tRPC procedures, with
// the same inputs, as the page's own hooks ask for (client/boot/first-requests.ts), and the page carries
// it, so the app starts with it and asks for nothing again.

/** How long a page waits for its first screen: past it, the page goes out bare and the app asks itself. */
export const drawTimeoutMs = 300;

/** What the server adds to a page it drew: the screen inside #root, and the answers it was drawn from. */
export type DrawnScreen = {
  /** The member it was drawn for (client/boot/check-drawn-page.ts compares it with the tab's). */
  drawnFor: string;
  html: string;
  answers: FirstAnswer[];
};

export type FirstScreenDeps = ContextDeps & { log: FastifyBaseLogger };

type Procedure = (input: unknown) => Promise<unknown>;
type Caller = Record<string, Record<string, Procedure | undefined> | undefined>;

/** Reads the page's session cookie (client/lib/session.ts mirrors the tab's token into it). */
export function pageToken(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'realm_page' && value.length > 0) return value.join('=') || undefined;
  }
  return undefined;
}

/**
 * The first screen of `path` drawn for the cookie's member, or null when there is none to draw: no member (no
 * cookie, a token that no longer works), a path with no posts on its first screen, a refusal (a post that is
 * gone or hidden from the member), a slow database or a failure. A null page is sent bare and the app draws it as it always
 * did, so nothing a member can see depends on this.
 */
export async function drawScreen(
  deps: FirstScreenDeps,
  path: string,
  cookieHeader: string | undefined,
): Promise<DrawnScreen | null> {
  const requests = firstRequests(path);
  if (requests.length === 0) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), drawTimeoutMs);
  });
  try {
    return await Promise.race([draw(deps, path, pageToken(cookieHeader), requests), late]);
  } catch (error) {
    deps.log.warn({ err: error, path }, 'drawing the first screen failed; the page goes out bare');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

async function draw(
  deps: FirstScreenDeps,
  path: string,
  token: string | undefined,
  requests: FirstRequest[],
): Promise<DrawnScreen | null> {
  const caller = appRouter.createCaller(createContext(deps, { authorization: token }));
  // A token that no longer works draws nothing: the app finds out and signs the tab out, as ever.
  const me = token ? await caller.users.me().catch(() => null) : null;
  // Members only. What a page's HTML tells a stranger (a visitor, a crawler, a link unfurler) is decided by
  // the link preview's rule alone (page-meta.ts): a page travels further than the app's screens.
  if (!me) return null;
  const procedures = caller as unknown as Caller;
  const read = async (request: FirstRequest): Promise<FirstAnswer | null> => {
    const [router, name] = request.path.split('.');
    const data = await procedures[router!]?.[name!]?.(request.input).catch(() => undefined);
    // As the wire carries it (JSON), so the page draws what the app would.
    return data === undefined ? null : { ...request, data: JSON.parse(JSON.stringify(data)) as unknown };
  };
  const answers = await Promise.all(requests.map(read));
  if (answers.some((answer) => answer === null)) return null;
  // The session the screen is drawn as; its token is never needed to draw, so it is never in the page.
  const drawnAs = { token: '', user: JSON.parse(JSON.stringify(me)) as typeof me, state: 'active' as const };
  return {
    drawnFor: String(me.id),
    html: drawFirstScreen(path, drawnAs, answers as FirstAnswer[]),
    answers: answers as FirstAnswer[],
  };
}
