import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoCredentials } from '../../seed/data.js';
import { runUntilExit, startServer } from '../helpers/server-process.js';

const json = { 'content-type': 'application/json' };

async function login(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(demoCredentials),
  });
  return ((await res.json()) as { encodedToken: string }).encodedToken;
}

describe('the server process', () => {
  it('keeps data and tokens across a stop and a start on the same file, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'realm-durable-'));
    const env = { REALM_DB: join(dir, 'realm.db') };

    const first = await startServer(env);
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ ok: true });
    const token = await login(first.url);
    const created = await fetch(`${first.url}/api/posts`, {
      method: 'POST',
      headers: { ...json, authorization: token },
      body: JSON.stringify({ postData: { content: 'Written before the restart' } }),
    });
    expect(created.status).toBe(201);
    expect(await first.stop('SIGTERM')).toBe(0);
    // Logs never hold the password or the token.
    expect(first.output()).not.toContain(demoCredentials.password);
    expect(first.output()).not.toContain(token);

    // The generated signing secret is kept beside the database, readable by its owner only.
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);

    const second = await startServer(env);
    const { posts } = (await (await fetch(`${second.url}/api/posts`)).json()) as {
      posts: { content: string }[];
    };
    expect(posts.map((p) => p.content)).toContain('Written before the restart');
    expect(posts).toHaveLength(6); // the seed ran once, not twice
    const bookmarks = await fetch(`${second.url}/api/users/bookmark`, { headers: { authorization: token } });
    expect(bookmarks.status).toBe(200); // the token from before the restart still works
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('refuses to start with one line naming a bad variable', async () => {
    const { code, output } = await runUntilExit({ REALM_DB: ':memory:', PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(output.trim()).toBe('Invalid configuration: PORT must be a number');
  });
});
