import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// GET /manifest.webmanifest: what a phone's "Add to Home Screen" reads, with the instance's own name.
// Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

async function manifest() {
  const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  return response.json();
}

describe('the web app manifest', () => {
  it('is installable: standalone, from the root, with 192 and 512 px icons and a maskable one', async () => {
    t = await makeTestApp();
    expect(await manifest()).toMatchObject({
      name: 'Realm',
      short_name: 'Realm',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  it("carries the name the admins gave the instance, shortened at a word for the home screen's label", async () => {
    t = await makeTestApp();
    await t.store.write((tx) => tx.instance.set('name', JSON.stringify('Valley Garden Friends')));
    expect(await manifest()).toMatchObject({ name: 'Valley Garden Friends', short_name: 'Valley' });
    await t.store.write((tx) => tx.instance.set('name', JSON.stringify('Superlongcommunityname')));
    expect(await manifest()).toMatchObject({ short_name: 'Superlongcom' });
  });
});
