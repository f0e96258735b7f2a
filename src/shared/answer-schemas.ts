import { z } from 'zod';
import { cursor, id } from './schemas.js';

// Who may answer a post: comment on it, quote it (docs/decisions/0010-quotes-and-answer-policies.md).
// The composer and the post's menu offer these; the rules (server/domain/answer-policies.ts) enforce them.

export const commentPolicies = ['everyone', 'following', 'mentioned'] as const;
export const quotePolicies = ['everyone', 'followers', 'nobody'] as const;
export type CommentPolicy = (typeof commentPolicies)[number];
export type QuotePolicy = (typeof quotePolicies)[number];

export const commentPolicy = z.enum(commentPolicies, {
  error: 'Who can comment must be "everyone", "following" or "mentioned".',
});
export const quotePolicy = z.enum(quotePolicies, {
  error: 'Who can quote must be "everyone", "followers" or "nobody".',
});

/** What posts.create takes besides its text and pictures: all optional, the defaults are "everyone". */
export const answerFields = {
  commentPolicy: commentPolicy.optional(),
  quotePolicy: quotePolicy.optional(),
  /** The id of the post this one quotes. */
  quoteOf: id.optional(),
};

/** posts.setPolicy: either policy or both; one left out stays as it is. */
export const postSetPolicyInput = z
  .object({ postId: id, commentPolicy: commentPolicy.optional(), quotePolicy: quotePolicy.optional() })
  .refine((input) => input.commentPolicy !== undefined || input.quotePolicy !== undefined, {
    message: 'Choose who can comment or who can quote.',
  });

/** posts.quotes: the posts quoting one post, newest first. */
export const postQuotesInput = z.object({ postId: id, cursor });
