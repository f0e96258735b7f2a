import type { CommentPolicy, QuotePolicy } from '../../../shared/answer-schemas.js';
import type { KeyRow, SortKey } from './feeds.js';

// Quotes and who may answer a post (docs/decisions/0010-quotes-and-answer-policies.md). The store answers
// facts; which of them allow a comment or a quote is decided in domain/answer-policies.ts.

export type AnswerPolicies = { commentPolicy: CommentPolicy; quotePolicy: QuotePolicy };

/** A post's policies and how the actor stands towards its author, in one statement. */
export type AnswerFacts = AnswerPolicies & {
  authorId: string;
  authorUsername: string;
  /** The post's author follows the actor. */
  followedByAuthor: boolean;
  /** The actor follows the post's author. */
  followsAuthor: boolean;
  /** The post's text mentions the actor. */
  mentioned: boolean;
};

export type AnswerReads = {
  /**
   * Up to a page and one more of the posts that quote this one, newest first, below `key` (createdAt, id):
   * Latest's key. Posts by authors hidden from the viewer are left out, as in every feed.
   */
  quotes(viewerId: string | null, postId: string, key: SortKey | null): Promise<KeyRow[]>;
};

export type AnswerWrites = {
  /** Undefined when the post does not exist. */
  facts(postId: string, actorId: string): Promise<AnswerFacts | undefined>;
  /** Sets the policies given (a policy left out stays); the post's updatedAt moves. */
  setPolicies(postId: string, policies: Partial<AnswerPolicies>, at: number): Promise<void>;
};
