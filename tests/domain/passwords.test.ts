import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/domain/passwords.js';

describe('password hashing', () => {
  it('stores a salted scrypt hash, never the password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain('correct horse');
    expect(a).not.toBe(b); // a fresh salt each time
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'plain-text-password')).toBe(false);
  });
});
