import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { tryLater } from './errors.js';
import { workSlots } from './work-slots.js';

// scrypt with a random salt (docs/security.md, "What Realm protects"). Parameters live in the stored string
// so they can grow.
const params = { N: 16384, r: 8, p: 1 };
const keyLength = 32;

// A hash costs ~40 ms of a core and runs on libuv's thread pool (4 threads), which gzip and file reads share.
// Two at a time per process leave the pool room for the rest; a burst of logins or signups waits briefly or
// is told to come back (hashing must not be a lever on the server's CPU: docs/security.md).
const hashSlots = workSlots({
  running: 2,
  waiting: 16,
  waitMs: 2000,
  busy: () => tryLater(503, 'The server is busy checking other passwords. Try again in a moment.', 2),
});

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashSlots.run(() => deriveNow(password, salt, options));
}

function deriveNow(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
