import { v4 as uuid } from 'uuid';
import type { CreateReportInput, ReportTarget } from '../../shared/community-schemas.js';
import { usernameKey } from '../../shared/schemas.js';
import type { NewReport, Tx } from '../store/store.js';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound } from './errors.js';

// A member reports a post, a comment or a member; moderators work the reports in
// domain/moderation.ts. A report keeps the text as it was reported, so the queue shows what the reporter
// saw even after an edit or a removal.

export const reportMessages = {
  ownPost: 'You cannot report your own post.',
  ownComment: 'You cannot report your own comment.',
  yourself: 'You cannot report yourself.',
};

type Target = Pick<NewReport, 'targetKind' | 'subjectId' | 'postId' | 'commentId' | 'excerpt'>;

/**
 * Whether the reads hide this author's content from the actor (a block either way, a mute, a suspension):
 * the same rule as posts.byId and the thread, so a report cannot tell the reporter that hidden content
 * exists. Such content answers as content that does not exist, and nothing is stored.
 */
async function hiddenFrom(tx: Tx, actorId: string, authorId: string): Promise<boolean> {
  if (authorId === actorId) return false;
  return (await tx.relations.barriers(actorId, [authorId])).length > 0;
}

/** What the report is about, and whom: the content's author, or the member reported. */
async function targetOf(tx: Tx, actor: Actor, target: ReportTarget): Promise<Target> {
  if (target.kind === 'member') {
    // A profile answers for a member whatever stands between viewer and member (it shows blockedByMe),
    // so a report of a member tells the reporter nothing the profile does not.
    const subjectId = await tx.members.idByKey(usernameKey(target.username));
    if (!subjectId) throw notFound(messages.userNotFound);
    if (subjectId === actor.id) throw badRequest(reportMessages.yourself);
    return { targetKind: 'member', subjectId, postId: null, commentId: null, excerpt: '' };
  }
  if (target.kind === 'post') {
    const post = await tx.reports.postText(target.postId);
    if (!post || (await hiddenFrom(tx, actor.id, post.authorId))) throw notFound(messages.postNotFound);
    if (post.authorId === actor.id) throw badRequest(reportMessages.ownPost);
    const { postId } = target;
    return { targetKind: 'post', subjectId: post.authorId, postId, commentId: null, excerpt: post.text };
  }
  const post = await tx.posts.find(target.postId);
  if (!post || (await hiddenFrom(tx, actor.id, post.authorId))) throw notFound(messages.postNotFound);
  const comment = await tx.reports.commentText(target.postId, target.commentId);
  if (!comment || (await hiddenFrom(tx, actor.id, comment.authorId))) {
    throw notFound(messages.commentNotFound);
  }
  if (comment.authorId === actor.id) throw badRequest(reportMessages.ownComment);
  return {
    targetKind: 'comment',
    subjectId: comment.authorId,
    postId: target.postId,
    commentId: target.commentId,
    excerpt: comment.text,
  };
}

/**
 * Any active member, about others' content or another member. Reporting the same thing again while the
 * first report is open answers that report: the queue holds one per reporter and target.
 */
export async function createReport(
  store: Store,
  actor: Actor,
  input: CreateReportInput,
): Promise<{ id: string }> {
  return store.write(async (tx) => {
    // The reporter's reports take turns (PostgreSQL), so two clicks make one report.
    await tx.members.lock(actor.id);
    const target = await targetOf(tx, actor, input.target);
    const open = await tx.reports.openBy(actor.id, target);
    if (open) return { id: open };
    const id = uuid();
    const { reason, note } = input;
    await tx.reports.insert({ id, reporterId: actor.id, ...target, reason, note, createdAt: now() });
    return { id };
  });
}
