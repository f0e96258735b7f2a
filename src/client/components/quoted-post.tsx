import { Link } from 'wouter';
import { postPath } from '../lib/paths';
import type { PostCard } from '../lib/trpc-types';
import { RelativeTime } from './relative-time';

type Quote = NonNullable<PostCard['quote']>;

/**
 * The post a quote quotes, inside its card: author, text, first picture, time, and a link to it; one level
 * only (a quote of a quote says "Quoting a post"). Deleted or hidden from the reader: "unavailable".
 */
export function QuotedPost({ quote }: { quote: Quote }) {
  if (quote.unavailable) {
    return (
      <div className="quoted-post unavailable" role="note">
        This post is unavailable
      </div>
    );
  }
  const { author, picture } = quote;
  return (
    <blockquote className="quoted-post" aria-label={`Quoted post by ${author.username}`}>
      <p className="quoted-header">
        <span className="name" dir="auto">
          {author.firstName} {author.lastName}
        </span>{' '}
        <span className="username">@{author.username}</span> ·{' '}
        <Link href={postPath(quote.id)} className="muted">
          <RelativeTime iso={quote.createdAt} />
          <span className="visually-hidden"> (open the quoted post)</span>
        </Link>
      </p>
      {quote.content !== '' && (
        <p className="quoted-content" dir="auto">
          {quote.content}
        </p>
      )}
      {picture && (
        <img
          className="quoted-picture"
          src={picture.previewUrl}
          alt={picture.alt}
          width={picture.previewWidth}
          height={picture.previewHeight}
          loading="lazy"
        />
      )}
      {quote.quotesAPost && (
        <Link href={postPath(quote.id)} className="quoted-more">
          Quoting a post
        </Link>
      )}
    </blockquote>
  );
}
