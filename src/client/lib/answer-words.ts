import type { CommentPolicy, QuotePolicy } from '../../shared/answer-schemas';

// Who may answer a post, in the app's words (docs/web-app.md, "Who can answer").

export const commentChoices: { value: CommentPolicy; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'following', label: 'People I follow' },
  { value: 'mentioned', label: 'Only people I mention' },
];

export const quoteChoices: { value: QuotePolicy; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'followers', label: 'My followers' },
  { value: 'nobody', label: 'Nobody' },
];

/** The card's sentence about comments; null when everyone may comment. */
export function commentPolicyText(policy: CommentPolicy, author: string): string | null {
  if (policy === 'following') return `Only people @${author} follows can comment`;
  if (policy === 'mentioned') return 'Only people mentioned can comment';
  return null;
}

/** The card's sentence about quotes; null when everyone may quote. */
export function quotePolicyText(policy: QuotePolicy, author: string): string | null {
  if (policy === 'followers') return `Only @${author}'s followers can quote`;
  if (policy === 'nobody') return 'Quotes are turned off';
  return null;
}
