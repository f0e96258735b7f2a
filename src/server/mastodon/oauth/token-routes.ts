import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OAuthError } from '../../domain/oauth-secrets.js';
import {
  clientCredentialsToken,
  exchangeCode,
  revokeToken,
  type IssuedToken,
} from '../../domain/oauth-tokens.js';
import type { Store } from '../../store/store.js';
import { sendOAuthError } from './answers.js';
import { clientCredentialsOf } from './client-auth.js';

// POST /oauth/token (RFC 6749 sections 4.1.3 and 4.4, RFC 7636) and POST /oauth/revoke (RFC 7009), with
// form or JSON bodies.

const field = z.string().max(4000).optional();
const tokenBody = z.object({
  grant_type: field,
  code: field,
  redirect_uri: field,
  client_id: field,
  client_secret: field,
  code_verifier: field,
  scope: field,
});
const revokeBody = z.object({ token: field, client_id: field, client_secret: field });

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const name = result.error.issues[0]?.path.join('.') ?? 'body';
    throw new OAuthError('invalid_request', `The parameter ${name} must be given once, as text.`);
  }
  return result.data;
}

/** RFC 6749 section 5.1's answer, and the created_at (seconds) Mastodon adds. */
const tokenAnswer = (issued: IssuedToken) => ({
  access_token: issued.accessToken,
  token_type: 'Bearer',
  scope: issued.scopes.join(' '),
  created_at: Math.floor(issued.createdAt / 1000),
});

export function tokenRoutes(scope: FastifyInstance, { store }: { store: Store }) {
  scope.post('/oauth/token', async (request, reply) => {
    const body = parsed(tokenBody, request.body);
    const client = clientCredentialsOf(request, body);
    try {
      let issued: IssuedToken;
      if (body.grant_type === 'authorization_code') {
        issued = await exchangeCode(store, client, {
          code: body.code,
          redirectUri: body.redirect_uri,
          ...(body.code_verifier !== undefined && { codeVerifier: body.code_verifier }),
        });
      } else if (body.grant_type === 'client_credentials') {
        issued = await clientCredentialsToken(store, client, body.scope);
      } else if (body.grant_type === undefined) {
        throw new OAuthError('invalid_request', 'The grant_type is missing.');
      } else {
        throw new OAuthError('unsupported_grant_type', 'Use authorization_code or client_credentials.');
      }
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokenAnswer(issued));
    } catch (error) {
      // RFC 6749 section 5.2: a client that tried HTTP Basic and failed is told which scheme to use.
      if (error instanceof OAuthError && error.code === 'invalid_client' && client.basic) {
        reply.header('www-authenticate', 'Basic realm="Realm"');
      }
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      throw error;
    }
  });

  scope.post('/oauth/revoke', async (request, reply) => {
    const body = parsed(revokeBody, request.body);
    const client = clientCredentialsOf(request, body);
    await revokeToken(store, client, body.token);
    return reply.header('cache-control', 'no-store').send({});
  });
}
