import type { FastifyInstance } from 'fastify';

// Mastodon's apps send their bodies as JSON, as HTML forms (application/x-www-form-urlencoded) or as
// multipart/form-data, and name fields as Rails does: `redirect_uris[]=a&redirect_uris[]=b` is a list,
// `source[privacy]=public` an object. Call `acceptFormBodies(scope)` inside a plugin's own scope: the
// parsers then apply there only, and the web app's JSON routes stay as they are.

/** A file part of a multipart body. */
export type FormFile = { filename: string; type: string; bytes: Buffer };

export type FormValue = string | FormFile | FormValue[] | { [name: string]: FormValue };
export type FormFields = { [name: string]: FormValue };

/** `a[b][]` as its path: ['a', 'b', '']. A name that is not of that shape is one plain name. */
function pathOf(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  return [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
}

const isObject = (value: FormValue | undefined): value is { [name: string]: FormValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('bytes' in value);

/** Puts `value` at `path` in `into`; a repeated plain name becomes a list, as Rails would keep the last. */
function place(into: { [name: string]: FormValue }, path: string[], value: FormValue) {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    // Fields named like objects' keys of the prototype are kept as plain data.
    const existing = Object.hasOwn(into, head) ? into[head] : undefined;
    into[head] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    return;
  }
  if (rest[0] === '') {
    const list = Object.hasOwn(into, head) && Array.isArray(into[head]) ? (into[head] as FormValue[]) : [];
    into[head] = list;
    if (rest.length === 1) list.push(value);
    else {
      const item: { [name: string]: FormValue } = {};
      place(item, rest.slice(1), value);
      list.push(item);
    }
    return;
  }
  const child = Object.hasOwn(into, head) && isObject(into[head]) ? into[head] : {};
  into[head] = child;
  place(child, rest, value);
}

/** Form fields, in order, as one object of Rails-style names. */
export function formFields(entries: Iterable<[string, FormValue]>): FormFields {
  const fields: FormFields = Object.create(null) as FormFields;
  for (const [name, value] of entries) place(fields, pathOf(name), value);
  return { ...fields };
}

/**
 * Adds the form parsers to `scope`: URL-encoded bodies, and multipart ones up to `multipartLimit` bytes
 * (Fastify's body limit otherwise), read by the Fetch API's own multipart parser (undici's, in Node).
 */
export function acceptFormBodies(
  scope: FastifyInstance,
  { multipartLimit }: { multipartLimit?: number } = {},
) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, formFields(new URLSearchParams(body as string))),
  );
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', ...(multipartLimit !== undefined && { bodyLimit: multipartLimit }) },
    (request, body, done) => {
      const type = request.headers['content-type'] ?? '';
      new Response(new Uint8Array(body as Buffer), { headers: { 'content-type': type } })
        .formData()
        .then(async (form) => {
          const entries: [string, FormValue][] = [];
          for (const [name, value] of form) {
            entries.push([
              name,
              typeof value === 'string'
                ? value
                : { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) },
            ]);
          }
          done(null, formFields(entries));
        })
        .catch(() => {
          const error = Object.assign(new Error('The multipart body could not be read.'), {
            statusCode: 400,
          });
          done(error, undefined);
        });
    },
  );
}
