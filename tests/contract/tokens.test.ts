import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useRealm } from './instance.js';
import { makeFixture, send, tokenRoutes, visibleState } from './routes.js';
import { expectError, messages, missingId } from './shapes.js';

// docs/api.md, "The API", and docs/differences-from-the-mock.md item 3: the token raw in `authorization` or
// as `Bearer <token>`; a missing, malformed, expired or wrongly signed token is 401, a valid one whose member
// does not exist the spec's 404. This instance is given its secret, so that the test can sign tokens as the
// server would.

const secret = 'contract-tests-secret-of-at-least-32-characters';
const api = useRealm({ REALM_JWT_SECRET: secret });

const now = () => Math.floor(Date.now() / 1000);
const sign = (claims: Record<string, unknown>, key: string, times = { iat: now(), exp: now() + 3600 }) =>
  new SignJWT({ ...claims, ...times })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(key));

describe('every route that needs a token', () => {
  it.each([
    ['the token raw', (token: string) => token],
    ['Bearer <token>', (token: string) => `Bearer ${token}`],
  ])('answers its success status to %s', async (_label, spell) => {
    const f = await makeFixture(api);
    for (const route of tokenRoutes) {
      const res = await send(api, route, f, spell(f.owner.token));
      expect(res.status, `${route.name}: ${JSON.stringify(res.body)}`).toBe(route.ok);
    }
  });

  type Bad = (member: { id: string; username: string }) => Promise<string | undefined> | string | undefined;
  const badTokens: Array<[string, Bad]> = [
    ['no token', () => undefined],
    ['a token that is not a JWT', () => 'not-a-token'],
    ['"Bearer " and nothing', () => 'Bearer '],
    ['a token signed with another secret', (m) => sign({ _id: m.id, username: m.username }, secret + 'x')],
    [
      'an expired token',
      (m) => sign({ _id: m.id, username: m.username }, secret, { iat: now() - 7200, exp: now() - 3600 }),
    ],
    ['an unsigned token (alg none)', (m) => new UnsecuredJWT({ _id: m.id, username: m.username }).encode()],
  ];

  /** Every route that needs a token refuses this one with `status` and `message`, and nothing changes. */
  async function expectEveryRouteRefuses(makeToken: Bad, status: number, message: string) {
    const f = await makeFixture(api);
    const token = await makeToken(f.owner);
    const before = await visibleState(api, f);
    for (const route of tokenRoutes) {
      const res = await send(api, route, f, token);
      expect(res.status, route.name).toBe(status);
      expectError(res, status, message);
    }
    expect(await visibleState(api, f)).toEqual(before);
  }

  it.each(badTokens)('answers %s with 401 and changes nothing', (_label, make) =>
    expectEveryRouteRefuses(make, 401, messages.invalidToken),
  );

  it('answers a valid token of a member who does not exist with the spec’s 404', () =>
    expectEveryRouteRefuses(
      () => sign({ _id: missingId, username: 'ghost' }, secret),
      404,
      messages.unknownUsername,
    ));
});

describe('reads that need no token (spec section 6)', () => {
  it('answer without one, and take an invalid token as anonymous', async () => {
    const f = await makeFixture(api);
    const reads = [
      '/api/posts',
      `/api/posts/${f.postId}`,
      `/api/posts/user/${f.owner.username}`,
      `/api/comments/${f.postId}`,
      '/api/users',
      `/api/users/${f.owner.username}`,
    ];
    for (const path of reads) {
      expect((await api.get(path)).status, path).toBe(200);
      expect((await api.get(path, 'not-a-token')).status, path).toBe(200);
    }
  });
});
