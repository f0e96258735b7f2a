import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../domain/auth.js';
import { setBoostsHidden } from '../domain/boosts.js';
import { DomainError, messages } from '../domain/errors.js';
import { follow, unfollow } from '../domain/follow.js';
import { relate, unrelate } from '../domain/relations.js';
import type { RelationKind } from '../store/store.js';
import { memberIdParam } from './account-views.js';
import { requireMember } from './caller.js';
import type { MastodonDeps } from './deps.js';
import { mastodonRelationship } from './entities/relationship.js';
import { isUuid } from './ids.js';
import type { Scope } from './oauth/scopes.js';

// Relationships, and follow, block and mute (mastodon/documentation content/en/methods/accounts.md). Each
// write goes through the same rules as the web app's (domain/follow.ts, relations.ts) and answers the
// Relationship as it now stands. As Mastodon's, they are idempotent: following someone already followed
// (or unfollowing someone not followed) changes nothing and is no error.

/** How many members one relationships request may ask about (Mastodon reads at most 40 as well). */
const idsMax = 40;

/** `id[]=a&id[]=b`, `id=a`, or `id[0]=a`: the forms apps send the list in. */
function idsOf(request: FastifyRequest): string[] {
  const query = request.query as Record<string, unknown>;
  const values = Object.entries(query)
    .filter(([name]) => /^id(\[\d*\])?$/.test(name))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string');
  return [...new Set(values)].slice(0, idsMax);
}

export async function relationshipOf(deps: MastodonDeps, actor: Actor, memberId: string) {
  const [row] = await deps.store.read.relations.relationships(actor.id, [memberId]);
  return mastodonRelationship(row!);
}

// `reblogs` may come as a boolean (JSON) or as text (a form): "false", "0" and "" are false.
const followBody = z
  .object({
    reblogs: z
      .union([z.boolean(), z.string().transform((text) => !['false', '0', ''].includes(text))])
      .optional(),
  })
  .catch({});

/** Two follows at once: the second finds the first done, which is what it asked for. */
async function unlessAlready(work: Promise<void>, already: string): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof DomainError && error.message === already)) throw error;
  }
}

async function usernameOf(deps: MastodonDeps, memberId: string): Promise<string> {
  const profile = await deps.store.read.members.profile(null, memberId);
  return profile!.username;
}

export async function accountRelationRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.get('/api/v1/accounts/relationships', async (request) => {
    const actor = await requireMember(deps, request, 'read:follows');
    const ids = idsOf(request).filter(isUuid);
    const rows = new Map(
      (await deps.store.read.relations.relationships(actor.id, ids)).map((row) => [row.id, row]),
    );
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [mastodonRelationship(row)] : [];
    });
  });

  app.post('/api/v1/accounts/:id/follow', async (request) => {
    const actor = await requireMember(deps, request, 'write:follows');
    const memberId = await memberIdParam(deps, request);
    const { reblogs } = followBody.parse(request.body ?? {});
    const before = await relationshipOf(deps, actor, memberId);
    if (!before.following)
      await unlessAlready(follow(deps.store, actor, memberId), messages.alreadyFollowing);
    if (reblogs !== undefined && reblogs !== before.showing_reblogs) {
      await setBoostsHidden(deps.store, actor, memberId, !reblogs);
    }
    return relationshipOf(deps, actor, memberId);
  });

  app.post('/api/v1/accounts/:id/unfollow', async (request) => {
    const actor = await requireMember(deps, request, 'write:follows');
    const memberId = await memberIdParam(deps, request);
    await unlessAlready(unfollow(deps.store, actor, memberId), messages.notFollowing);
    return relationshipOf(deps, actor, memberId);
  });

  const relation = (path: string, kind: RelationKind, scope: Scope, undo: boolean) =>
    app.post(path, async (request) => {
      const actor = await requireMember(deps, request, scope);
      const memberId = await memberIdParam(deps, request);
      const username = await usernameOf(deps, memberId);
      await (undo ? unrelate : relate)(deps.store, actor, kind, username);
      return relationshipOf(deps, actor, memberId);
    });
  relation('/api/v1/accounts/:id/block', 'block', 'write:blocks', false);
  relation('/api/v1/accounts/:id/unblock', 'block', 'write:blocks', true);
  relation('/api/v1/accounts/:id/mute', 'mute', 'write:mutes', false);
  relation('/api/v1/accounts/:id/unmute', 'mute', 'write:mutes', true);
}
