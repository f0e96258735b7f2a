import { expect } from 'vitest';
import { z } from 'zod';

/*
 * Building blocks for the entity schemas of Mastodon's documentation (content/en/entities/*.md in
 * mastodon/documentation). The rule every schema follows: an attribute the documentation lists without
 * "optional" and added in Mastodon 4.5 or before is required, with the type and nullability it documents;
 * attributes added later (4.6) or marked optional may be absent. Extra attributes pass (loose objects), since
 * Mastodon's own clients ignore what they do not know. Realm answers with Mastodon 4.5's shapes (quotes).
 */

/** Mastodon's ids: strings (cast from integers there, UUID-derived here), never numbers. */
export const id = z.string().min(1);
/** "String (Datetime)": ISO 8601 with a time and an offset or Z (api/datetime-format). */
export const datetime = z.iso.datetime({ offset: true });
/** "String (Date)": ISO 8601 calendar date. */
export const date = z.iso.date();
/** "String (URL)": an absolute URL. */
export const url = z.url();
/** "String (HTML)". */
export const html = z.string();
export const int = z.int();

/**
 * Checks `value` against `schema`, failing with each zod issue's path and message, so that a test names the
 * attribute a server got wrong (`statuses[3].account.acct: expected string`). Returns the parsed value.
 */
export function expectEntity<T extends z.ZodType>(schema: T, value: unknown, label = 'entity'): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success)
    expect.fail(`${label} does not match its Mastodon entity:\n${describeIssues(result.error)}`);
  return result.data;
}

/** Each issue as `path: message`, one a line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issuePath(issue.path) || '(root)'}: ${issue.message}`).join('\n');
}

/** The paths zod refused `value` at, as `a.b[0].c`, for tests that expect refusals. */
export function refusedPaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issuePath(issue.path));
}

function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}
