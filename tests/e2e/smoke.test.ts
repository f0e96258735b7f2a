import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { launchBrowser } from './browser.js';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ REALM_DB: join(mkdtempSync(join(tmpdir(), 'realm-e2e-')), 'realm.db') });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the served app in a real browser', () => {
  it('renders the client under the CSP without script errors', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const response = await page.goto(`${server.url}/explore`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Realm' }).waitFor();
    expect(errors).toEqual([]);
  });
});
