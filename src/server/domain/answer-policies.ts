import type { CommentPolicy, QuotePolicy } from '../../shared/answer-schemas.js';
import type { AnswerFacts, Store, Tx } from '../store/store.js';
import type { Actor } from './auth.js';
import { requireReachable } from './barriers.js';
import { now } from './clock.js';
import { forbidden, messages, notFound, notOwner } from './errors.js';

// Who may comment on a post and who may quote it, chosen by its author
// (docs/decisions/0010-quotes-and-answer-policies.md). Checked here, inside the write that answers, so
// every door (tRPC, the /api comment route) refuses alike. The author may always answer their own post.
// Moderators get no exception, as for blocks. A refusal is 403 with a sentence that says who may answer.

export const answerMessages = {
  commentFollowing: (author: string) => `Only people @${author} follows can comment on this post.`,
  commentMentioned: 'Only people mentioned in this post can comment on it.',
  quoteFollowers: (author: string) => `Only @${author}'s followers can quote this post.`,
  quoteNobody: (author: string) => `@${author} does not allow quotes of this post.`,
  quotedNotFound: 'The post you are quoting does not exist or is not available to you.',
  setPolicyNotOwner: 'Only the author of a post can change who can answer it.',
};

const mayComment = (facts: AnswerFacts, policy: CommentPolicy) =>
  policy === 'everyone' ||
  (policy === 'following' && facts.followedByAuthor) ||
  (policy === 'mentioned' && facts.mentioned);

const mayQuote = (facts: AnswerFacts, policy: QuotePolicy) =>
  policy === 'everyone' || (policy === 'followers' && facts.followsAuthor);

async function factsOf(tx: Tx, postId: string, actorId: string): Promise<AnswerFacts> {
  const facts = await tx.answers.facts(postId, actorId);
  if (!facts) throw notFound(messages.postNotFound);
  return facts;
}

/** Refuses a comment the post's comment policy does not allow; the post is known to exist and be reachable. */
export async function requireMayComment(tx: Tx, actorId: string, postId: string): Promise<void> {
  const facts = await factsOf(tx, postId, actorId);
  if (facts.authorId === actorId || mayComment(facts, facts.commentPolicy)) return;
  throw forbidden(
    facts.commentPolicy === 'following'
      ? answerMessages.commentFollowing(facts.authorUsername)
      : answerMessages.commentMentioned,
  );
}

/**
 * The post to quote, when the actor may quote it: it exists, is not hidden from them (a block answers 403,
 * a mute or a suspension "not found", as every write does) and its quote policy allows it. Quoting one's
 * own post is allowed, as Mastodon and Bluesky allow it. Answers its author, who is told of the quote.
 */
export async function requireQuotable(tx: Tx, actorId: string, postId: string): Promise<string> {
  const post = await tx.posts.lock(postId);
  if (!post) throw notFound(answerMessages.quotedNotFound);
  await requireReachable(tx, actorId, [{ id: post.authorId, notFound: answerMessages.quotedNotFound }]);
  const facts = await factsOf(tx, postId, actorId);
  if (facts.authorId === actorId || mayQuote(facts, facts.quotePolicy)) return post.authorId;
  throw forbidden(
    facts.quotePolicy === 'followers'
      ? answerMessages.quoteFollowers(facts.authorUsername)
      : answerMessages.quoteNobody(facts.authorUsername),
  );
}

/** The author changes who may comment on or quote their post; what was already written stays. */
export async function setPostPolicy(
  store: Store,
  actor: Actor,
  postId: string,
  policies: { commentPolicy?: CommentPolicy | undefined; quotePolicy?: QuotePolicy | undefined },
): Promise<void> {
  await store.write(async (tx) => {
    const post = await tx.posts.lock(postId);
    if (!post) throw notFound(messages.postNotFound);
    if (post.authorId !== actor.id) throw notOwner(answerMessages.setPolicyNotOwner);
    const { commentPolicy, quotePolicy } = policies;
    await tx.answers.setPolicies(
      postId,
      {
        ...(commentPolicy && { commentPolicy }),
        ...(quotePolicy && { quotePolicy }),
      },
      now(),
    );
    tx.live.emit({ type: 'post-changed', postId });
  });
}
