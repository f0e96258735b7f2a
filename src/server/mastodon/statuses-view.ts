import { accountsOf } from '../domain/people.js';
import { cardsOf } from '../domain/post-cards.js';
import type { PostCard, PublicUser } from '../domain/views.js';
import { usernameKey } from '../../shared/username-key.js';
import type { StatusContext } from './entities/status.js';

// What a page of statuses reads besides its cards, whatever its length: the cards of the posts they quote
// (only when one quotes) and, in one statement, every account they show (authors, boosters, quoted authors,
// the members their texts mention). So a timeline page is a fixed number of statements: its ids, its cards,
// the quoted cards, its accounts (docs/mastodon-api.md, "Pages").

type Named = { author: PublicUser; mentions: string[] };

export async function statusContext(
  deps: { store: Parameters<typeof cardsOf>[0] },
  viewerId: string | null,
  origin: string,
  cards: PostCard[],
  others: Named[] = [],
): Promise<StatusContext> {
  const quotedIds = [
    ...new Set(cards.flatMap((card) => (card.quote && !card.quote.unavailable ? [card.quote.id] : []))),
  ];
  const quotedCards = quotedIds.length > 0 ? await cardsOf(deps.store, viewerId, quotedIds) : [];
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
  };
}
