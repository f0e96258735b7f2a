import type { FastifyRequest } from 'fastify';
import type { ClientCredentials } from '../../domain/oauth-tokens.js';
import { OAuthError } from '../../domain/oauth-secrets.js';

/**
 * The client's id and secret from HTTP Basic (RFC 6749 section 2.3.1: each form-urlencoded, then joined by
 * a colon) or from the body's client_id and client_secret; both at once is refused, as the RFC says.
 */
export function clientCredentialsOf(
  request: FastifyRequest,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): ClientCredentials & { basic: boolean } {
  const header = request.headers.authorization;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!basic) return { clientId: body.client_id, clientSecret: body.client_secret, basic: false };
  if (body.client_secret !== undefined) {
    throw new OAuthError(
      'invalid_request',
      'Authenticate the app one way: HTTP Basic or the body, not both.',
    );
  }
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'The app could not be authenticated.');
  try {
    const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    const clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    if (body.client_id !== undefined && body.client_id !== clientId) {
      throw new OAuthError('invalid_request', 'The client_id of the body is not the one HTTP Basic names.');
    }
    return { clientId, clientSecret, basic: true };
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError('invalid_client', 'The app could not be authenticated.');
  }
}
