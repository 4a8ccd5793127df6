import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** `postgres://…` for PostgreSQL; anything else is a SQLite file path (`:memory:` allowed). */
  DATABASE_URL: z.string().min(1).default('data/store.sqlite'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Signs anti-forgery tokens. When unset, one is generated once and kept beside the SQLite file. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun']).default('outbox'),
  /** The development outbox (GET /dev/sms-outbox) is off in production unless this is true. */
  SMS_OUTBOX_ENABLED: booleanFlag.optional(),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** qiniuImgAddress: the prefix of every image location. */
  IMAGE_BASE_URL: z.string().min(1).default('/img/'),
  SITE_NAME: z.string().min(1).default('芯品商城'),
  HOTLINE: z.string().min(1).default('400-860-2026'),
  /** Where phones are sent: a path prefix (`/m`) or an absolute origin (`https://m.example.com`). */
  MOBILE_SITE: z.string().min(1).default('/m'),
  SEED_SKUS: z.coerce.number().int().min(0).max(5_000_000).default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string;
  databaseEngine: 'sqlite' | 'postgres';
  redisUrl: string | undefined;
  sessionSecret: string;
  sessionTtlDays: number;
  sms: {
    provider: 'outbox' | 'aliyun';
    isOutboxEnabled: boolean;
    aliyun: {
      endpoint: string;
      accessKeyId: string | undefined;
      accessKeySecret: string | undefined;
      signName: string | undefined;
      templateCode: string | undefined;
    };
  };
  imageBaseUrl: string;
  siteName: string;
  hotline: string;
  mobileSite: string;
  seedSkus: number;
  logLevel: Environment['LOG_LEVEL'];
  trustProxy: boolean;
}

export class ConfigError extends Error {}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const databaseEngine = isPostgresUrl(e.DATABASE_URL) ? 'postgres' : 'sqlite';
  if (e.SMS_PROVIDER === 'aliyun') {
    for (const name of ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const) {
      if (!e[name]) throw new ConfigError(`Invalid environment configuration:\n  ${name}: required when SMS_PROVIDER=aliyun`);
    }
  }
  const isProduction = e.NODE_ENV === 'production';
  return {
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseEngine,
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(e.DATABASE_URL, databaseEngine),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sms: {
      provider: e.SMS_PROVIDER,
      isOutboxEnabled: e.SMS_PROVIDER === 'outbox' && (e.SMS_OUTBOX_ENABLED ?? !isProduction),
      aliyun: {
        endpoint: e.ALIYUN_SMS_ENDPOINT,
        accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
        signName: e.ALIYUN_SMS_SIGN_NAME,
        templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
      },
    },
    imageBaseUrl: e.IMAGE_BASE_URL.endsWith('/') ? e.IMAGE_BASE_URL : `${e.IMAGE_BASE_URL}/`,
    siteName: e.SITE_NAME,
    hotline: e.HOTLINE,
    mobileSite: e.MOBILE_SITE.replace(/\/$/, ''),
    seedSkus: e.SEED_SKUS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

/**
 * A fresh machine must start with no configuration, yet every process of one store
 * must share the secret: keep a generated one next to the SQLite file. With PostgreSQL
 * (several processes, several machines) SESSION_SECRET has to be set explicitly.
 */
function persistentSecret(databaseUrl: string, engine: 'sqlite' | 'postgres'): string {
  if (engine === 'postgres') {
    throw new ConfigError('Invalid environment configuration:\n  SESSION_SECRET: required when DATABASE_URL is PostgreSQL');
  }
  if (databaseUrl === ':memory:') return randomBytes(32).toString('hex');
  const path = `${databaseUrl}.secret`;
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
