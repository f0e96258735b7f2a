import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenKeys, tokenFromHeader } from '../../src/server/domain/tokens.js';
import { resolveJwtSecret } from '../../src/server/store/sqlite/instance-secret.js';

const secret = 'a-test-secret-of-at-least-thirty-two-chars';
const invalid = { status: 401, message: 'The token is invalid. Unauthorized access error.' };

describe('tokens', () => {
  it('are HS256 JWTs carrying _id, username and the token version, that expire after 7 days', async () => {
    const keys = createTokenKeys(secret);
    const token = await keys.sign({ _id: 'u1', username: 'ada', v: 3 });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ _id: 'u1', username: 'ada', v: 3 });
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 60 * 60);
    expect(await keys.verify(token)).toEqual({ _id: 'u1', username: 'ada', v: 3 });
  });

  it('read a token signed before tokens carried a version as version 0', async () => {
    const old = await new SignJWT({ _id: 'u1', username: 'ada' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode(secret));
    expect(await createTokenKeys(secret).verify(old)).toEqual({ _id: 'u1', username: 'ada', v: 0 });
  });

  it('refuse a version that is not a whole number', async () => {
    const odd = await new SignJWT({ _id: 'u1', username: 'ada', v: '1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode(secret));
    await expect(createTokenKeys(secret).verify(odd)).rejects.toMatchObject(invalid);
  });

  it('refuse expired, foreign, tampered and claim-less tokens with the spec message', async () => {
    const keys = createTokenKeys(secret);
    const key = new TextEncoder().encode(secret);
    const expired = await new SignJWT({ _id: 'u1', username: 'ada' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const foreign = await createTokenKeys('another-secret-of-at-least-32-chars!').sign({
      _id: 'u1',
      username: 'ada',
    });
    const noClaims = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const good = await keys.sign({ _id: 'u1', username: 'ada' });
    const tampered = good.slice(0, -2) + (good.endsWith('A') ? 'BB' : 'AA');
    for (const token of [expired, foreign, noClaims, tampered, 'not-a-token']) {
      await expect(keys.verify(token)).rejects.toMatchObject(invalid);
    }
  });

  describe('a verified token is remembered', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it("so a member's next requests skip the signature check", async () => {
      const keys = createTokenKeys(secret);
      const token = await keys.sign({ _id: 'u1', username: 'ada' });
      const checks = vi.spyOn(crypto.subtle, 'verify');
      expect(await keys.verify(token)).toEqual({ _id: 'u1', username: 'ada', v: 0 });
      expect(await keys.verify(token)).toEqual({ _id: 'u1', username: 'ada', v: 0 });
      expect(checks).toHaveBeenCalledTimes(1);
    });

    it('until it expires, and never for a token that failed', async () => {
      const keys = createTokenKeys(secret);
      const token = await keys.sign({ _id: 'u1', username: 'ada' });
      const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
      await keys.verify(token);
      await expect(keys.verify(tampered)).rejects.toMatchObject(invalid);
      await expect(keys.verify(tampered)).rejects.toMatchObject(invalid);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 24 * 60 * 60 * 1000 + 1000 });
      await expect(keys.verify(token)).rejects.toMatchObject(invalid);
    });
  });

  it('are read raw or as Bearer from the authorization header', () => {
    expect(tokenFromHeader('abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader('bearer   abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader(undefined)).toBeUndefined();
    expect(tokenFromHeader('   ')).toBeUndefined();
  });
});

describe('the signing secret', () => {
  it('is generated once beside the database, mode 0600, and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'realm-secret-'));
    const db = join(dir, 'realm.db');
    const first = resolveJwtSecret(undefined, db);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(resolveJwtSecret(undefined, db)).toBe(first);
  });

  it('is the configured one when REALM_JWT_SECRET is set', () => {
    expect(resolveJwtSecret(secret, '/nonexistent/realm.db')).toBe(secret);
  });
});
