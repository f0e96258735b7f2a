import { afterEach, describe, expect, it } from 'vitest';
import { excerptMax } from '../../src/server/domain/link-preview.js';
import { pageMeta } from '../../src/server/page-meta.js';
import { adminOf } from '../helpers/accounts.js';
import { builtClient } from '../helpers/built-client.js';
import { call } from '../helpers/http.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A link to a post, a profile or a tag, pasted elsewhere, unfurls from the HTML the server sends: Open Graph,
// a Twitter summary card and a canonical link. Only when the instance lets visitors read, and only what a
// visitor may see; otherwise the instance's own name and description, and nothing of the post.

let t: TestApp;
afterEach(() => t?.close());

const origin = 'https://realm.example';
const hostile = `"><script>alert(1)</script> & 'quoted' <b>bold</b>`;

async function instance(options: { visitors: boolean; publicOrigin?: string }) {
  t = await makeTestApp({
    serveBuiltClient: true,
    clientDir: builtClient(),
    config: { publicOrigin: options.publicOrigin },
  });
  const admin = await adminOf(t);
  await admin.api.instance.update({
    name: 'Town <Square> & "Co"',
    description: 'A small town.',
    visitorsMayRead: options.visitors,
  });
  const author = await t.member({ username: 'amara', firstName: 'Amara', lastName: 'Okafor' });
  const api = t.caller(author.token);
  await api.users.editProfile({ bio: `Gardener. ${hostile}` });
  const post = await api.posts.create({ content: `Tomatoes are in! ${hostile}` });
  return { admin, author, post };
}

/** The page's HTML, as a link unfurler fetches it: no token, no script run. */
async function page(path: string, headers: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', path, { headers });
  expect(res.status, path).toBe(200);
  expect(String(res.headers['content-type'])).toContain('text/html');
  return String(res.body);
}

/**
 * The content of each `<meta property|name="key">`, unescaped as a browser would read it; not the one that
 * says whom a drawn first screen is for (src/server/first-screen.ts), which no unfurler reads.
 */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    if (key === 'realm-drawn-for') continue;
    tags[key!] = value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  }
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
  if (canonical) tags.canonical = canonical;
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (title !== undefined) tags.title = title;
  return tags;
}

const generic = {
  title: 'Town &#60;Square&#62; &#38; &#34;Co&#34;',
  description: 'A small town.',
  'og:site_name': 'Town <Square> & "Co"',
  'og:type': 'website',
  'og:title': 'Town <Square> & "Co"',
  'og:description': 'A small town.',
  'twitter:card': 'summary',
  'twitter:title': 'Town <Square> & "Co"',
  'twitter:description': 'A small town.',
};

describe('link previews in the served HTML', () => {
  it('describe a post, a profile and a tag when visitors may read, every value escaped', async () => {
    const { post } = await instance({ visitors: true, publicOrigin: origin });
    const postPage = await page(`/post/${post.id}`);
    expect(metaOf(postPage)).toEqual({
      title: expect.stringContaining('Amara Okafor (@amara) on Town &#60;Square&#62;'),
      description: `Tomatoes are in! ${hostile}`,
      'og:site_name': 'Town <Square> & "Co"',
      'og:type': 'article',
      'og:title': 'Amara Okafor (@amara) on Town <Square> & "Co"',
      'og:description': `Tomatoes are in! ${hostile}`,
      'og:url': `${origin}/post/${post.id}`,
      'twitter:card': 'summary',
      'twitter:title': 'Amara Okafor (@amara) on Town <Square> & "Co"',
      'twitter:description': `Tomatoes are in! ${hostile}`,
      canonical: `${origin}/post/${post.id}`,
    });
    // The member's text is never markup: not one of its tags reaches the page as a tag.
    for (const html of [postPage, await page('/profile/AMARA')]) {
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<b>bold');
      expect(html).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#39;quoted&#39;');
    }
    expect(metaOf(await page('/profile/AMARA'))).toMatchObject({
      'og:type': 'profile',
      'og:title': 'Amara Okafor (@amara)',
      'og:description': `Gardener. ${hostile}`,
      canonical: `${origin}/profile/amara`, // the member's own spelling, whatever the link's
    });
    expect(metaOf(await page('/tag/Tomatoes'))).toMatchObject({
      'og:title': '#Tomatoes on Town <Square> & "Co"',
      'og:description': 'Posts with #Tomatoes on Town <Square> & "Co".',
      canonical: `${origin}/tag/Tomatoes`,
    });
  });

  it('cut a long post to a bounded excerpt of plain text on one line', async () => {
    const { author } = await instance({ visitors: true });
    const long = await t.caller(author.token).posts.create({ content: `Line one\n\n${'word '.repeat(90)}` });
    const description = metaOf(await page(`/post/${long.id}`))['og:description']!;
    expect(Array.from(description).length).toBeLessThanOrEqual(excerptMax);
    expect(description).toMatch(/^Line one word word .*…$/);
  });

  it('carry only the instance’s name and description when visitors may not read: never the post', async () => {
    const { post } = await instance({ visitors: false, publicOrigin: origin });
    for (const path of [`/post/${post.id}`, '/profile/amara', '/tag/Tomatoes', '/explore', '/']) {
      const html = await page(path);
      expect(metaOf(html), path).toEqual(generic);
      expect(html).not.toContain('Tomatoes are in');
      expect(html).not.toContain('Gardener');
      expect(html).not.toContain('amara');
    }
  });

  it('say nothing of a suspended or limited member’s posts and profile, nor of a missing post', async () => {
    const { post, author } = await instance({ visitors: true, publicOrigin: origin });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(metaOf(await page(`/post/${missing}`))).toEqual(generic); // the client shows its own 404 screen
    const hide = {
      suspended: () => t.sql("update users set status = 'suspended' where id = $1", [author.id]),
      limited: () => t.sql("update users set status = 'active', limited_at = 1 where id = $1", [author.id]),
    };
    for (const [how, apply] of Object.entries(hide)) {
      await apply();
      for (const path of [`/post/${post.id}`, '/profile/amara']) {
        const html = await page(path);
        expect(metaOf(html), `${how}: ${path}`).toEqual(generic);
        expect(html).not.toContain('Tomatoes are in');
        expect(html).not.toContain('Gardener');
      }
    }
  });

  it('write no canonical address without REALM_PUBLIC_URL: the Host header is not believed', async () => {
    const { post } = await instance({ visitors: true });
    const html = await page(`/post/${post.id}`, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(metaOf(html)['og:title']).toBe('Amara Okafor (@amara) on Town <Square> & "Co"');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
  });

  it('cost two reads (the settings, one indexed row), and a failing database still serves the page', async () => {
    const { post } = await instance({ visitors: true });
    // The preview alone: the page also carries its first screen, drawn from that screen's own reads
    // (tests/server/first-screen.test.ts).
    const deps = {
      store: t.store,
      registrationDefault: 'open' as const,
      publicOrigin: origin,
      log: t.app.log,
    };
    expect(await statementsRunBy(t, () => pageMeta(deps, `/post/${post.id}`))).toBeLessThanOrEqual(2);
    expect(await statementsRunBy(t, () => pageMeta(deps, '/profile/amara'))).toBeLessThanOrEqual(2);
    await t.closeDatabase();
    expect(metaOf(await page(`/post/${post.id}`))).toMatchObject({ 'og:title': 'Realm', title: 'Realm' });
  });
});
