import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ReportReason, ReportTarget } from '../../shared/community-schemas.js';
import { limits } from '../../shared/limits.js';
import type { Actor } from '../domain/auth.js';
import { DomainError } from '../domain/errors.js';
import { createReport } from '../domain/reports.js';
import { accountById, recordNotFound } from './account-views.js';
import { requireMember } from './caller.js';
import type { MastodonDeps } from './deps.js';
import { decodeId, isUuid } from './ids.js';

// POST /api/v1/reports (methods/reports.md) through domain/reports.ts. A Realm report is about one thing, so
// a report of statuses is one report per status (a post, a comment; a reblog reports the post it shares),
// and one without statuses reports the member. Mastodon's categories map onto Realm's reasons: legal is
// illegal, spam is spam, a rule violation and anything else are other (the comment says which rule).

const reasonOf: Record<string, ReportReason> = {
  spam: 'spam',
  legal: 'illegal',
  violation: 'other',
  other: 'other',
};

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const reportBody = z.object({
  account_id: z.string({ error: 'account_id is required' }),
  status_ids: list,
  'status_ids[]': list,
  comment: z
    .string()
    .max(limits.reportNoteMax, `comment must be at most ${limits.reportNoteMax} characters`)
    .default(''),
  category: z.enum(['spam', 'legal', 'violation', 'other']).catch('other').default('other'),
  rule_ids: list,
  'rule_ids[]': list,
});

const unprocessable = (message: string) =>
  new DomainError(422, `Validation failed: ${message}`, 'BAD_REQUEST');

async function targetOf(deps: MastodonDeps, statusId: string): Promise<ReportTarget> {
  const decoded = decodeId(statusId);
  if (!decoded || decoded.kind === 'notification') throw recordNotFound();
  if (decoded.kind !== 'comment') return { kind: 'post', postId: decoded.uuid };
  const comment = await deps.store.read.interactions.comment(decoded.uuid);
  if (!comment) throw recordNotFound();
  return { kind: 'comment', postId: comment.postId, commentId: decoded.uuid };
}

async function report(deps: MastodonDeps, actor: Actor, body: z.infer<typeof reportBody>) {
  if (!isUuid(body.account_id)) throw recordNotFound();
  const profile = await deps.store.read.members.profile(null, body.account_id);
  if (!profile) throw recordNotFound();
  const statusIds = [...new Set([...body.status_ids, ...body['status_ids[]']])].slice(0, 20);
  const rules = [...body.rule_ids, ...body['rule_ids[]']];
  const note =
    body.category === 'violation' && rules.length > 0
      ? `Breaks rule ${rules.join(', ')}. ${body.comment}`.trim().slice(0, limits.reportNoteMax)
      : body.comment;
  const reason = reasonOf[body.category]!;
  const targets: ReportTarget[] =
    statusIds.length > 0
      ? await Promise.all(statusIds.map((id) => targetOf(deps, id)))
      : [{ kind: 'member', username: profile.username }];
  const ids: string[] = [];
  for (const target of targets)
    ids.push((await createReport(deps.store, actor, { target, reason, note })).id);
  return { id: ids[0]!, statusIds, rules };
}

export async function reportRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.post('/api/v1/reports', async (request) => {
    const actor = await requireMember(deps, request, 'write:reports');
    const parsed = reportBody.safeParse(request.body ?? {});
    if (!parsed.success) throw unprocessable(parsed.error.issues[0]!.message);
    const made = await report(deps, actor, parsed.data);
    return {
      id: made.id,
      action_taken: false,
      action_taken_at: null,
      category: parsed.data.category,
      comment: parsed.data.comment,
      forwarded: false,
      created_at: new Date().toISOString(),
      status_ids: made.statusIds,
      rule_ids: made.rules,
      target_account: await accountById(deps, request, parsed.data.account_id, actor),
    };
  });
}
