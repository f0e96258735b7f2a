import type { FastifyInstance, FastifyRequest } from 'fastify';

// Where REALM_PUBLIC_URL is unset, Mastodon's absolute URLs are written with the request's own origin
// (deps.ts, originOf). A host that is no name or address (a space, `@`, `/`, a port past 65535, a name in
// letters beyond ASCII, nothing at all) makes no URL, and RFC 9112 asks a server to answer a Host header
// that is not valid with 400. Accepted: ASCII letters, digits, `-`, `.`, `_` and `~` (a DNS name, an IPv4
// address, a container's name), or an IPv6 address in brackets, then an optional port.

const hostPattern = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export const malformedHost =
  "This request's host (its Host header, or X-Forwarded-Host from a trusted proxy) is not a host name or " +
  'address with an optional port, such as realm.example or 127.0.0.1:3000.';

/** `https://realm.example`, or null when the request's host or protocol makes no origin. */
export function requestOrigin(request: FastifyRequest): string | null {
  const protocol = String(request.protocol).toLowerCase();
  const host: unknown = request.host;
  if (protocol !== 'http' && protocol !== 'https') return null;
  const match = typeof host === 'string' ? hostPattern.exec(host) : null;
  if (!match) return null;
  const port = match[1] === undefined ? 80 : Number(match[1]);
  if (port < 1 || port > 65535) return null;
  const origin = `${protocol}://${host as string}`;
  return URL.canParse(origin) ? origin : null;
}

/** Refuses a request whose host makes no origin with 400, before anything is read or written. */
export function refuseMalformedHosts(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (requestOrigin(request) === null) return reply.code(400).send({ error: malformedHost });
  });
}
