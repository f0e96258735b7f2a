import { z } from 'zod';
import { limits } from './limits.js';
import { cursor } from './schemas.js';

// The inputs of people and tag lookup (docs/search-people-and-tags.md). What a member typed after `@` or `#`
// in the composer is sent as it is: the one leading sign is accepted and dropped here.

/** The most characters a lookup's text may have: a username is at most 64, a tag 100. */
export const lookupTextMax = 100;

const lengthMessage = `Search text must be 1 to ${lookupTextMax} characters.`;

const lookupText = (sign: '@' | '#') =>
  z
    .string({ error: 'Search text must be text.' })
    .trim()
    .transform((value) => (value.startsWith(sign) ? value.slice(1) : value))
    .refine((value) => value.length >= 1 && value.length <= lookupTextMax, lengthMessage)
    // PostgreSQL cannot hold U+0000 in text: refused as everywhere else (shared/schemas.ts).
    .refine((value) => !value.includes('\u0000'), 'Search text must not contain the NUL character (U+0000).');

const lookupLimit = (max: number) =>
  z
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, `limit must be 1 to ${max}.`)
    .max(max, `limit must be 1 to ${max}.`);

export const peopleLookupInput = z.object({
  q: lookupText('@'),
  cursor: cursor.optional(),
  limit: lookupLimit(limits.pageSize).optional(),
});
export type PeopleLookupInput = z.infer<typeof peopleLookupInput>;

export const tagLookupInput = z.object({
  q: lookupText('#'),
  limit: lookupLimit(limits.pageSize).optional(),
});
export type TagLookupInput = z.infer<typeof tagLookupInput>;
