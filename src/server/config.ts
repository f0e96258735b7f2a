import { availableParallelism } from 'node:os';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// PRODUCT.md "How it runs": exactly these variables, and nothing else reads process.env.
const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  REALM_DB: z.string().trim().min(1, 'must not be empty').default('./data/realm.db'),
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
});

export type Config = {
  port: number;
  host: string;
  dbPath: string;
  jwtSecret: string | undefined;
  logLevel: (typeof logLevels)[number];
  rateLimit: boolean;
  /** Processes serving requests on the one port (Node's cluster); `auto` is one per CPU core. */
  workers: number;
};

export class ConfigError extends Error {}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dbPath: e.REALM_DB,
    jwtSecret: e.REALM_JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    rateLimit: e.REALM_RATE_LIMIT === 'on',
    workers: e.REALM_WORKERS === 'auto' ? availableParallelism() : Number(e.REALM_WORKERS),
  };
}
