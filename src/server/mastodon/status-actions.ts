import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addBookmark, removeBookmark } from '../domain/bookmarks.js';
import { boostPost, unboostPost } from '../domain/boosts.js';
import { DomainError, messages } from '../domain/errors.js';
import { accountsOf } from '../domain/people.js';
import { dislikePost, likePost } from '../domain/posts.js';
import type { Actor } from '../domain/auth.js';
import type { InteractionRow } from '../store/store.js';
import { optionalMember, requireMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { mastodonAccount } from './entities/account.js';
import { reblogStatus } from './entities/status.js';
import { decodeListId, encodeListId } from './ids.js';
import { pageQuery, setLinkHeader } from './paging.js';
import { asMastodon, unprocessable } from './rule-errors.js';
import { decodeStatusId, findStatus, postStatusAfterWrite, recordNotFound } from './status-lookup.js';
import { statusCards, statusContext } from './statuses-view.js';
import type { Scope } from './oauth/scopes.js';

// Favourite (a like), reblog (a boost) and bookmark, each undone the same way, and who liked or boosted a
// post. Repeating one is no error, as on Mastodon: the rule's "already" refusal is taken as done. A comment
// is none of these on Realm (comment votes have no Mastodon twin), so each is refused on one with 422.

/** The rule's own messages that mean "it is so already". */
const alreadyDone = new Set<string>([
  messages.alreadyLiked,
  messages.alreadyBoosted,
  messages.notBoosted,
  messages.alreadyBookmarked,
  messages.notBookmarked,
]);

async function idempotent(work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DomainError && alreadyDone.has(error.message))) throw error;
  }
}

type Action = (deps: MastodonDeps, actor: Actor, postId: string, likedByMe: boolean) => Promise<void>;

const actions: { path: string; scope: Scope; what: string; run: Action }[] = [
  {
    path: 'favourite',
    scope: 'write:favourites',
    what: 'favourited',
    run: (d, a, p) => likePost(d.store, a, p),
  },
  {
    path: 'unfavourite',
    scope: 'write:favourites',
    what: 'favourited',
    // The web app's unlike: a dislike after a like takes the like back (spec section 4).
    run: async (d, a, p, liked) => (liked ? dislikePost(d.store, a, p) : undefined),
  },
  {
    path: 'unreblog',
    scope: 'write:statuses',
    what: 'reblogged',
    run: (d, a, p) => unboostPost(d.store, a, p),
  },
  {
    path: 'bookmark',
    scope: 'write:bookmarks',
    what: 'bookmarked',
    run: (d, a, p) => addBookmark(d.store, a, p),
  },
  {
    path: 'unbookmark',
    scope: 'write:bookmarks',
    what: 'bookmarked',
    run: (d, a, p) => removeBookmark(d.store, a, p),
  },
];

export function statusActionRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const { store } = deps;
  const postOf = async (actorId: string | null, params: unknown, what: string) => {
    const found = await findStatus(store, actorId, decodeStatusId((params as { id: string }).id));
    if (found.kind === 'comment') throw unprocessable(`A comment cannot be ${what} on Realm.`);
    return found.card;
  };

  for (const action of actions) {
    app.post(`/api/v1/statuses/:id/${action.path}`, async (request) => {
      const actor = await requireMember(deps, request, action.scope);
      const card = await postOf(actor.id, request.params, action.what);
      await asMastodon(() => idempotent(() => action.run(deps, actor, card.id, card.likedByMe)));
      return postStatusAfterWrite(store, actor.id, originOf(deps, request), card.id);
    });
  }

  // Answers the reblog itself, around the post, as Mastodon does.
  app.post('/api/v1/statuses/:id/reblog', async (request) => {
    const actor = await requireMember(deps, request, 'write:statuses');
    const card = await postOf(actor.id, request.params, 'reblogged');
    await asMastodon(() => idempotent(() => boostPost(store, actor, card.id)));
    const at = await store.read.interactions.boostTime(card.id, actor.id);
    const [fresh] = await statusCards(store, actor.id, [card.id], [actor.id]);
    if (at === undefined || !fresh?.boostedBy) throw recordNotFound();
    const ctx = await statusContext(deps, actor.id, originOf(deps, request), [fresh]);
    return reblogStatus(ctx, fresh, fresh.boostedBy, at);
  });

  const listRoute = (path: string, read: 'likers' | 'boosters') =>
    app.get(`/api/v1/statuses/:id/${path}`, async (request, reply) => {
      const viewer = await optionalMember(deps, request, 'read:accounts');
      const viewerId = viewer?.id ?? null;
      const card = await postOf(viewerId, request.params, 'favourited or reblogged');
      return sendMembers(deps, request, reply, (key, limit) =>
        store.read.interactions[read](viewerId, card.id, key, limit),
      );
    });
  listRoute('favourited_by', 'likers');
  listRoute('reblogged_by', 'boosters');
}

/**
 * A page of members, newest first, its Link ids list ids (ids.ts: the like's or boost's time and the member).
 * The reads go downwards only, so `since_id` and `min_id` both answer the newest members above the id (for
 * `min_id` Mastodon answers those just above it: the same page whenever fewer than `limit` are above).
 */
async function sendMembers(
  deps: MastodonDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  read: (key: [number, string] | null, limit: number) => Promise<InteractionRow[]>,
) {
  const page = pageQuery(request, { fallback: 40, max: 80, decode: decodeListId });
  const newest = await read(page.maxId, page.limit + 1);
  const above = (row: InteractionRow) => {
    const floor = page.minId;
    return !floor || row.at > floor[0] || (row.at === floor[0] && row.memberId > floor[1]);
  };
  const rows = newest.filter(above);
  const shown = rows.slice(0, page.limit);
  const accounts = new Map(
    (
      await accountsOf(
        deps.store,
        shown.map((row) => row.memberId),
      )
    ).map((row) => [row.id, row]),
  );
  const origin = originOf(deps, request);
  const ids = shown.map((row) => encodeListId(row.at, row.memberId));
  setLinkHeader(reply, request, origin, ids, rows.length > page.limit);
  return shown.flatMap((row) => {
    const account = accounts.get(row.memberId);
    return account ? [mastodonAccount(origin, account)] : [];
  });
}
