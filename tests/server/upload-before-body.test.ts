import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { appToken } from '../helpers/mastodon-token.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { uploaded } from '../trpc/media-helpers.js';

// An upload is refused before its body is read (docs/security.md, "Every upload is hostile"): the token,
// the member's standing, the hourly cap and the declared length are known from the headers, so a refused
// sender never has up to REALM_MEDIA_MAX_BYTES read and held for it. Each request here sends its headers,
// announcing a megabyte, and never its body: the answer must come all the same.

let t: TestApp;
afterEach(() => t?.close());

const megabyte = 1024 * 1024;

/** Sends only the headers of a request on a real connection; answers what comes back. */
async function headersOnly(
  path: string,
  headers: Record<string, string>,
  { length = megabyte, method = 'POST' } = {},
) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const socket = connect({ port, host: '127.0.0.1' });
  const lines = Object.entries({ ...headers, 'content-length': String(length) }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: realm.test\r\n${lines.join('')}\r\n`);
  try {
    return await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n') && /[}\]]$/.test(text)) resolve(text);
      });
      socket.on('error', reject);
      // Long before the server's 30 s for a whole request: only an answer that needs no body comes this soon.
      setTimeout(() => reject(new Error(`no answer before the body was sent: ${text}`)), 2000);
    });
  } finally {
    socket.destroy();
  }
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
const jpegHeaders = { 'content-type': 'image/jpeg' };

describe('POST /media, before the body is read', () => {
  it('answers 401 without a token', async () => {
    t = await makeTestApp();
    const answer = await headersOnly('/media', jpegHeaders);
    expect(statusOf(answer)).toBe(401);
    expect(bodyOf(answer)).toEqual({ errors: ['The token is invalid. Unauthorized access error.'] });
  });

  it('answers 403 to a suspended or pending member', async () => {
    t = await makeTestApp();
    const suspended = await t.member({ status: 'suspended' });
    const pending = await t.member({ status: 'pending' });
    const first = await headersOnly('/media', { ...jpegHeaders, authorization: suspended.token });
    expect(statusOf(first)).toBe(403);
    expect(bodyOf(first)).toEqual({
      errors: ['Your account is suspended by the moderators of this instance.'],
    });
    const second = await headersOnly('/media', { ...jpegHeaders, authorization: pending.token });
    expect(bodyOf(second)).toEqual({ errors: ['Your account is waiting for a moderator to approve it.'] });
  });

  it('answers 429 with Retry-After past the hourly cap', async () => {
    t = await makeTestApp({ media: { uploadsPerHour: 1 } });
    const member = await t.member();
    await uploaded(t, member.token);
    const answer = await headersOnly('/media', { ...jpegHeaders, authorization: member.token });
    expect(statusOf(answer)).toBe(429);
    expect(answer).toMatch(/\r\nretry-after: \d+/i);
    expect(bodyOf(answer)).toEqual({
      errors: ['You have uploaded many pictures in the last hour. Try again later.'],
    });
  });

  it('answers 413 to a declared length over the limit, without counting it against the hour', async () => {
    t = await makeTestApp({ media: { uploadsPerHour: 1, maxBytes: megabyte } });
    const member = await t.member();
    const headers = { ...jpegHeaders, authorization: member.token };
    const answer = await headersOnly('/media', headers, { length: megabyte + 1 });
    expect(statusOf(answer)).toBe(413);
    expect(bodyOf(answer)).toEqual({
      errors: ['This picture is larger than the 1 MB limit. Send a smaller one.'],
    });
    await uploaded(t, member.token);
  });

  it('answers 400 to an unknown purpose, without counting it against the hour', async () => {
    t = await makeTestApp({ media: { uploadsPerHour: 1 } });
    const member = await t.member();
    const answer = await headersOnly('/media?purpose=poster', {
      ...jpegHeaders,
      authorization: member.token,
    });
    expect(statusOf(answer)).toBe(400);
    await uploaded(t, member.token);
  });
});

describe("the Mastodon API's uploads, before the body is read", () => {
  const form = { 'content-type': 'multipart/form-data; boundary=x' };

  it('answers 429 past the hourly cap, and 403 once the member is suspended', async () => {
    t = await makeTestApp({ media: { uploadsPerHour: 1 } });
    const member = await t.member();
    const token = await appToken(t.app, member.token, 'read write');
    await uploaded(t, member.token);
    const headers = { ...form, authorization: `Bearer ${token}` };
    const capped = await headersOnly('/api/v2/media', headers);
    expect(statusOf(capped)).toBe(429);
    expect(bodyOf(capped)).toEqual({
      error: 'You have uploaded many pictures in the last hour. Try again later.',
    });
    await t.sql("update users set status = 'suspended' where id = $1", [member.id]);
    const suspended = await headersOnly('/api/v1/media', headers);
    expect(statusOf(suspended)).toBe(403);
    expect(bodyOf(suspended)).toEqual({ error: 'Your login is currently disabled' });
  });

  it('answers 413 to a declared length past the limit and the form around it', async () => {
    t = await makeTestApp({ media: { maxBytes: megabyte } });
    const member = await t.member();
    const token = await appToken(t.app, member.token, 'read write');
    const headers = { ...form, authorization: `Bearer ${token}` };
    const answer = await headersOnly('/api/v2/media', headers, { length: 2 * megabyte });
    expect(statusOf(answer)).toBe(413);
    expect(bodyOf(answer)).toEqual({
      error: 'This picture is larger than the 1 MB limit. Send a smaller one.',
    });
  });

  it('answers 401 to a profile edit (two pictures) without a token', async () => {
    t = await makeTestApp();
    const answer = await headersOnly('/api/v1/accounts/update_credentials', form, { method: 'PATCH' });
    expect(statusOf(answer)).toBe(401);
    expect(bodyOf(answer)).toEqual({ error: 'This method requires an authenticated user' });
  });
});
