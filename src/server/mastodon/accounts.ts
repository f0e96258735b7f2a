import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mayUpload, uploadPicture } from '../domain/media.js';
import { findUserIdByUsername, type Actor } from '../domain/auth.js';
import { profileById, whoToFollow } from '../domain/people.js';
import { editProfile } from '../domain/profile.js';
import { mediaDeps } from '../media-routes/pictures.js';
import { accountById, accountsInOrder, recordNotFound } from './account-views.js';
import { grantOf, optionalMember, requireMember } from './caller.js';
import { credentialChanges } from './credentials.js';
import { originOf, type MastodonDeps } from './deps.js';
import { credentialAccount } from './entities/credential-account.js';
import { acceptFormBodies } from './form-bodies.js';
import { grants } from './oauth/scopes.js';
import { searchPeoplePage } from './people-search.js';

// The member's own account and others' (mastodon/documentation content/en/methods/accounts.md), over
// domain/people.ts and profile.ts. A member's statuses are statuses.ts's; follows, blocks and mutes are
// account-relations.ts's; lists of accounts account-lists.ts's.

async function credentialsOf(deps: MastodonDeps, request: FastifyRequest, actor: Actor) {
  const [account, profile] = await Promise.all([
    accountById(deps, request, actor.id, actor),
    profileById(deps.store, actor.id, actor.id),
  ]);
  return credentialAccount(account, profile, actor.role);
}

const searchQuery = z.object({
  q: z.string({ error: 'q is required' }).min(1, 'q is required'),
  limit: z.coerce
    .number()
    .int()
    .catch(40)
    .transform((n) => Math.min(Math.max(n, 1), 80)),
  offset: z.coerce.number().int().min(0).catch(0),
});

export async function accountRoutes(app: FastifyInstance, deps: MastodonDeps) {
  // Two pictures and the form's fields.
  acceptFormBodies(app, { multipartLimit: deps.media.maxBytes * 2 + 64 * 1024 });
  const pictures = mediaDeps(deps.store, deps.mediaStorage, deps.media, app.log, deps.mediaNameKey);

  // `profile` (Mastodon 4.3) grants this one read; read:accounts grants it as before.
  app.get('/api/v1/accounts/verify_credentials', async (request) => {
    const grant = await grantOf(deps, request);
    const scope = grant && grants(grant.scopes, 'profile') ? 'profile' : 'read:accounts';
    const actor = await requireMember(deps, request, scope);
    return credentialsOf(deps, request, actor);
  });

  // Who edits is known before the body (up to two pictures) is read, as for an upload (media.ts).
  const editors = new WeakMap<FastifyRequest, Actor>();
  const onRequest = async (request: FastifyRequest) => {
    editors.set(request, await requireMember(deps, request, 'write:accounts'));
  };
  app.patch('/api/v1/accounts/update_credentials', { onRequest }, async (request) => {
    const actor = editors.get(request)!;
    const changes = credentialChanges(request.body);
    const fields = { ...changes.fields };
    // Each picture is stored (and checked) as the web app's upload, then chosen with the other fields in
    // one profile edit, so either everything given changes or, on a refusal, the profile stays as it was.
    if (changes.avatar) {
      const permit = await mayUpload(pictures, actor);
      fields.profilePic = (await uploadPicture(pictures, permit, changes.avatar.bytes, 'avatar')).url;
    }
    if (changes.header) {
      const permit = await mayUpload(pictures, actor);
      fields.profileBanner = (await uploadPicture(pictures, permit, changes.header.bytes, 'banner')).url;
    }
    await editProfile(deps.store, actor, fields);
    return credentialsOf(deps, request, actor);
  });

  app.get('/api/v1/accounts/lookup', async (request) => {
    const viewer = await optionalMember(deps, request, 'read:accounts');
    const { acct } = request.query as { acct?: unknown };
    if (typeof acct !== 'string' || acct === '') throw recordNotFound();
    // `user` or `@user`; `user@domain` only where the domain is this instance's own (there are no others),
    // written as WebFinger writes it (webfinger.ts): the host, with its port if it has one.
    const [username, domain] = acct.replace(/^@/, '').split('@');
    const host = new URL(originOf(deps, request)).host;
    if (domain !== undefined && domain.toLowerCase() !== host.toLowerCase()) throw recordNotFound();
    const memberId = await findUserIdByUsername(deps.store, username!);
    if (!memberId) throw recordNotFound();
    return accountById(deps, request, memberId, viewer);
  });

  app.get('/api/v1/accounts/search', async (request) => {
    const actor = await requireMember(deps, request, 'read:accounts');
    const query = searchQuery.safeParse(request.query);
    if (!query.success) return [];
    const ids = await searchPeoplePage(deps.store, actor.id, query.data);
    return accountsInOrder(deps, request, ids);
  });

  // Realm's "who to follow" (domain/people.ts): most-followed members I do not follow.
  app.get('/api/v1/suggestions', async (request) => {
    const actor = await requireMember(deps, request, 'read');
    const people = await whoToFollow(deps.store, actor.id);
    return accountsInOrder(
      deps,
      request,
      people.map((person) => person.id),
    );
  });
  app.get('/api/v2/suggestions', async (request) => {
    const actor = await requireMember(deps, request, 'read');
    const people = await whoToFollow(deps.store, actor.id);
    const accounts = await accountsInOrder(
      deps,
      request,
      people.map((person) => person.id),
    );
    return accounts.map((account) => ({ source: 'global', sources: ['global'], account }));
  });
  app.delete('/api/v1/suggestions/:id', async (request) => {
    await requireMember(deps, request, 'read');
    return {};
  });

  app.get('/api/v1/accounts/:id', async (request) => {
    const viewer = await optionalMember(deps, request, 'read:accounts');
    return accountById(deps, request, (request.params as { id: string }).id, viewer);
  });
}
