import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { OAuthError } from '../../domain/oauth-secrets.js';

// How the OAuth endpoints answer a refusal: RFC 6749 section 5.2's `{ error, error_description }` under
// /oauth, Mastodon's `{ error: message }` under /api/v1 (docs/mastodon-api.md, "Signing in from an app").

export function sendOAuthError(reply: FastifyReply, error: OAuthError) {
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .send({ error: error.code, error_description: error.message });
}

/** The scope's error handler: OAuth's shape for /oauth, Mastodon's for /api/v1; 5xx internals hidden. */
export function oauthErrorHandling(scope: FastifyInstance) {
  scope.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const oauthPath = request.url.startsWith('/oauth/');
    if (error instanceof DomainError) {
      if (oauthPath && error instanceof OAuthError) return sendOAuthError(reply, error);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.status)
        .send(
          oauthPath
            ? { error: 'invalid_request', error_description: error.message }
            : { error: error.message },
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    const message = error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message;
    return reply
      .code(status)
      .send(oauthPath ? { error: 'invalid_request', error_description: message } : { error: message });
  });
}

/** A request's bearer token (RFC 6750 section 2.1), if it sent one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
