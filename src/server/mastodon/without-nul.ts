import type { FastifyInstance } from 'fastify';
import { nulMessage } from '../../shared/schemas.js';
import { DomainError } from '../domain/errors.js';

// PostgreSQL cannot hold U+0000 in text, so Realm never hands it one: tRPC's schemas refuse it in every text
// (shared/schemas.ts). The Mastodon API's routes read their parameters in many shapes (a search's `q`, an
// account's `acct`, an app's name, an OAuth code, a report's comment, media ids), so the rule is kept once,
// at its door: a NUL in any parameter of the address, the path or the body is 400, naming the parameter,
// before a route reads it.

/** Deeper than any body a route reads; a deeper value reaches no statement. */
const depthMax = 16;

/** The first parameter holding a NUL, named as a form names it (`q`, `subscription[keys][auth]`), or null. */
export function nulIn(value: unknown, name = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? name : null;
  if (depth > depthMax || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const inner = Array.isArray(value) ? '' : key;
    const itemName = name === '' ? inner : `${name}[${inner}]`;
    if (key.includes('\u0000')) return itemName;
    const found = nulIn(item, itemName, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function refuseNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const name = nulIn(request.query) ?? nulIn(request.params) ?? nulIn(request.body);
    if (name !== null) {
      throw new DomainError(400, nulMessage(name === '' ? 'The request body' : name), 'BAD_REQUEST');
    }
  });
}
