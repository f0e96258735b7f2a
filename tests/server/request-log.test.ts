import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Log lines keep no token (docs/security.md, "What Realm protects"): an app's token in the address is
// logged as [redacted] however its name is spelled, as long as the server reads that spelling (and more).
// Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

async function loggingApp() {
  const lines: string[] = [];
  t = await makeTestApp({ config: { logLevel: 'info' }, logTo: { write: (line) => void lines.push(line) } });
  return lines;
}

const stream = '/api/v1/streaming/public';

describe('the request log', () => {
  it('hides a token sent in the address under every spelling of access_token the server reads', async () => {
    const lines = await loggingApp();
    // Each spelling the query parser reads as access_token: the stream reads the token and refuses it.
    const read = [
      ['access_token=secret-plain', 'access_token=[redacted]'],
      ['access%5Ftoken=secret-escaped', 'access%5Ftoken=[redacted]'],
      ['%61ccess%5ftoken=secret-lower-hex', '%61ccess%5ftoken=[redacted]'],
      ['x=1&access_token=secret-second', 'x=1&access_token=[redacted]'],
      ['access_token=secret+with+plus', 'access_token=[redacted]'],
    ];
    for (const [query, logged] of read) {
      const res = await t.app.inject({ method: 'GET', url: `${stream}?${query}` });
      expect(res.json(), query).toEqual({ error: 'The access token is invalid' });
      expect(lines.join('\n')).toContain(`${stream}?${logged}`);
    }
    // Spellings the stream does not take as a token (a repeated name, another case) are hidden too.
    const hidden = [
      [
        'access_token=secret-one&access%5Ftoken=secret-two',
        'access_token=[redacted]&access%5Ftoken=[redacted]',
      ],
      ['ACCESS_TOKEN=secret-upper', 'ACCESS_TOKEN=[redacted]'],
    ];
    for (const [query, logged] of hidden) {
      const res = await t.app.inject({ method: 'GET', url: `${stream}?${query}` });
      expect(res.statusCode, query).toBe(401);
      expect(lines.join('\n')).toContain(`${stream}?${logged}`);
    }
    expect(lines.join('\n')).not.toContain('secret');
  });
});
