import { z } from 'zod';

// This file imports nothing but zod, so config.ts can call it without loading the S3 client.

export type FolderStorageConfig = { kind: 'folder'; folder: string };

export type S3StorageConfig = {
  kind: 's3';
  bucket: string;
  /** An S3-compatible server's origin (`https://s3.example.org`); unset: AWS itself, by region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most self-hosted servers need. */
  forcePathStyle: boolean;
  /** How long one call may wait for an answer (storage-s3.ts's default when unset). */
  timeoutMs?: number;
};

export type MediaStorageConfig = FolderStorageConfig | S3StorageConfig;

const s3Names = [
  'REALM_S3_BUCKET',
  'REALM_S3_ENDPOINT',
  'REALM_S3_REGION',
  'REALM_S3_ACCESS_KEY_ID',
  'REALM_S3_SECRET_ACCESS_KEY',
  'REALM_S3_FORCE_PATH_STYLE',
] as const;

function isOrigin(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  // No user:password@ (it would be a secret in describe()), no path, query or fragment.
  return url.username === '' && url.password === '' && url.pathname === '/' && !url.search && !url.hash;
}

// Messages never quote a value: two of these variables are credentials.
const envSchema = z.object({
  REALM_MEDIA_STORAGE: z.enum(['folder', 's3'], { message: 'must be folder or s3' }).default('folder'),
  REALM_MEDIA_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  REALM_S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    })
    .optional(),
  REALM_S3_ENDPOINT: z
    .string()
    .trim()
    .refine(isOrigin, { message: 'must be an http(s) address without a path, like https://s3.example.org' })
    .transform((value) => new URL(value).origin)
    .optional(),
  REALM_S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, { message: 'must be a region name like us-east-1' })
    .default('us-east-1'),
  REALM_S3_ACCESS_KEY_ID: z.string().trim().regex(/^\S+$/, { message: 'must not contain spaces' }).optional(),
  REALM_S3_SECRET_ACCESS_KEY: z.string().regex(/^\S+$/, { message: 'must not contain spaces' }).optional(),
  REALM_S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
});

/** Invalid media storage settings, as one line naming the variable (`Invalid configuration: NAME ...`). */
export class MediaConfigError extends Error {}

function invalid(name: string, message: string): MediaConfigError {
  return new MediaConfigError(`Invalid configuration: ${name} ${message}`);
}

/**
 * Reads where pictures are kept from the environment (docs/configuration.md, "Where pictures are kept").
 * `defaultFolder` is the folder used when REALM_MEDIA_DIR is unset: `media` in the data folder.
 * A setting for the storage not chosen is refused rather than ignored: S3 settings with the folder chosen
 * would otherwise quietly keep pictures on one node's disk.
 */
export function loadMediaStorageConfig(env: NodeJS.ProcessEnv, defaultFolder: string): MediaStorageConfig {
  // An empty variable counts as unset, as in config.ts.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(String(issue?.path[0] ?? 'environment'), issue?.message ?? 'is invalid');
  }
  const e = parsed.data;
  if (e.REALM_MEDIA_STORAGE === 'folder') {
    const stray = s3Names.find((name) => present[name] !== undefined);
    if (stray) throw invalid(stray, 'is set: set REALM_MEDIA_STORAGE=s3 to use object storage, or unset it');
    return { kind: 'folder', folder: e.REALM_MEDIA_DIR ?? defaultFolder };
  }
  if (e.REALM_MEDIA_DIR !== undefined) {
    throw invalid('REALM_MEDIA_DIR', 'is set, but REALM_MEDIA_STORAGE is s3: unset one of them');
  }
  const required = ['REALM_S3_BUCKET', 'REALM_S3_ACCESS_KEY_ID', 'REALM_S3_SECRET_ACCESS_KEY'] as const;
  const missing = required.find((name) => e[name] === undefined);
  if (missing) throw invalid(missing, 'must be set when REALM_MEDIA_STORAGE is s3');
  return {
    kind: 's3',
    bucket: e.REALM_S3_BUCKET!,
    endpoint: e.REALM_S3_ENDPOINT,
    region: e.REALM_S3_REGION,
    accessKeyId: e.REALM_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.REALM_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.REALM_S3_FORCE_PATH_STYLE === 'true',
  };
}
