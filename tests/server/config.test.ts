import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';

describe('configuration', () => {
  it('has the defaults docs/configuration.md lists', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dbPath: './data/realm.db',
      databaseUrl: undefined,
      databasePool: 10,
      jwtSecret: undefined,
      logLevel: 'info',
      rateLimit: true,
      workers: 1,
      requestsPer5Minutes: 1200,
      legacyListLimit: 1000,
      trustProxy: [],
      connectionsPerAddress: 64,
      demo: false,
      registration: 'open',
      publicOrigin: undefined,
      push: { allowPrivateEndpoints: false, contact: undefined },
      media: {
        storage: { kind: 'folder', folder: join('data', 'media') },
        maxBytes: 16 * 1024 * 1024,
        perPost: 4,
        quotaBytes: 1024 * 1024 * 1024,
        uploadsPerHour: 60,
        atOnce: undefined,
        memoryBytes: 64 * 1024 * 1024,
      },
      mail: undefined,
      // docs/configuration.md, "Memory": 256 MB for the one process.
      memoryBudgetMb: 256,
      memory: {
        mbPerProcess: 256,
        sqliteCacheKib: 32 * 1024,
        listCacheBytes: 16 * 1024 * 1024,
        heap: { semiSpaceMb: 32, oldSpaceMb: 128 },
        picturesBytes: 64 * 1024 * 1024,
      },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      REALM_DB: ':memory:',
      REALM_DATABASE_URL: 'postgres://realm:secret@db.internal:5432/realm',
      REALM_DATABASE_POOL: '25',
      REALM_JWT_SECRET: 's'.repeat(32),
      LOG_LEVEL: 'warn',
      REALM_RATE_LIMIT: 'off',
      REALM_WORKERS: '3',
      REALM_RATE_LIMIT_REQUESTS: '600',
      REALM_LEGACY_LIST_LIMIT: '50',
      REALM_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1',
      REALM_CONNECTIONS_PER_ADDRESS: '8',
      REALM_DEMO: '1',
      REALM_REGISTRATION: 'approval',
      REALM_PUBLIC_URL: 'https://Realm.Example/some/path',
      REALM_PUSH_PRIVATE_ENDPOINTS: 'allow',
      REALM_PUSH_CONTACT: 'mailto:admin@example.org',
      REALM_MEDIA_MAX_BYTES: '1048576',
      REALM_MEDIA_PER_POST: '6',
      REALM_MEDIA_QUOTA_BYTES: '5000000',
      REALM_MEDIA_UPLOADS_PER_HOUR: '10',
      REALM_MEDIA_AT_ONCE: '2',
      REALM_MEMORY_BUDGET: '900',
      REALM_SMTP_URL: 'smtps://realm%40example.org:p%40ss@mail.example.org',
      REALM_MAIL_FROM: 'Realm <realm@example.org>',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dbPath: ':memory:',
      databaseUrl: 'postgres://realm:secret@db.internal:5432/realm',
      databasePool: 25,
      jwtSecret: 's'.repeat(32),
      logLevel: 'warn',
      rateLimit: false,
      workers: 3,
      requestsPer5Minutes: 600,
      legacyListLimit: 50,
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1'],
      connectionsPerAddress: 8,
      demo: true,
      registration: 'approval',
      publicOrigin: 'https://realm.example',
      push: { allowPrivateEndpoints: true, contact: 'mailto:admin@example.org' },
      // A database in memory has no folder beside it: pictures go to a temporary one of this process.
      media: {
        storage: { kind: 'folder', folder: join(tmpdir(), `realm-media-${process.pid}`) },
        maxBytes: 1048576,
        perPost: 6,
        quotaBytes: 5000000,
        uploadsPerHour: 10,
        atOnce: 2,
        memoryBytes: 75 * 1024 * 1024,
      },
      mail: {
        smtp: {
          host: 'mail.example.org',
          port: 465,
          secure: true,
          user: 'realm@example.org',
          password: 'p@ss',
        },
        from: { name: 'Realm', address: 'realm@example.org' },
      },
      // 300 MB for each of the three workers.
      memoryBudgetMb: 900,
      memory: {
        mbPerProcess: 300,
        sqliteCacheKib: 37 * 1024,
        listCacheBytes: 18 * 1024 * 1024,
        heap: { semiSpaceMb: 32, oldSpaceMb: 150 },
        picturesBytes: 75 * 1024 * 1024,
      },
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', REALM_JWT_SECRET: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be 0 to 65535'],
    [{ REALM_JWT_SECRET: 'short' }, 'Invalid configuration: REALM_JWT_SECRET must be at least 32 characters'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ REALM_RATE_LIMIT: 'maybe' }, 'Invalid configuration: REALM_RATE_LIMIT must be on or off'],
    [{ REALM_DEMO: 'yes' }, 'Invalid configuration: REALM_DEMO must be 0 or 1'],
    [
      { REALM_REGISTRATION: 'members-only' },
      'Invalid configuration: REALM_REGISTRATION must be one of open, approval, invite, closed',
    ],
    [
      { REALM_DATABASE_URL: 'mysql://realm@db/realm' },
      'Invalid configuration: REALM_DATABASE_URL must be a PostgreSQL URL: postgres://USER:PASSWORD@HOST:5432/DATABASE',
    ],
    [
      { REALM_DATABASE_POOL: '0' },
      'Invalid configuration: REALM_DATABASE_POOL must be a whole number from 1 to 1000',
    ],
    [
      { REALM_WORKERS: '0' },
      'Invalid configuration: REALM_WORKERS must be auto or a whole number from 1 to 64',
    ],
    [
      { REALM_WORKERS: 'many' },
      'Invalid configuration: REALM_WORKERS must be auto or a whole number from 1 to 64',
    ],
    [
      { REALM_MEMORY_BUDGET: 'lots' },
      'Invalid configuration: REALM_MEMORY_BUDGET must be a whole number from 128 to 1048576',
    ],
    [
      { REALM_MEMORY_BUDGET: '300', REALM_WORKERS: '3' },
      'Invalid configuration: REALM_MEMORY_BUDGET must be at least 128 MB for each of the 3 workers (384); it is 300',
    ],
    [
      { REALM_LEGACY_LIST_LIMIT: '0' },
      'Invalid configuration: REALM_LEGACY_LIST_LIMIT must be a whole number from 1 to 10000',
    ],
    [
      { REALM_RATE_LIMIT_REQUESTS: 'lots' },
      'Invalid configuration: REALM_RATE_LIMIT_REQUESTS must be a whole number from 1 to 1000000',
    ],
    [
      { REALM_PUSH_PRIVATE_ENDPOINTS: 'yes' },
      'Invalid configuration: REALM_PUSH_PRIVATE_ENDPOINTS must be allow or refuse',
    ],
    [
      { REALM_PUSH_CONTACT: 'admin@example.org' },
      'Invalid configuration: REALM_PUSH_CONTACT must be a mailto: address or an https: URL (e.g. mailto:admin@example.org)',
    ],
    [
      { REALM_TRUST_PROXY: 'my-proxy' },
      'Invalid configuration: REALM_TRUST_PROXY must be off or a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
    ],
    [
      { REALM_TRUST_PROXY: '10.0.0.0/33' },
      'Invalid configuration: REALM_TRUST_PROXY must be off or a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
    ],
    [
      { REALM_PUBLIC_URL: 'realm.example' },
      'Invalid configuration: REALM_PUBLIC_URL must be the http(s) address people use to reach the instance, like https://realm.example',
    ],
    [
      { REALM_MEDIA_MAX_BYTES: '16MB' },
      'Invalid configuration: REALM_MEDIA_MAX_BYTES must be a whole number from 1024 to 268435456',
    ],
    [
      { REALM_MEDIA_PER_POST: '0' },
      'Invalid configuration: REALM_MEDIA_PER_POST must be a whole number from 1 to 20',
    ],
    [
      { REALM_MEDIA_QUOTA_BYTES: '-1' },
      'Invalid configuration: REALM_MEDIA_QUOTA_BYTES must be a whole number from 0 to 9007199254740991',
    ],
    [
      { REALM_MEDIA_UPLOADS_PER_HOUR: '1.5' },
      'Invalid configuration: REALM_MEDIA_UPLOADS_PER_HOUR must be a whole number from 1 to 100000',
    ],
    [
      { REALM_MEDIA_AT_ONCE: '100' },
      'Invalid configuration: REALM_MEDIA_AT_ONCE must be a whole number from 1 to 64',
    ],
    [{ REALM_MEDIA_STORAGE: 'disk' }, 'Invalid configuration: REALM_MEDIA_STORAGE must be folder or s3'],
    [
      { REALM_S3_BUCKET: 'pictures' },
      'Invalid configuration: REALM_S3_BUCKET is set: set REALM_MEDIA_STORAGE=s3 to use object storage, or unset it',
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('pictures', () => {
  it('are kept in media beside the database, or in REALM_MEDIA_DIR', () => {
    expect(loadConfig({ REALM_DB: '/srv/realm/realm.db' }).media.storage).toEqual({
      kind: 'folder',
      folder: '/srv/realm/media',
    });
    expect(loadConfig({ REALM_MEDIA_DIR: '/mnt/pictures' }).media.storage).toEqual({
      kind: 'folder',
      folder: '/mnt/pictures',
    });
  });
});

describe('REALM_WORKERS', () => {
  it('auto is one worker per CPU core', () => {
    expect(loadConfig({ REALM_WORKERS: 'auto' }).workers).toBe(availableParallelism());
  });
});
