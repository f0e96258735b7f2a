import { z } from 'zod';

// The consent screen's request (GET /oauth/authorize's query, RFC 6749 section 4.1.1 with PKCE's two
// parameters): the page reads it from its address and the server checks it again before it answers.

export const oobRedirect = 'urn:ietf:wg:oauth:2.0:oob';

const optionalText = (max: number) => z.string().max(max).optional();

export const authorizeRequest = z.object({
  client_id: z.string({ error: 'The app did not say who it is (client_id).' }).min(1).max(200),
  redirect_uri: z.string({ error: 'The app did not say where to go back (redirect_uri).' }).min(1).max(2000),
  response_type: optionalText(50),
  scope: optionalText(2000),
  state: optionalText(2000),
  code_challenge: optionalText(200),
  code_challenge_method: optionalText(20),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequest>;

/** The settings list's revoke: one app, all of the member's tokens for it. */
export const revokeAppInput = z.object({ appId: z.string().min(1).max(100) });
