import { accountsOf } from '../domain/people.js';
import type { PostCard, PublicUser } from '../domain/views.js';
import type { Store } from '../store/store.js';
import { usernameKey } from '../../shared/username-key.js';
import type { StatusContext } from './entities/status.js';

// What a page of statuses reads besides its cards, whatever its length: the cards of the posts they quote
// (only when one quotes) and, in one statement, every account they show (authors, boosters, quoted authors,
// the members their texts mention). So a timeline page is a fixed number of statements: its ids, its cards,
// the quoted cards, its accounts (docs/mastodon-api.md, "Pages").

type Named = { author: PublicUser; mentions: string[] };

/**
 * The cards of these posts, in this order, as statuses read them: without their latest comments, which a
 * status does not carry (a third of the cards statement on a home page; docs/mastodon-api.md, "Pages").
 */
export async function statusCards(
  store: Store,
  viewerId: string | null,
  postIds: string[],
  boosters: (string | null)[] = [],
): Promise<PostCard[]> {
  if (postIds.length === 0) return [];
  const json = await store.read.cards.json(viewerId, postIds, boosters, { latestComments: false });
  return JSON.parse(json) as PostCard[];
}

export async function statusContext(
  deps: { store: Store },
  viewerId: string | null,
  origin: string,
  cards: PostCard[],
  others: Named[] = [],
): Promise<StatusContext> {
  const quotedIds = [
    ...new Set(cards.flatMap((card) => (card.quote && !card.quote.unavailable ? [card.quote.id] : []))),
  ];
  const quotedCards = await statusCards(deps.store, viewerId, quotedIds);
  const named: Named[] = [...cards, ...quotedCards, ...others];
  const ids = named.map((item) => item.author.id);
  for (const card of cards) if (card.boostedBy) ids.push(card.boostedBy.id);
  const rows = await accountsOf(
    deps.store,
    ids,
    named.flatMap((item) => item.mentions),
  );
  return {
    origin,
    signedIn: viewerId !== null,
    accounts: new Map(rows.map((row) => [row.id, row])),
    accountsByKey: new Map(rows.map((row) => [usernameKey(row.username), row])),
    quoted: new Map(quotedCards.map((card) => [card.id, card])),
    written: new Map(),
  };
}
