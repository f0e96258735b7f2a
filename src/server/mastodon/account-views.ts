import type { FastifyRequest } from 'fastify';
import { accountsOf, profileById } from '../domain/people.js';
import { DomainError } from '../domain/errors.js';
import type { Actor } from '../domain/auth.js';
import { originOf, type MastodonDeps } from './deps.js';
import { mastodonAccount, type MastodonAccount } from './entities/account.js';
import { isUuid } from './ids.js';

// Accounts as the accounts, notifications and search endpoints answer them: one read for a page's members.

/** Mastodon's answer for an id that names nothing (or nothing the caller may see). */
export const recordNotFound = () => new DomainError(404, 'Record not found', 'NOT_FOUND');

/** The members with these ids as Accounts, in the order given; ids nobody has are left out. */
export async function accountsInOrder(
  deps: MastodonDeps,
  request: FastifyRequest,
  ids: readonly string[],
): Promise<MastodonAccount[]> {
  if (ids.length === 0) return [];
  const origin = originOf(deps, request);
  const rows = new Map((await accountsOf(deps.store, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [mastodonAccount(origin, row)] : [];
  });
}

/** One member as an Account, their bio's mentions linked as the web profile links them; 404 without one. */
export async function accountById(
  deps: MastodonDeps,
  request: FastifyRequest,
  id: string,
  viewer: Actor | null = null,
): Promise<MastodonAccount> {
  if (!isUuid(id)) throw recordNotFound();
  const [row] = await accountsOf(deps.store, [id]);
  if (!row) throw recordNotFound();
  const { bioMentions } = await profileById(deps.store, viewer?.id ?? null, id);
  return mastodonAccount(originOf(deps, request), row, bioMentions);
}

/** The member named by the route's `:id`, as a member id that exists; 404 otherwise. */
export async function memberIdParam(deps: MastodonDeps, request: FastifyRequest): Promise<string> {
  const { id } = request.params as { id: string };
  if (!isUuid(id) || !(await deps.store.read.members.exists(id))) throw recordNotFound();
  return id;
}
