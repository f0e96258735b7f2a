import type { CommentPolicy, QuotePolicy } from '../../shared/answer-schemas.js';
import type { PostMedia, PublicUser } from './views.js';

// What a card says about who may answer its post and the post it quotes
// (docs/decisions/0010-quotes-and-answer-policies.md), written by the card statement (store/*/cards.ts).

/** The quoted post as a card shows it inside itself: one level only. */
export type QuotedPost = {
  unavailable: false;
  id: string;
  author: PublicUser;
  content: string;
  createdAt: string;
  /** Its first picture, if any. */
  picture: PostMedia | null;
  /** The quoted post quotes another: shown as "Quoting a post", a link, not a second nested card. */
  quotesAPost: boolean;
};

/** A quote whose quoted post was deleted, or is hidden from the reader (blocked, muted, suspended). */
export type UnavailableQuote = { unavailable: true };

export type AnswerCardFields = {
  commentPolicy: CommentPolicy;
  quotePolicy: QuotePolicy;
  /** Whether the reader may comment (the author always; false signed out). */
  mayComment: boolean;
  /** Whether the reader may quote it (the author always; false signed out). */
  mayQuote: boolean;
  /** The post it quotes; null when it quotes none. */
  quote: QuotedPost | UnavailableQuote | null;
};

/**
 * The card as a reader's own read writes it when the posts `hidden` are hidden from them (the live reads
 * say whom from, by the rule of every read): a quote of one of them is unavailable.
 */
export function withHiddenQuotes<Card extends Pick<AnswerCardFields, 'quote'>>(
  card: Card,
  hidden: ReadonlySet<string>,
): Card {
  const quote = card.quote;
  return quote && !quote.unavailable && hidden.has(quote.id)
    ? { ...card, quote: { unavailable: true } }
    : card;
}
