import type { FastifyInstance } from 'fastify';
import { originOf } from '../deps.js';
import { allScopes } from './scopes.js';

// GET /.well-known/oauth-authorization-server (RFC 8414), which Mastodon 4.3+ clients read to learn the
// endpoints, the scopes and that PKCE S256 is supported.

export function metadataRoute(
  scope: FastifyInstance,
  { publicOrigin }: { publicOrigin: string | undefined },
) {
  scope.get('/.well-known/oauth-authorization-server', async (request, reply) => {
    const origin = originOf({ publicOrigin }, request);
    return reply.header('cache-control', 'public, max-age=3600').send({
      issuer: `${origin}/`,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      app_registration_endpoint: `${origin}/api/v1/apps`,
      scopes_supported: allScopes,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  });
}
