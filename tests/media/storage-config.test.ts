import { describe, expect, it } from 'vitest';
import { loadMediaStorageConfig, MediaConfigError } from '../../src/server/media/storage-config.js';
import { openMediaStorage } from '../../src/server/media/storage-open.js';

// docs/configuration.md, "Where pictures are kept": the variables, their defaults and their errors.

const s3 = {
  REALM_MEDIA_STORAGE: 's3',
  REALM_S3_BUCKET: 'realm-media',
  REALM_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  REALM_S3_SECRET_ACCESS_KEY: 'very-secret-key',
};

const errorOf = (env: NodeJS.ProcessEnv) => {
  try {
    loadMediaStorageConfig(env, 'data/media');
  } catch (error) {
    expect(error).toBeInstanceOf(MediaConfigError);
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('where pictures are kept, from the environment', () => {
  it('is the folder the caller names by default, or REALM_MEDIA_DIR', () => {
    expect(loadMediaStorageConfig({}, 'data/media')).toEqual({ kind: 'folder', folder: 'data/media' });
    expect(loadMediaStorageConfig({ REALM_MEDIA_STORAGE: '', REALM_MEDIA_DIR: '' }, 'd/media')).toEqual({
      kind: 'folder',
      folder: 'd/media',
    });
    expect(loadMediaStorageConfig({ REALM_MEDIA_DIR: '/srv/pictures' }, 'data/media')).toEqual({
      kind: 'folder',
      folder: '/srv/pictures',
    });
  });

  it('reads every object storage variable', () => {
    expect(
      loadMediaStorageConfig(
        {
          ...s3,
          REALM_S3_ENDPOINT: 'https://s3.example.org/',
          REALM_S3_REGION: 'eu-central-1',
          REALM_S3_FORCE_PATH_STYLE: 'true',
        },
        'data/media',
      ),
    ).toEqual({
      kind: 's3',
      bucket: 'realm-media',
      endpoint: 'https://s3.example.org',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'very-secret-key',
      forcePathStyle: true,
    });
  });

  it('defaults object storage to AWS in us-east-1 with virtual-hosted addresses', () => {
    expect(loadMediaStorageConfig(s3, 'data/media')).toMatchObject({
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('names the variable that is missing or wrong, in one line', () => {
    expect(errorOf({ REALM_MEDIA_STORAGE: 'disk' })).toBe(
      'Invalid configuration: REALM_MEDIA_STORAGE must be folder or s3',
    );
    for (const name of ['REALM_S3_BUCKET', 'REALM_S3_ACCESS_KEY_ID', 'REALM_S3_SECRET_ACCESS_KEY']) {
      expect(errorOf({ ...s3, [name]: undefined })).toBe(
        `Invalid configuration: ${name} must be set when REALM_MEDIA_STORAGE is s3`,
      );
    }
    expect(errorOf({ ...s3, REALM_S3_BUCKET: 'My_Bucket' })).toBe(
      'Invalid configuration: REALM_S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    );
    for (const endpoint of ['s3.example.org', 'ftp://s3.example.org', 'https://s3.example.org/realm']) {
      expect(errorOf({ ...s3, REALM_S3_ENDPOINT: endpoint })).toBe(
        'Invalid configuration: REALM_S3_ENDPOINT must be an http(s) address without a path, like https://s3.example.org',
      );
    }
    expect(errorOf({ ...s3, REALM_S3_REGION: 'EU West' })).toBe(
      'Invalid configuration: REALM_S3_REGION must be a region name like us-east-1',
    );
    expect(errorOf({ ...s3, REALM_S3_FORCE_PATH_STYLE: 'yes' })).toBe(
      'Invalid configuration: REALM_S3_FORCE_PATH_STYLE must be true or false',
    );
  });

  it('refuses settings for the storage not chosen rather than ignoring them', () => {
    // Forgetting REALM_MEDIA_STORAGE=s3 would otherwise keep every picture on one node's disk.
    expect(errorOf({ REALM_S3_BUCKET: 'realm-media' })).toBe(
      'Invalid configuration: REALM_S3_BUCKET is set: set REALM_MEDIA_STORAGE=s3 to use object storage, or unset it',
    );
    expect(errorOf({ ...s3, REALM_MEDIA_DIR: '/srv/pictures' })).toBe(
      'Invalid configuration: REALM_MEDIA_DIR is set, but REALM_MEDIA_STORAGE is s3: unset one of them',
    );
  });

  it('never quotes a credential or an endpoint with a password in an error', () => {
    const secret = 'secret with a space';
    expect(errorOf({ ...s3, REALM_S3_SECRET_ACCESS_KEY: secret })).toBe(
      'Invalid configuration: REALM_S3_SECRET_ACCESS_KEY must not contain spaces',
    );
    const endpoint = 'https://user:hunter2@s3.example.org';
    expect(errorOf({ ...s3, REALM_S3_ENDPOINT: endpoint })).not.toContain('hunter2');
  });

  it('opens the storage it names', () => {
    expect(openMediaStorage(loadMediaStorageConfig({}, '/srv/realm/media')).describe()).toBe(
      'folder /srv/realm/media',
    );
    const env = { ...s3, REALM_S3_ENDPOINT: 'http://127.0.0.1:9000', REALM_S3_FORCE_PATH_STYLE: 'true' };
    expect(openMediaStorage(loadMediaStorageConfig(env, 'data/media')).describe()).toBe(
      's3 bucket realm-media at http://127.0.0.1:9000 (us-east-1, path-style)',
    );
  });
});
