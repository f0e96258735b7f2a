import { mentionsAndTags } from '../../../shared/rich-text.js';
import { usernameKey } from '../../../shared/username-key.js';
import type { CommentView, PostCard, PublicUser } from '../../domain/views.js';
import type { PublicAccountRow } from '../../store/store.js';
import { contentHtml } from '../content-html.js';
import { encodeId } from '../ids.js';
import { postUrl, profileUrl, tagUrl } from '../web-urls.js';
import { mastodonAccount } from './account.js';
import { mediaAttachment } from './media-attachment.js';

// Mastodon's Status (https://docs.joinmastodon.org/entities/Status/) from Realm's posts and comments
// (docs/decisions/0012-mastodon-client-api.md): a post is a status, a comment a status replying to its
// post, a boost in the home feed a reblog, a quote Mastodon 4.5's `quote`. Everything a status shows about
// other members comes from one read of a page's accounts (statuses-view.ts), passed in here.

export type StatusContext = {
  origin: string;
  /** Whether a member reads: signed out, Mastodon says `unknown` of who may quote. */
  signedIn: boolean;
  /** The accounts the page names (authors, boosters, the mentioned), by id and by folded username. */
  accounts: ReadonlyMap<string, PublicAccountRow>;
  accountsByKey: ReadonlyMap<string, PublicAccountRow>;
  /** The cards of the posts the page's posts quote, by id; a quoted post hidden from the reader is absent. */
  quoted: ReadonlyMap<string, PostCard>;
};

type Quote =
  | { state: 'accepted' | 'unauthorized'; quoted_status: MastodonStatus | null }
  | { state: 'accepted'; quoted_status_id: string };

export type MastodonStatus = Omit<ReturnType<typeof baseStatus>, 'url'> & {
  id: string;
  url: string | null;
  media_attachments: ReturnType<typeof mediaAttachment>[];
  reblogs_count: number;
  favourites_count: number;
  replies_count: number;
  quotes_count: number;
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  reblog: MastodonStatus | null;
  quote: Quote | null;
  quote_approval: {
    automatic: ('public' | 'followers')[];
    manual: never[];
    current_user: 'automatic' | 'denied' | 'unknown';
  };
  /** Only in a delete's answer (and /source): the text as written, for "delete and redraft". */
  text?: string;
};

/** A member the page's read missed (deleted meanwhile): the card's own fields, with no counts. */
function accountOf(ctx: StatusContext, user: PublicUser) {
  const row = ctx.accounts.get(user.id) ?? {
    ...user,
    bio: '',
    link: '',
    profileBanner: '',
    createdAt: 0,
    followerCount: 0,
    followingCount: 0,
    postCount: 0,
    lastPostAt: null,
  };
  return mastodonAccount(ctx.origin, row);
}

function mentionsOf(ctx: StatusContext, usernames: readonly string[]) {
  return usernames.flatMap((name) => {
    const member = ctx.accountsByKey.get(usernameKey(name));
    if (!member) return [];
    const url = profileUrl(ctx.origin, member.username);
    return [{ id: member.id, username: member.username, acct: member.username, url }];
  });
}

const tagsOf = (ctx: StatusContext, text: string) =>
  mentionsAndTags(text).tags.map((name) => ({ name, url: tagUrl(ctx.origin, name) }));

const quoteAudience = { everyone: ['public'], followers: ['followers'], nobody: [] } as const;

/** What a post and a comment share: its text, author, times; no counts, no actions of the reader. */
function baseStatus(
  ctx: StatusContext,
  item: { id: string; author: PublicUser; createdAt: string; editedAt: string | null; mentions: string[] },
  text: string,
  url: string,
) {
  return {
    uri: url,
    url,
    created_at: item.createdAt,
    edited_at: item.editedAt,
    account: accountOf(ctx, item.author),
    content: contentHtml(text, { origin: ctx.origin, mentions: item.mentions }),
    visibility: 'public' as const,
    sensitive: false,
    spoiler_text: '',
    mentions: mentionsOf(ctx, item.mentions),
    tags: tagsOf(ctx, text),
    emojis: [] as never[],
    language: null,
    muted: false,
    pinned: false,
    card: null,
    poll: null,
    filtered: [] as never[],
  };
}

export function postStatusId(card: { id: string; createdAt: string }) {
  return encodeId('post', card.createdAt, card.id);
}

/** A post as a status; `nested` (inside a quote) names the post it quotes by id only, as 4.5 does. */
export function postStatus(ctx: StatusContext, card: PostCard, nested = false): MastodonStatus {
  const url = postUrl(ctx.origin, card.id);
  return {
    id: postStatusId(card),
    ...baseStatus(ctx, card, card.content, url),
    media_attachments: card.media.map((media) => mediaAttachment(ctx.origin, media)),
    reblogs_count: card.boostCount,
    favourites_count: card.likeCount,
    replies_count: card.commentCount,
    // The card does not count the posts quoting it (posts.quotes pages them in the web app).
    quotes_count: 0,
    favourited: card.likedByMe,
    reblogged: card.boosted,
    bookmarked: card.bookmarkedByMe,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog: null,
    quote: quoteOf(ctx, card, nested),
    quote_approval: {
      automatic: [...quoteAudience[card.quotePolicy]],
      manual: [] as never[],
      current_user: !ctx.signedIn ? 'unknown' : card.mayQuote ? 'automatic' : 'denied',
    },
  };
}

/**
 * A Realm quote is always accepted (the policy is checked when it is written). A quoted post that is gone or
 * hidden from the reader (the card cannot tell which) is `unauthorized` with no status, as 4.5 shows a quote
 * the reader may not see.
 */
function quoteOf(ctx: StatusContext, card: PostCard, nested: boolean): Quote | null {
  const quote = card.quote;
  if (!quote) return null;
  if (quote.unavailable) return { state: 'unauthorized', quoted_status: null };
  if (nested) return { state: 'accepted', quoted_status_id: postStatusId(quote) };
  const quoted = ctx.quoted.get(quote.id);
  if (!quoted) return { state: 'unauthorized', quoted_status: null };
  return { state: 'accepted', quoted_status: postStatus(ctx, quoted, true) };
}

/** A comment: a status replying to its post. Comment votes have no Mastodon twin, so its counts are 0. */
export function commentStatus(
  ctx: StatusContext,
  comment: CommentView,
  post: { id: string; createdAt: string; authorId: string },
): MastodonStatus {
  const url = `${postUrl(ctx.origin, post.id)}#comment-${encodeURIComponent(comment.id)}`;
  return {
    id: encodeId('comment', comment.createdAt, comment.id),
    ...baseStatus(ctx, comment, comment.text, url),
    media_attachments: [],
    reblogs_count: 0,
    favourites_count: 0,
    replies_count: 0,
    quotes_count: 0,
    favourited: false,
    reblogged: false,
    bookmarked: false,
    in_reply_to_id: encodeId('post', post.createdAt, post.id),
    in_reply_to_account_id: post.authorId,
    reblog: null,
    quote: null,
    quote_approval: { automatic: [], manual: [], current_user: ctx.signedIn ? 'denied' : 'unknown' },
  };
}

/** A boost in the home feed: Mastodon's reblog, by the booster at the boost's time, around the post. */
export function reblogStatus(
  ctx: StatusContext,
  card: PostCard,
  booster: PublicUser,
  boostedAt: number,
): MastodonStatus {
  const inner = postStatus(ctx, card);
  const at = new Date(boostedAt).toISOString();
  return {
    ...inner,
    id: encodeId('boost', boostedAt, card.id),
    uri: `${inner.uri}#boost-${encodeURIComponent(booster.username)}`,
    url: null,
    created_at: at,
    edited_at: null,
    account: accountOf(ctx, booster),
    content: '',
    media_attachments: [],
    mentions: [],
    tags: [],
    quote: null,
    reblog: inner,
  };
}
