import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tryLater } from './domain/errors.js';
import { tokenFromHeader, type TokenKeys } from './domain/tokens.js';
import { workSlots } from './domain/work-slots.js';
import { isApiPath, isUploadPath } from './http-errors.js';
import { loopTurns } from './loop-turns.js';

/**
 * Who is asking: the member whose valid token came along (a web session's, or an app's through the Mastodon
 * client API: `appTokenMember`), else the client's address (behind a trusted proxy, from X-Forwarded-For).
 * Worked out once per request, for the fair share and the rate limit alike. A token that is neither counts
 * against the address, so sending made-up tokens gains no fresh allowance.
 */
export function clientKeys(
  keys: TokenKeys,
  appTokenMember: (token: string) => Promise<string | null> = async () => null,
) {
  const known = new WeakMap<FastifyRequest, Promise<string>>();
  const memberOf = async (token: string) => {
    const claims = await keys.verify(token).catch(() => null);
    if (claims) return claims._id;
    // A session token is a JWT (three dotted parts); an app's is one random string.
    return token.includes('.') ? null : appTokenMember(token).catch(() => null);
  };
  const keyOf = async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    const member = token ? await memberOf(token) : null;
    return member ? `member:${member}` : `address:${request.ip}`;
  };
  return (request: FastifyRequest): Promise<string> => {
    let key = known.get(request);
    if (!key) {
      key = keyOf(request);
      known.set(request, key);
    }
    return key;
  };
}

/**
 * Requests of one client answered at once. The web client sends a few at a time (tRPC batches its calls);
 * eight at once still let one client's long reads hold the worker's every turn (feed p99 ~80 ms under the
 * load test, ~50 ms with four).
 */
export const requestsAtOncePerClient = 4;

/**
 * Each client has at most `requestsAtOncePerClient` requests to /api and /trpc, uploads (POST /media)
 * included, being answered at once; up to 64 more wait their turn, in order, costing nothing meanwhile, for
 * up to 400 ms, and the rest get 503 with Retry-After. In the load test (`npm run bench:hardening`), one
 * client keeping 32 long reads in flight had the worker take up all 32 in every turn of its event loop, and
 * a member's feed request waited behind them all (p50 ~90 ms against ~7 ms alone). Counted in each process,
 * like the general rate limit.
 */
export function shareFairly(
  app: FastifyInstance,
  keyOf: (request: FastifyRequest) => Promise<string>,
  /** Requests that open a stream: they last as long as it does, and count against the streams' own cap. */
  opensStream: (url: string) => boolean,
) {
  const clients = new Map<string, ReturnType<typeof workSlots>>();
  // Within their places, requests start one a turn of the event loop (loop-turns.ts).
  const turns = loopTurns();
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) && !isUploadPath(request.url)) return;
    if (opensStream(request.url)) return;
    const key = await keyOf(request);
    let client = clients.get(key);
    if (!client) {
      client = workSlots({ running: requestsAtOncePerClient, waiting: 64, waitMs: 400, busy });
      clients.set(key, client);
    }
    const release = await client.acquire();
    // 'close' comes once, when the answer is sent or the connection is gone, whatever happened on the way.
    reply.raw.once('close', () => {
      release();
      if (client.idle()) clients.delete(key);
    });
    await turns.take(key);
  });
  /** Waits for another turn for a request's client: each call of a tRPC batch is a piece of work of its own. */
  return { nextTurn: async (request: FastifyRequest) => turns.take(await keyOf(request)) };
}

const busy = () => tryLater(503, 'You have many requests under way. Try again in a moment.', 1);
