import { afterEach, describe, expect, it } from 'vitest';
import { builtClient } from '../helpers/built-client.js';
import { call } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// An old profile address, `/profile/<a handle the member had>`, moves for good to their current handle
// (docs/decisions/0016-handle-and-email.md), as the server draws the page.

let t: TestApp;
afterEach(() => t?.close());

describe('/profile/<a former handle>', () => {
  it('answers 301 to the current handle; the handle itself, in any case, and unknown names are pages', async () => {
    t = await makeTestApp({ serveBuiltClient: true, clientDir: builtClient() });
    const res = await call(t.app, 'POST', '/api/auth/signup', {
      body: { username: 'Mixed-abc', password: 'a-long-password' },
    });
    expect(res.body.createdUser.username).toBe('Mixed_abc');
    for (const old of ['/profile/Mixed-abc', '/profile/MIXED-ABC']) {
      const moved = await call(t.app, 'GET', old);
      expect(moved.status, old).toBe(301);
      expect(moved.headers.location).toBe('/profile/Mixed_abc');
    }
    for (const path of ['/profile/Mixed_abc', '/profile/mixed_ABC', '/profile/nobody']) {
      expect((await call(t.app, 'GET', path)).status, path).toBe(200);
    }
  });
});
