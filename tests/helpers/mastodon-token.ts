import { createHash, randomBytes } from 'node:crypto';

// An access token of the Mastodon client API for a member, got as an app gets one: register an app
// (POST /api/v1/apps), approve its request as the consent page does (tRPC oauth.approve, with the member's
// Realm session token), then exchange the code with PKCE S256 (POST /oauth/token). All through HTTP: an
// app's `inject` in tests, or `overHttp` against a running server (the bench).

/** What these helpers send requests through: a Fastify app's `inject`, or `overHttp`'s. */
export type Injects = {
  inject(options: {
    method: 'POST';
    url: string;
    headers?: Record<string, string>;
    payload: Record<string, string>;
  }): Promise<{ statusCode: number; body: string; json<T>(): T }>;
};

/** `inject` over real HTTP to a server at `origin`, for a Realm running in another process. */
export const overHttp = (origin: string): Injects => ({
  async inject({ method, url, headers = {}, payload }) {
    const res = await fetch(origin + url, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: <T>() => JSON.parse(body) as T };
  },
});

export const testRedirect = 'https://app.example/callback';

export type RegisteredApp = { id: string; client_id: string; client_secret: string; scopes: string[] };

/** Registers an app allowed `scopes` and redirecting to `testRedirect` (and the out-of-band redirect). */
export async function registerTestApp(app: Injects, scopes = 'read write follow push', name = 'Test app') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/apps',
    payload: {
      client_name: name,
      redirect_uris: `${testRedirect}\nurn:ietf:wg:oauth:2.0:oob`,
      scopes,
      website: 'https://app.example',
    },
  });
  if (res.statusCode !== 200) throw new Error(`POST /api/v1/apps answered ${res.statusCode}: ${res.body}`);
  return res.json<RegisteredApp>();
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The consent page's Allow, as the member: answers the authorization code. */
export async function approve(
  app: Injects,
  memberToken: string,
  query: Record<string, string>,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/trpc/oauth.approve',
    headers: { authorization: memberToken },
    payload: query,
  });
  if (res.statusCode !== 200) throw new Error(`oauth.approve answered ${res.statusCode}: ${res.body}`);
  const { code, redirectUrl } = res.json<{
    result: { data: { code: string | null; redirectUrl: string | null } };
  }>().result.data;
  const found = code ?? new URL(redirectUrl!).searchParams.get('code');
  if (!found) throw new Error('oauth.approve answered no code');
  return found;
}

/** An access token for the member holding `memberToken`, by the code flow with PKCE. */
export async function appToken(
  app: Injects,
  memberToken: string,
  scopes = 'read write follow push',
): Promise<string> {
  const registered = await registerTestApp(app, scopes);
  const { verifier, challenge } = pkcePair();
  const code = await approve(app, memberToken, {
    client_id: registered.client_id,
    redirect_uri: testRedirect,
    response_type: 'code',
    scope: scopes,
    state: 'test-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: testRedirect,
      client_id: registered.client_id,
      client_secret: registered.client_secret,
      code_verifier: verifier,
    },
  });
  if (res.statusCode !== 200) throw new Error(`POST /oauth/token answered ${res.statusCode}: ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}
