// A request's query as the server reads it. Fastify's router splits the address at its first `?` or `#` and
// hands the rest to `parseQuery` (app.ts); the log's redaction (request-log.ts) reads names with the same
// `decodeQueryPart`, so a spelling of `access_token` a handler accepts is one the log hides.

/** A name or a value as sent: `+` is a space and %-escapes are decoded; a malformed escape is kept as sent. */
export function decodeQueryPart(part: string): string {
  const spaced = part.includes('+') ? part.replaceAll('+', ' ') : part;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

export type ParsedQuery = Record<string, string | string[]>;

/** `a=1&a=2&b` -> { a: ['1', '2'], b: '' }: a repeated name is a list, as Fastify's own parser made it. */
export function parseQuery(query: string): ParsedQuery {
  // No prototype: a name such as `__proto__` is a name like any other.
  const result = Object.create(null) as Record<string, string | string[]>;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decodeQueryPart(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? '' : decodeQueryPart(pair.slice(at + 1));
    const seen = result[name];
    if (seen === undefined) result[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else result[name] = [seen, value];
  }
  return result;
}
