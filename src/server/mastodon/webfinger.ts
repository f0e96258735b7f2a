import type { FastifyInstance } from 'fastify';
import { findUserIdByUsername } from '../domain/auth.js';
import { DomainError } from '../domain/errors.js';
import { accountsOf } from '../domain/people.js';
import { recordNotFound } from './account-views.js';
import { originOf, type MastodonDeps } from './deps.js';
import { profileUrl } from './web-urls.js';

// WebFinger (RFC 7033) for members: `acct:handle@host`, where host is this instance's (REALM_PUBLIC_URL's,
// else the request's), answers where the member's profile is. Federation adds the actor document's link
// (docs/mastodon-api.md, "Discovery").

const profilePage = 'http://webfinger.net/rel/profile-page';
/** Longer than any handle at any host: past it the resource is refused unread. */
const resourceMax = 500;

const badResource = () =>
  new DomainError(400, 'The resource must be acct:handle@host or a profile address.', 'BAD_REQUEST');

/** The handle a resource names on this instance's host, or null where it names another host. */
function handleIn(resource: string, origin: string): string | null {
  const host = new URL(origin).host.toLowerCase();
  const acct = /^acct:@?([^@\s]+)@([^@\s]+)$/i.exec(resource);
  if (acct) return acct[2]!.toLowerCase() === host ? acct[1]! : null;
  const profile = `${origin}/profile/`;
  if (resource.toLowerCase().startsWith(profile.toLowerCase())) {
    const name = resource.slice(profile.length);
    try {
      return name === '' || name.includes('/') ? null : decodeURIComponent(name);
    } catch {
      return null;
    }
  }
  if (/^https?:\/\//i.test(resource)) return null;
  throw badResource();
}

export async function webFingerRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.get('/.well-known/webfinger', async (request, reply) => {
    const { resource } = request.query as { resource?: unknown };
    if (typeof resource !== 'string' || resource === '' || resource.length > resourceMax) throw badResource();
    const origin = originOf(deps, request);
    const handle = handleIn(resource, origin);
    // The members Mastodon's accounts/lookup finds, and no others: the one rule of who is shown.
    const id = handle === null ? undefined : await findUserIdByUsername(deps.store, handle);
    const [member] = id === undefined ? [] : await accountsOf(deps.store, [id]);
    if (!member) throw recordNotFound();
    const href = profileUrl(origin, member.username);
    reply.type('application/jrd+json; charset=utf-8');
    // Read from pages of other sites (RFC 7033 section 5): the answer holds nothing private.
    reply.header('access-control-allow-origin', '*');
    return {
      subject: `acct:${member.username}@${new URL(origin).host}`,
      aliases: [href],
      links: [{ rel: profilePage, type: 'text/html', href }],
    };
  });
}
