import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerApp } from '../../domain/oauth.js';
import { OAuthError } from '../../domain/oauth-secrets.js';
import { appOfToken } from '../../domain/oauth-tokens.js';
import { vapidKeys } from '../../domain/push-subscriptions.js';
import type { OAuthAppRow, Store } from '../../store/store.js';
import { bearerToken } from './answers.js';
import { resolveAppToken } from './app-tokens.js';

// POST /api/v1/apps and GET /api/v1/apps/verify_credentials (mastodon/documentation
// content/en/methods/apps.md), answering the Application entity (content/en/entities/Application.md).

const text = z.string().max(4000);
const appBody = z.object({
  client_name: z.string({ error: 'client_name is missing.' }).max(4000),
  // A newline-separated string (every Mastodon), or a list (Mastodon 4.3+, and forms' redirect_uris[]).
  redirect_uris: z.union([text, z.array(text).max(20)], { error: 'redirect_uris is missing.' }),
  scopes: text.optional(),
  website: text.nullish(),
});

/** The Application entity without its credentials: what verify_credentials shows. */
const application = (app: OAuthAppRow, vapidKey: string) => ({
  id: app.id,
  name: app.name,
  website: app.website,
  scopes: app.scopes,
  redirect_uri: app.redirectUris.join('\n'),
  redirect_uris: app.redirectUris,
  vapid_key: vapidKey,
});

export type AppsRoutesOptions = {
  store: Store;
  /** Registrations per address are limited (REALM_RATE_LIMIT, domain/app-registrations.ts). */
  limitRegistrations: boolean;
};

export function appsRoutes(scope: FastifyInstance, { store, limitRegistrations }: AppsRoutesOptions) {
  scope.post('/api/v1/apps', async (request, reply) => {
    const result = appBody.safeParse(request.body ?? {});
    if (!result.success) {
      const issue = result.error.issues[0];
      const message = issue?.message.endsWith('is missing.')
        ? issue.message
        : `${issue?.path.join('.') ?? 'The body'} is not valid.`;
      return reply.code(422).send({ error: `Validation failed: ${message}` });
    }
    const body = result.data;
    const redirectUris = Array.isArray(body.redirect_uris)
      ? body.redirect_uris
      : body.redirect_uris.split(/\r?\n/);
    try {
      const { app, clientSecret } = await registerApp(
        store,
        {
          name: body.client_name,
          website: body.website ?? null,
          redirectUris,
          ...(body.scopes !== undefined && { scopes: body.scopes }),
        },
        limitRegistrations ? request.ip : undefined,
      );
      const { publicKey } = await vapidKeys(store);
      return reply.header('cache-control', 'no-store').send({
        ...application(app, publicKey),
        client_id: app.clientId,
        client_secret: clientSecret,
        client_secret_expires_at: 0,
      });
    } catch (error) {
      if (error instanceof OAuthError)
        return reply.code(422).send({ error: `Validation failed: ${error.message}` });
      throw error;
    }
  });

  scope.get('/api/v1/apps/verify_credentials', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    const grant = token ? await resolveAppToken(store, token) : null;
    if (!grant) return reply.code(401).send({ error: 'The access token is invalid' });
    if (grant.memberId !== null) {
      const member = await store.read.members.actor(grant.memberId);
      if (member?.status !== 'active')
        return reply.code(403).send({ error: 'Your login is currently disabled' });
    }
    const app = await appOfToken(store, grant.appId);
    return application(app, (await vapidKeys(store)).publicKey);
  });
}
