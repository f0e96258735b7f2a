import { isIP } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { registrationModes, type RegistrationMode } from '../shared/community-schemas.js';
import { defaultMbPerProcess, memoryPlan, minimumMbPerProcess, type MemoryPlan } from './memory-budget.js';
import { loadMediaStorageConfig, MediaConfigError, type MediaStorageConfig } from './media/storage-config.js';
import {
  mailFromHelp,
  parseMailFrom,
  parseSmtpUrl,
  smtpUrlHelp,
  type MailConfig,
} from './mail/mail-config.js';

function wholeNumber(min: number, max: number) {
  const range = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message: range }).int(range).min(min, range).max(max, range);
}

/** An IPv4 or IPv6 address, optionally with a /prefix: what REALM_TRUST_PROXY lists. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// docs/configuration.md, "Environment variables": exactly these, and nothing else reads process.env.
const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  REALM_DB: z.string().trim().min(1, 'must not be empty').default('./data/realm.db'),
  REALM_DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
      message: 'must be a PostgreSQL URL: postgres://USER:PASSWORD@HOST:5432/DATABASE',
    })
    .optional(),
  REALM_DATABASE_POOL: wholeNumber(1, 1000).default(10),
  REALM_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
  REALM_RATE_LIMIT: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  REALM_WORKERS: z
    .string()
    .trim()
    .refine((value) => value === 'auto' || (/^\d+$/.test(value) && +value >= 1 && +value <= 64), {
      message: 'must be auto or a whole number from 1 to 64',
    })
    .default('1'),
  REALM_RATE_LIMIT_REQUESTS: wholeNumber(1, 1_000_000).default(1200),
  REALM_LEGACY_LIST_LIMIT: wholeNumber(1, 10_000).default(1000),
  REALM_TRUST_PROXY: z
    .string()
    .trim()
    .transform((value) => (value === 'off' ? [] : value.split(',').map((entry) => entry.trim())))
    .refine((entries) => entries.every(isProxyAddress), {
      message:
        'must be off or a comma-separated list of IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
    })
    .default([]),
  REALM_CONNECTIONS_PER_ADDRESS: wholeNumber(1, 100_000).default(64),
  REALM_DEMO: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('0'),
  REALM_PUSH_PRIVATE_ENDPOINTS: z
    .enum(['allow', 'refuse'], { message: 'must be allow or refuse' })
    .default('refuse'),
  REALM_PUSH_CONTACT: z
    .string()
    .trim()
    .refine((value) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value), {
      message: 'must be a mailto: address or an https: URL (e.g. mailto:admin@example.org)',
    })
    .optional(),
  REALM_REGISTRATION: z
    .enum(registrationModes, { message: `must be one of ${registrationModes.join(', ')}` })
    .default('open'),
  REALM_PUBLIC_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
      message: 'must be the http(s) address people use to reach the instance, like https://realm.example',
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  REALM_MEDIA_MAX_BYTES: wholeNumber(1024, 256 * 1024 * 1024).default(16 * 1024 * 1024),
  REALM_MEDIA_PER_POST: wholeNumber(1, 20).default(4),
  REALM_MEDIA_QUOTA_BYTES: wholeNumber(0, Number.MAX_SAFE_INTEGER).default(1024 * 1024 * 1024),
  REALM_MEDIA_UPLOADS_PER_HOUR: wholeNumber(1, 100_000).default(60),
  REALM_MEDIA_AT_ONCE: wholeNumber(1, 64).optional(),
  // In MB for the whole server; at least the minimum for each process is checked once the workers are known.
  REALM_MEMORY_BUDGET: wholeNumber(minimumMbPerProcess, 1024 * 1024).optional(),
  // Its message never quotes the value, which holds the SMTP password.
  REALM_SMTP_URL: z
    .string()
    .trim()
    .transform((value, context) => {
      const smtp = parseSmtpUrl(value);
      if (!smtp) context.addIssue({ code: 'custom', message: smtpUrlHelp });
      return smtp ?? z.NEVER;
    })
    .optional(),
  REALM_MAIL_FROM: z
    .string()
    .transform((value, context) => {
      const from = parseMailFrom(value);
      if (!from) context.addIssue({ code: 'custom', message: mailFromHelp });
      return from ?? z.NEVER;
    })
    .optional(),
});

/** Pictures: where their files are kept, and the limits on what members send (docs/pictures.md). */
export type MediaConfig = {
  storage: MediaStorageConfig;
  /** The largest upload read, in bytes; a larger body is cut off with 413 before it is read whole. */
  maxBytes: number;
  /** Pictures one post may carry. */
  perPost: number;
  /** What one member's pictures may take in storage, in bytes (both stored sizes counted). */
  quotaBytes: number;
  uploadsPerHour: number;
  /** Pictures processed at once by one process; unset: from the cores (media/work-limit.ts). */
  atOnce: number | undefined;
  /** What the pictures being processed may take to decode, in bytes: the memory budget's part for them. */
  memoryBytes: number;
};

/**
 * The folder pictures go to when REALM_MEDIA_DIR is unset: `media` beside the database. A database in memory
 * has no folder, so its pictures go to one in the system's temporary folder, per process.
 */
export const defaultMediaFolder = (dbPath: string) =>
  dbPath === ':memory:' ? join(tmpdir(), `realm-media-${process.pid}`) : join(dirname(dbPath), 'media');

export type Config = {
  port: number;
  host: string;
  /** The SQLite file, when `databaseUrl` is not set. */
  dbPath: string;
  /** REALM_DATABASE_URL: a PostgreSQL database that this process serves as one node of the instance. */
  databaseUrl: string | undefined;
  /** Connections each process keeps open to PostgreSQL at most. */
  databasePool: number;
  jwtSecret: string | undefined;
  logLevel: (typeof logLevels)[number];
  rateLimit: boolean;
  /** Processes serving requests on the one port (Node's cluster); `auto` is one per CPU core. */
  workers: number;
  /** Requests per 5 minutes for one account, or one address when signed out (the general rate limit). */
  requestsPer5Minutes: number;
  /** How many entries a legacy REST list (GET /api/posts, GET /api/users...) carries at most. */
  legacyListLimit: number;
  /** Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: none. */
  trustProxy: string[];
  /** Open connections one client address may hold at once (trusted proxies are not capped). */
  connectionsPerAddress: number;
  /** Load the spec's demo members and posts at start (`--demo`, REALM_DEMO=1); a real instance starts empty. */
  demo: boolean;
  /** Who may sign up until an admin sets it in the instance settings (domain/instance-settings.ts). */
  registration: RegistrationMode;
  /**
   * REALM_PUBLIC_URL's origin (`https://realm.example`): the address shared links' canonical URL and og:url
   * are written with. Unset, pages carry neither: a request's Host header is not believed (page-meta.ts).
   */
  publicOrigin: string | undefined;
  /**
   * Web Push: whether a subscription may point at a plain-http or private, loopback or link-local address
   * (tests and closed networks only; docs/security.md), and who push services may contact about this
   * instance's messages (the VAPID subject).
   */
  push: { allowPrivateEndpoints: boolean; contact: string | undefined };
  media: MediaConfig;
  /** Outgoing mail: the SMTP server and the sender (docs/mail.md); undefined when REALM_SMTP_URL is unset. */
  mail: MailConfig | undefined;
  /** REALM_MEMORY_BUDGET (MB, all processes; unset: 256 for each) and how each serving process spends it. */
  memoryBudgetMb: number;
  memory: MemoryPlan;
};

export class ConfigError extends Error {}

/** Whether this instance sends mail: screens that would need it say so when it does not. */
export const mailEnabled = (config: Pick<Config, 'mail'>) => config.mail !== undefined;

/** Parses the environment once; an invalid variable becomes one line that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and .env files usually mean it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const workers = e.REALM_WORKERS === 'auto' ? availableParallelism() : Number(e.REALM_WORKERS);
  const memoryBudgetMb = e.REALM_MEMORY_BUDGET ?? defaultMbPerProcess * workers;
  if (memoryBudgetMb < minimumMbPerProcess * workers) {
    throw new ConfigError(
      `Invalid configuration: REALM_MEMORY_BUDGET must be at least ${minimumMbPerProcess} MB for each of the ` +
        `${workers} workers (${minimumMbPerProcess * workers}); it is ${memoryBudgetMb}`,
    );
  }
  let storage: MediaStorageConfig;
  try {
    storage = loadMediaStorageConfig(env, defaultMediaFolder(e.REALM_DB));
  } catch (error) {
    if (error instanceof MediaConfigError) throw new ConfigError(error.message);
    throw error;
  }
  if (e.REALM_SMTP_URL && !e.REALM_MAIL_FROM) {
    throw new ConfigError(
      'Invalid configuration: REALM_MAIL_FROM must be set when REALM_SMTP_URL is: the address mail is from, like Realm <realm@example.org>',
    );
  }
  const memory = memoryPlan(memoryBudgetMb, workers);
  return {
    port: e.PORT,
    host: e.HOST,
    dbPath: e.REALM_DB,
    databaseUrl: e.REALM_DATABASE_URL,
    databasePool: e.REALM_DATABASE_POOL,
    jwtSecret: e.REALM_JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    rateLimit: e.REALM_RATE_LIMIT === 'on',
    workers,
    requestsPer5Minutes: e.REALM_RATE_LIMIT_REQUESTS,
    legacyListLimit: e.REALM_LEGACY_LIST_LIMIT,
    trustProxy: e.REALM_TRUST_PROXY,
    connectionsPerAddress: e.REALM_CONNECTIONS_PER_ADDRESS,
    demo: e.REALM_DEMO === '1',
    registration: e.REALM_REGISTRATION,
    publicOrigin: e.REALM_PUBLIC_URL,
    push: {
      allowPrivateEndpoints: e.REALM_PUSH_PRIVATE_ENDPOINTS === 'allow',
      contact: e.REALM_PUSH_CONTACT,
    },
    media: {
      storage,
      maxBytes: e.REALM_MEDIA_MAX_BYTES,
      perPost: e.REALM_MEDIA_PER_POST,
      quotaBytes: e.REALM_MEDIA_QUOTA_BYTES,
      uploadsPerHour: e.REALM_MEDIA_UPLOADS_PER_HOUR,
      atOnce: e.REALM_MEDIA_AT_ONCE,
      memoryBytes: memory.picturesBytes,
    },
    mail:
      e.REALM_SMTP_URL && e.REALM_MAIL_FROM ? { smtp: e.REALM_SMTP_URL, from: e.REALM_MAIL_FROM } : undefined,
    memoryBudgetMb,
    memory,
  };
}
