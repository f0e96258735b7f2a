import { describe, expect, it } from 'vitest';
import { seedMembers } from '../../seed/data.js';
import { useRealm } from './instance.js';

// The doors besides /api: the health check (docs/configuration.md, "Health check"), the web client and the
// seed pictures, served by the app itself so that an offline instance has them
// (docs/differences-from-the-mock.md).

const api = useRealm();

describe('GET /healthz', () => {
  it('answers 200 {"ok":true}', async () => {
    const res = await api.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('the web client', () => {
  it.each(['/', '/auth', '/explore', '/bookmark', '/profile/janecooper'])(
    'GET %s answers the client’s HTML page, titled Realm',
    async (path) => {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/^<!doctype html>/i);
      expect(res.body).toContain('<title>Realm</title>');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it('serves the scripts and styles the page names', async () => {
    const page = (await api.get('/')).body as string;
    const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true);
    for (const path of assets) {
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(path.endsWith('.css') ? /^text\/css/ : /javascript/);
      expect(String(res.body).length, path).toBeGreaterThan(0);
    }
  });
});

describe('seed pictures', () => {
  const pictures = seedMembers.flatMap((m) => [
    `/pictures/${m.picture}.svg`,
    `/pictures/${m.picture}-banner.svg`,
  ]);

  it.each(pictures)('GET %s answers an SVG image', async (path) => {
    const res = await api.get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg[\s>]/);
    expect(res.body).toMatch(/<\/svg>\s*$/);
  });

  it('are the pictures the seed members’ profiles point at', async () => {
    const { users } = (await api.get('/api/users')).body as { users: Array<Record<string, string>> };
    for (const member of seedMembers) {
      const user = users.find((u) => u._id === member.id);
      expect(user, member.username).toMatchObject({
        profilePic: `/pictures/${member.picture}.svg`,
        profileBanner: `/pictures/${member.picture}-banner.svg`,
      });
    }
  });
});
