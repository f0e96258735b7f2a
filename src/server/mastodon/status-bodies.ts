import { z } from 'zod';
import { postCreateInput, postEditInput } from '../../shared/media-schemas.js';
import { commentText } from '../../shared/schemas.js';
import type { Store } from '../store/store.js';
import { unprocessable } from './rule-errors.js';

// What apps send to write a status (JSON or a form, form-bodies.ts), checked at the edge with the same
// schemas as tRPC's writes, so a status is held to a post's or a comment's limits and messages.

const list = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
const optionalString = z.string().nullish();

const mediaAttribute = z.looseObject({ id: z.string(), description: z.string().optional() });

export const statusBody = z.looseObject({
  status: optionalString,
  media_ids: list,
  // Mastodon's `media_attributes[][id]` / `[description]` on an edit: the alt text of each picture.
  media_attributes: z
    .union([z.array(mediaAttribute), z.record(z.string(), mediaAttribute)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : Object.values(value))),
  in_reply_to_id: optionalString,
  quoted_status_id: optionalString,
  visibility: optionalString,
  spoiler_text: optionalString,
  poll: z.unknown().optional(),
});
export type StatusBody = z.infer<typeof statusBody>;

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'The status is not valid.';

export function parseStatusBody(body: unknown): StatusBody {
  const parsed = statusBody.safeParse(body ?? {});
  if (!parsed.success) throw unprocessable(firstIssue(parsed.error));
  return parsed.data;
}

/**
 * What Realm has not: polls, content warnings, and any audience but everyone. A status is refused rather than
 * posted for everyone when the member meant fewer readers (docs/mastodon-api.md, "Statuses and timelines").
 */
export function refuseWhatRealmHasNot(body: StatusBody) {
  if (body.poll !== undefined && body.poll !== null && body.poll !== '') {
    throw unprocessable('Realm has no polls: post the question as text.');
  }
  if (body.spoiler_text?.trim()) {
    throw unprocessable('Realm has no content warnings: post without one, or put the warning in the text.');
  }
  if (body.visibility && body.visibility !== 'public') {
    throw unprocessable(
      `Every post on Realm is public, so this ${body.visibility} status was not posted. Choose "public" to post it.`,
    );
  }
}

export function checkedCommentText(text: string): string {
  const parsed = commentText.safeParse(text);
  if (!parsed.success) throw unprocessable(firstIssue(parsed.error));
  return parsed.data;
}

export function checkedPost(input: {
  content: string;
  media: { id: string; alt: string }[];
  quoteOf?: string;
}) {
  const parsed = postCreateInput.safeParse(input);
  if (!parsed.success) throw unprocessable(firstIssue(parsed.error));
  return parsed.data;
}

export function checkedPostEdit(input: {
  postId: string;
  content: string;
  media?: { id: string; alt: string }[];
}) {
  const parsed = postEditInput.safeParse(input);
  if (!parsed.success) throw unprocessable(firstIssue(parsed.error));
  return parsed.data;
}

/**
 * The pictures in order, each with its alt text: the one sent in `media_attributes`, else the one given at
 * upload (POST /api/v2/media's `description`), which attaching would otherwise clear. Read in a write
 * transaction because only the writes read uploads by id; ids that are not the member's are refused by the
 * rule that attaches them (post-media.ts).
 */
export async function picturesOf(store: Store, body: StatusBody): Promise<{ id: string; alt: string }[]> {
  if (body.media_ids.length === 0) return [];
  const rows = await store.write((tx) => tx.media.byIds(body.media_ids));
  const uploaded = new Map(rows.map((row) => [row.id, row.alt]));
  const sent = new Map(body.media_attributes.map((item) => [item.id, item.description]));
  return body.media_ids.map((id) => ({ id, alt: sent.get(id) ?? uploaded.get(id) ?? '' }));
}
