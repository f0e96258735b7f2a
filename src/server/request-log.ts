import type { FastifyRequest } from 'fastify';

// Mastodon apps may put their token in the address (`?access_token=` on the streaming API, where a browser's
// WebSocket cannot send a header). Log lines keep no secret, so the address is logged without it: every
// value whose name reads as `access_token` once decoded as Fastify's query parser decodes names (`+` a
// space, %-escapes: `access%5Ftoken`, `%61ccess_token`), repeated or in any case, is replaced. Values are cut at `&`, and at `?` and `#` too,
// which the router reads as part of a value: hiding more than the server reads costs nothing.

const separators = /([?#&])/;

/** A name as the query parser reads it; a malformed escape is kept as sent, as the parser keeps it. */
function decodeName(part: string): string {
  const spaced = part.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
const isTokenName = (name: string) => decodeName(name).toLowerCase() === 'access_token';

export function withoutTokens(url: string): string {
  const start = url.search(/[?#]/);
  if (start === -1) return url;
  const parts = url.slice(start + 1).split(separators);
  const redacted = parts.map((part, i) => {
    if (i % 2 === 1) return part;
    const at = part.indexOf('=');
    return at !== -1 && isTokenName(part.slice(0, at)) ? `${part.slice(0, at)}=[redacted]` : part;
  });
  return url.slice(0, start + 1) + redacted.join('');
}

/** What a log line says of a request: Fastify's own fields, the address without tokens, and no headers. */
export const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: withoutTokens(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
