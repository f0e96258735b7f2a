import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RealmServer } from '../helpers/realm-program.js';
import { launchBrowser } from './browser.js';

let server: RealmServer;
let browser: Browser;

beforeAll(async () => {
  server = await startDevServer({ REALM_DB: join(mkdtempSync(join(tmpdir(), 'realm-dev-')), 'realm.db') });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('npm run dev', () => {
  it('serves the client through Vite (hot reload) and the APIs from the same process and port', async () => {
    const viteClient = await fetch(`${server.url}/@vite/client`);
    expect(viteClient.status).toBe(200); // Vite's hot-reload client, so the page reloads on change
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Add Test Credentials' }).click();
    await page.getByRole('button', { name: 'Login to your account' }).click();
    await page.getByRole('article').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('prints log lines a person reads, not JSON', () => {
    const lines = server.output().split('\n').filter(Boolean);
    expect(lines.find((line) => line.includes('Server listening at'))).toMatch(/^\[[\d:.]+\] INFO/);
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
  });
});
