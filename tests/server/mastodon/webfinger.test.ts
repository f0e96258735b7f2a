import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// WebFinger (RFC 7033): `acct:handle@host` finds a member's profile page, as servers and apps ask
// (docs/mastodon-api.md, "Discovery"). Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const finger = async (resource: string | null, host = 'realm.example') => {
  const query = resource === null ? '' : `?resource=${encodeURIComponent(resource)}`;
  const response = await t.app.inject({
    method: 'GET',
    url: `/.well-known/webfinger${query}`,
    headers: { host },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};

describe('WebFinger', () => {
  it("answers acct:handle@host with the member's profile page, whatever the case asked", async () => {
    t = await makeTestApp();
    const ana = await t.member({ username: 'Ana_Lima' });
    const profile = 'http://realm.example/profile/Ana_Lima';
    for (const resource of ['acct:Ana_Lima@realm.example', 'acct:ana_lima@REALM.example', profile]) {
      const { status, body, headers } = await finger(resource);
      expect(status, resource).toBe(200);
      expect(headers['content-type']).toContain('application/jrd+json');
      expect(headers['access-control-allow-origin']).toBe('*');
      expect(body).toEqual({
        subject: 'acct:Ana_Lima@realm.example',
        aliases: [profile],
        links: [{ rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: profile }],
      });
    }
    expect(ana.username).toBe('Ana_Lima');
  });

  it('writes the host of REALM_PUBLIC_URL, port and all, and refuses the name at any other host', async () => {
    t = await makeTestApp({ config: { publicOrigin: 'https://social.example:8443' } });
    await t.member({ username: 'bo' });
    const { status, body } = await finger('acct:bo@social.example:8443', 'elsewhere.example');
    expect(status).toBe(200);
    expect(body.subject).toBe('acct:bo@social.example:8443');
    expect(body.aliases).toEqual(['https://social.example:8443/profile/bo']);
    expect((await finger('acct:bo@social.example')).status).toBe(404);
    expect((await finger('acct:bo@elsewhere.example')).status).toBe(404);
    expect((await finger('https://elsewhere.example/profile/bo')).status).toBe(404);
  });

  it('answers 404 for nobody, and 400 for a missing, malformed or overlong resource', async () => {
    t = await makeTestApp();
    await t.member({ username: 'cy' });
    expect((await finger('acct:nobody@realm.example')).status).toBe(404);
    expect((await finger('http://realm.example/profile/')).status).toBe(404);
    for (const resource of [
      null,
      '',
      'cy',
      'acct:cy',
      'mailto:cy@realm.example',
      `acct:${'c'.repeat(600)}@realm.example`,
    ]) {
      const { status, body } = await finger(resource);
      expect(status, String(resource)).toBe(400);
      expect(body.error).toBe('The resource must be acct:handle@host or a profile address.');
    }
  });
});
