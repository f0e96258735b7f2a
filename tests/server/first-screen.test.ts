import { afterEach, describe, expect, it } from 'vitest';
import { adminOf } from '../helpers/accounts.js';
import { builtClient } from '../helpers/built-client.js';
import { call } from '../helpers/http.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A reloaded page of home, explore, a profile or a post comes with its first screen drawn by the server,
// from the same reads the page's hooks make, for the member the page cookie names: the posts show before the
// bundle has run (docs/performance.md). Never for a visitor: what a page's HTML tells a stranger is decided
// by the link preview's rule alone (tests/server/link-previews.test.ts).

let t: TestApp;
afterEach(() => t?.close());

const hostile = `</script><script>alert(1)</script><!-- & "quoted" <b>bold</b>`;

async function instance(visitors = false) {
  t = await makeTestApp({ serveBuiltClient: true, clientDir: builtClient() });
  await (await adminOf(t)).api.instance.update({ visitorsMayRead: visitors });
  const ana = await t.member({ username: 'ana' });
  const sam = await t.member({ username: 'sam' });
  const post = await t.caller(sam.token).posts.create({ content: `Tomatoes are in! ${hostile}` });
  await t.caller(ana.token).follow.follow({ userId: sam.id });
  return { ana, sam, post };
}

async function page(path: string, token?: string) {
  const res = await call(t.app, 'GET', path, token ? { headers: { cookie: `realm_page=${token}` } } : {});
  expect(res.status, path).toBe(200);
  const html = String(res.body);
  const root =
    /<div id="root"(?: inert)?>([^]*?)<\/div>\n {4}(<script type="application\/json"|<\/body>)/.exec(html);
  const data = /<script type="application\/json" id="realm-first-screen">([^<]*)<\/script>/.exec(html);
  return {
    html,
    headers: res.headers,
    /** What is drawn inside #root ('' when nothing). */
    drawn: root?.[1] ?? '',
    data: data ? (JSON.parse(data[1]!) as { drawnFor: string | null; answers: { path: string }[] }) : null,
    drawnFor: /<meta name="realm-drawn-for" content="([^"]*)" \/>/.exec(html)?.[1],
  };
}

describe('a page drawn by the server', () => {
  it("shows a member's home, explore, a profile and a post with their posts, and carries the answers", async () => {
    const { ana, post } = await instance();
    for (const path of ['/', '/explore', '/profile/sam', `/post/${post.id}`]) {
      const drawn = await page(path, ana.token);
      expect(drawn.drawn, path).toContain('aria-label="Post by sam"');
      // Inert until the app has started, so no tap or keystroke goes to a control that does nothing yet.
      expect(drawn.html, path).toContain('<div id="root" inert>');
      expect(drawn.drawn, path).toContain('Tomatoes are in!');
      expect(drawn.drawnFor, path).toBe(String(ana.id));
      expect(drawn.data?.drawnFor, path).toBe(String(ana.id));
      expect(drawn.data!.answers.length, path).toBeGreaterThan(0);
      // Never kept by a shared cache, never served for another cookie; the token itself is nowhere in it.
      expect(drawn.headers['cache-control'], path).toBe('private, no-cache');
      expect(drawn.headers.vary, path).toContain('cookie');
      expect(drawn.html, path).not.toContain(ana.token);
    }
  });

  it("writes a member's text as text, in the screen and in the answers", async () => {
    const { ana } = await instance();
    const { html, drawn, data } = await page('/', ana.token);
    expect(drawn).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    // Two scripts of the page and the answers' (data, never run): no text ended one and began another.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(JSON.stringify(data)).toContain(JSON.stringify(hostile).slice(1, -1));
  });

  it('is not drawn signed out where visitors may not read, for a token that no longer works, or on home', async () => {
    const { post } = await instance(false);
    for (const path of ['/', '/explore', '/profile/sam', `/post/${post.id}`]) {
      expect((await page(path)).drawn, path).toBe('');
      expect((await page(path, 'not-a-token')).drawn, path).toBe('');
    }
  });

  it("is not drawn for a visitor, even where visitors may read: what HTML tells strangers is the preview's", async () => {
    const { post } = await instance(true);
    for (const path of ['/', '/explore', '/profile/sam', `/post/${post.id}`]) {
      const visitor = await page(path);
      expect(visitor.drawn, path).toBe('');
      expect(visitor.data, path).toBeNull();
      expect(visitor.drawnFor, path).toBeUndefined();
    }
  });

  it('follows the one visibility rule: nothing of a blocked member, nothing that is gone', async () => {
    const { ana, post } = await instance();
    await t.caller(ana.token).relations.block({ username: 'sam' });
    expect((await page(`/post/${post.id}`, ana.token)).drawn).toBe('');
    expect((await page('/explore', ana.token)).drawn).not.toContain('Tomatoes');
    expect((await page('/post/no-such-post', ana.token)).drawn).toBe('');
  });

  it("costs its screen's own reads: a few statements, whatever the page", async () => {
    const { ana, post } = await instance();
    for (const path of ['/', '/explore', '/profile/sam', `/post/${post.id}`])
      expect(await statementsRunBy(t, () => page(path, ana.token)), path).toBeLessThanOrEqual(12);
  });

  it('is not drawn on the pages whose first screen has no posts', async () => {
    const { ana } = await instance();
    for (const path of ['/settings', '/notifications', '/auth', '/nowhere'])
      expect((await page(path, ana.token)).drawn, path).toBe('');
  });
});
