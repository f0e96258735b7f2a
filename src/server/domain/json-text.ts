// A page's cards come from the database as one JSON text (store: cards.json). Parsing it into objects only
// for tRPC to write the same text again cost about a tenth of a feed request on the bench (`npm run bench`).
// A field made by `withJsonField` keeps the text: JavaScript that reads the field gets it parsed
// (server-side callers and tests see plain objects), and `toJson` writes the text as it is. SQLite writes
// strings exactly as JSON.stringify does (tests/domain/json-text.test.ts checks every character), so the
// answer is the same either way.

const jsonField = Symbol('a field still held as JSON text');

type HeldText = { key: string; json: string | null };

/** `object` with one more enumerable field, `key`, whose value is the JSON text `json`, parsed when first read. */
export function withJsonField<T extends object, K extends string, V>(
  object: T,
  key: K,
  json: string,
): T & Record<K, V> {
  const held: HeldText = { key, json };
  Object.defineProperty(object, jsonField, { value: held });
  Object.defineProperty(object, key, {
    enumerable: true,
    configurable: true,
    get() {
      // Once read, the field is an ordinary value that JavaScript may change, so its text no longer counts.
      const value = JSON.parse(held.json!) as V;
      held.json = null;
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
  });
  return object as T & Record<K, V>;
}

/** JSON.stringify(value), writing a field made by `withJsonField` as its text when it has not been read. */
export function toJson(value: unknown): string | undefined {
  const held = (value as { [jsonField]?: HeldText } | null | undefined)?.[jsonField];
  if (!held?.json) return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  const fields: string[] = [];
  for (const key of Object.keys(record)) {
    const json = key === held.key ? held.json : JSON.stringify(record[key]);
    if (json !== undefined) fields.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${fields.join(',')}}`;
}
