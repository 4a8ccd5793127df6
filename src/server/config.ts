import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';

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
  /** The operations console: a staff session ends after this many idle minutes, and after STAFF_SESSION_HOURS in any case. */
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun']).default('outbox'),
  /** The development outbox (GET /dev/sms-outbox) is off in production unless this is true. */
  SMS_OUTBOX_ENABLED: booleanFlag.optional(),
  /** Code sends one address may ask for in an hour (a flood from one place); the browser journeys all come from 127.0.0.1. */
  SMS_SENDS_PER_IP_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Phone lookups (is this phone a member?) one address may make in an hour; the browser journeys all come from 127.0.0.1. */
  PHONE_LOOKUPS_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** qiniuImgAddress: the prefix of every image location. */
  IMAGE_BASE_URL: z.string().min(1).default('/img/'),
  /** Uploaded files (local provider): a directory every process shares. */
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  /** Qiniu direct upload: all five, or none for the store's own upload endpoint. */
  QINIU_ACCESS_KEY: z.string().min(1).optional(),
  QINIU_SECRET_KEY: z.string().min(1).optional(),
  QINIU_BUCKET: z.string().min(1).optional(),
  /** The region's upload host, e.g. https://up-z2.qiniup.com. */
  QINIU_UPLOAD_URL: z.url().optional(),
  /** The bucket's public domain: an uploaded key's address is this + key. */
  QINIU_DOMAIN: z.url().optional(),
  SITE_NAME: z.string().min(1).default('芯品商城'),
  HOTLINE: z.string().min(1).default('400-860-2026'),
  /** Where phones are sent: a path prefix (`/m`) or an absolute origin (`https://m.example.com`). */
  MOBILE_SITE: z.string().min(1).default('/m'),
  /** The visitors' page cache (docs/decisions/0015-page-cache.md): on in production; tests and the dev server (hot reload) turn it on when they want it. */
  PAGE_CACHE: booleanFlag.optional(),
  /** POST /dev/caches/tick (the e2e journeys): the caches read the change signals now. Off in production unless this is true. */
  CACHE_TICK_HOOK_ENABLED: booleanFlag.optional(),
  /**
   * Where the search and choose indexes are written after a full build and loaded at start
   * (one file each per database). Default: beside the SQLite file; data/index-snapshots for
   * PostgreSQL (a local directory per machine). `off` disables them; in tests they are off unless set.
   */
  INDEX_SNAPSHOT_DIR: z.string().min(1).optional(),
  SEED_SKUS: z.coerce.number().int().min(0).max(5_000_000).default(20_000),
  /** Guards /metrics: `Authorization: Bearer <token>`. Without it, production answers /metrics to loopback only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How long SIGTERM waits for in-flight requests before closing anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The reverse proxies allowed to set X-Forwarded-*: their addresses or networks (http/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    }),
  /** The store's public origin (https://www.example.com): payment providers are given its notification addresses. */
  PUBLIC_BASE_URL: z.url().optional(),
  /** 模拟支付 (the development provider): on outside production; `true` keeps it in production. */
  PAYMENT_DEV_ENABLED: booleanFlag.optional(),
  /** Alipay (all three, or none): the application's private key and Alipay's public key as PEM, bare base64 or a file path. */
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com'),
  /** WeChat Pay APIv3 (all seven, or none): merchant key and certificate serial, the platform public key and its id, the APIv3 key. */
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  WECHATPAY_SERIAL_NO: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY_ID: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z
    .string()
    .refine((value) => Buffer.byteLength(value) === 32, 'must be 32 bytes')
    .optional(),
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /** WeChat scan login (微信开放平台 网站应用): both, or none (the option is hidden). */
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  WECHAT_OPEN_BASE: z.url().default('https://open.weixin.qq.com'),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  /** 对公转账: the account buyers transfer to (the defaults are the demo store's). */
  BANK_ACCOUNT_NAME: z.string().min(1).default('深圳市芯品电子科技有限公司'),
  BANK_NAME: z.string().min(1).default('招商银行深圳科技园支行'),
  BANK_ACCOUNT_NUMBER: z.string().min(1).default('7559 2860 2610 901'),
  /** Days an unpaid order waits once the buyer chose 对公转账 (a transfer takes a day or more to arrive). */
  BANK_TRANSFER_WINDOW_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** Minutes without news before the reconciliation asks the provider about a payment or a refund (then ever less often). */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Minutes an unpaid order holds its stock and coupons before it is cancelled. */
  ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Days after shipping an order counts as received (已完成) unless the buyer confirms sooner. */
  ORDER_AUTO_COMPLETE_DAYS: z.coerce.number().int().min(1).max(90).default(10),
  /** 邀请有礼: the name of the coupon template an inviter gets for each invitee's first paid order (migration 0028 writes the default). */
  INVITE_REWARD_COUPON: z.string().trim().min(1).max(100).default('邀请奖励 满200减20'),
  /**
   * 邀请有礼: the least an invitee's order must have paid for its goods (after discounts, without
   * freight), in fen, to earn the inviter the reward; 0 for none. Unset: the reward coupon's own threshold.
   */
  INVITE_REWARD_MIN_ORDER_CENTS: z.coerce.number().int().min(0).max(100_000_000).optional(),
  /** How often each process looks for favourites back in stock or cheaper (milliseconds). */
  FAVORITE_ALERT_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** Requests a minute one open-platform API key may make (/open/v1). */
  OPEN_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Kuaidi100 real-time tracking (both, or none for the store's own shipping events). */
  KUAIDI100_KEY: z.string().min(1).optional(),
  KUAIDI100_CUSTOMER: z.string().min(1).optional(),
  KUAIDI100_URL: z.url().default('https://poll.kuaidi100.com/poll/query.do'),
  /** Secure cookies: `auto` when the request came over HTTPS (directly or from a trusted proxy), or always / never. */
  COOKIE_SECURE: z.union([z.literal('auto'), booleanFlag]).default('auto'),
  /** A CJK font the BOM quotation PDF embeds (TrueType, OpenType or a collection) and, for a collection, the font's PostScript name. */
  PDF_FONT_PATH: z.string().min(1).default('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  PDF_FONT_NAME: z.string().min(1).default('NotoSansCJKsc-Regular'),
  /**
   * The app's worker threads (work/work-pool.ts: uploaded BOM files, quotation PDFs, price lists); unset: one fewer
   * than the cores (at least one), the rest is the event loop's. BOM_WORKERS is its former name, still read.
   */
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  BOM_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** CPU one uploaded file may cost its thread before the read is stopped and the file refused. */
  BOM_FILE_CPU_MS: z.coerce.number().int().min(10).max(600_000).default(3000),
  /** CPU of those threads each address may spend a minute (files and PDFs together). */
  BOM_ADDRESS_CPU_MS_PER_MINUTE: z.coerce.number().int().min(100).max(3_600_000).default(20_000),
  /** CPU of those threads each address may spend a minute on orders' PDFs (订单确认单, 形式发票: a few hundred ms each). */
  ORDER_DOCUMENT_ADDRESS_CPU_MS_PER_MINUTE: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /**
   * CPU one supplier price list (the console's 价格导入) may cost its thread before the read is stopped and the file
   * refused: a list at the row limit, 100,000 rows of 10 columns, cost 1.2 s as CSV (8 MB) and 6.6 s as .xlsx (12 MB).
   */
  PRICE_LIST_CPU_MS: z.coerce.number().int().min(10).max(600_000).default(30_000),
  /** Webhook URLs may point at private, loopback and link-local addresses (and http:// at loopback): on outside production, for development and tests. */
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.optional(),
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
  staffSession: { idleMinutes: number; hours: number };
  sms: {
    provider: 'outbox' | 'aliyun';
    isOutboxEnabled: boolean;
    /** SMS_SENDS_PER_IP_HOUR. */
    sendsPerIpPerHour: number;
    /** PHONE_LOOKUPS_PER_IP_HOUR: the lookups a code send or checkHasUser spends. */
    lookupsPerIpPerHour: number;
    aliyun: {
      endpoint: string;
      accessKeyId: string | undefined;
      accessKeySecret: string | undefined;
      signName: string | undefined;
      templateCode: string | undefined;
    };
  };
  imageBaseUrl: string;
  uploads: { dir: string; qiniu: QiniuConfig | null };
  siteName: string;
  hotline: string;
  mobileSite: string;
  /** Visitors' public pages rendered once and served from memory until their data change. */
  isPageCacheEnabled: boolean;
  /** POST /dev/caches/tick answers (cache/cache-tick.routes.ts). */
  isCacheTickHookEnabled: boolean;
  seedSkus: number;
  /** Path prefix of the index snapshot files (`<prefix>.search-index`, `<prefix>.choose-index`); null: none. */
  indexSnapshotBase: string | null;
  logLevel: Environment['LOG_LEVEL'];
  trustProxy: TrustProxy;
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  /** 'auto': Secure when the request is HTTPS (request.protocol, which believes only trusted proxies). */
  cookieSecure: boolean | 'auto';
  orders: OrderConfig;
  payments: PaymentConfig;
  /** The font of PDF documents (the BOM quotation sheet): a file and, inside a collection, the font's name. */
  pdfFont: { path: string; name: string };
  /** The app's worker threads (WORKER_THREADS). */
  workerThreads: number;
  /** The BOM tool's CPU budgets in those threads, per file and per address a minute. */
  bomWork: { fileCpuMs: number; addressCpuMsPerMinute: number };
  /** The CPU of those threads each address may spend a minute on orders' documents. */
  orderDocumentCpuMsPerMinute: number;
  /** The CPU budget of one price list's read in those threads (PRICE_LIST_CPU_MS). */
  priceListCpuMs: number;
  /** The favourite alerts' pass interval (FAVORITE_ALERT_INTERVAL_MS). */
  favoriteAlertIntervalMs: number;
  /** Webhook URLs may reach private addresses (WEBHOOK_ALLOW_PRIVATE); in production they may not (SSRF). */
  isWebhookPrivateAllowed: boolean;
  /** Requests a minute per open-platform API key (OPEN_API_RATE_LIMIT_PER_MINUTE). */
  openApiRatePerMinute: number;
  /** The invite reward's coupon template, by name (INVITE_REWARD_COUPON). */
  inviteRewardCoupon: string;
  /** The least goods payment of an invitee's order that earns the reward (INVITE_REWARD_MIN_ORDER_CENTS); null: the reward coupon's threshold. */
  inviteRewardMinOrderCents: number | null;
  /** null: no WeChat scan login (WECHAT_APP_ID unset). */
  wechatLogin: WechatLoginConfig | null;
}

/** 网站应用微信登录: the application's id and secret, and the two WeChat origins (local fakes in tests). */
export interface WechatLoginConfig {
  appId: string;
  appSecret: string;
  openBase: string;
  apiBase: string;
}

export interface OrderConfig {
  paymentMinutes: number;
  autoCompleteDays: number;
  /** null: tracking answers from the store's own shipping events. */
  kuaidi100: { key: string; customer: string; url: string } | null;
}

export interface PaymentConfig {
  /** Without a trailing slash; null without PUBLIC_BASE_URL (bank transfer and 模拟支付 need none). */
  publicBaseUrl: string | null;
  isDevelopmentEnabled: boolean;
  alipay: AlipayConfig | null;
  wechat: WechatPayConfig | null;
  bank: { accountName: string; bankName: string; accountNumber: string };
  /** Days an unpaid order waits for a bank transfer once the buyer chose 对公转账. */
  bankTransferWindowDays: number;
  /** Minutes without news before the reconciliation asks the provider (PAYMENT_RECONCILE_AFTER_MINUTES). */
  reconcileAfterMinutes: number;
}

/** Keys as given (PEM or bare base64), read from the file when a path was given. */
export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  serialNo: string;
  privateKey: string;
  platformPublicKey: string;
  platformPublicKeyId: string;
  apiV3Key: string;
  baseUrl: string;
}

export interface QiniuConfig {
  accessKey: string;
  secretKey: string;
  bucket: string;
  uploadUrl: string;
  /** Ends with a slash. */
  domain: string;
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
    staffSession: { idleMinutes: e.STAFF_SESSION_IDLE_MINUTES, hours: e.STAFF_SESSION_HOURS },
    sms: {
      provider: e.SMS_PROVIDER,
      isOutboxEnabled: e.SMS_PROVIDER === 'outbox' && (e.SMS_OUTBOX_ENABLED ?? !isProduction),
      sendsPerIpPerHour: e.SMS_SENDS_PER_IP_HOUR,
      lookupsPerIpPerHour: e.PHONE_LOOKUPS_PER_IP_HOUR,
      aliyun: {
        endpoint: e.ALIYUN_SMS_ENDPOINT,
        accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
        signName: e.ALIYUN_SMS_SIGN_NAME,
        templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
      },
    },
    imageBaseUrl: e.IMAGE_BASE_URL.endsWith('/') ? e.IMAGE_BASE_URL : `${e.IMAGE_BASE_URL}/`,
    uploads: { dir: e.UPLOAD_DIR, qiniu: qiniuConfigOf(e) },
    siteName: e.SITE_NAME,
    hotline: e.HOTLINE,
    mobileSite: e.MOBILE_SITE.replace(/\/$/, ''),
    isPageCacheEnabled: e.PAGE_CACHE ?? isProduction,
    isCacheTickHookEnabled: e.CACHE_TICK_HOOK_ENABLED ?? !isProduction,
    seedSkus: e.SEED_SKUS,
    indexSnapshotBase: indexSnapshotBaseOf(e, databaseEngine),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    cookieSecure: e.COOKIE_SECURE,
    orders: {
      paymentMinutes: e.ORDER_PAYMENT_MINUTES,
      autoCompleteDays: e.ORDER_AUTO_COMPLETE_DAYS,
      kuaidi100: e.KUAIDI100_KEY && e.KUAIDI100_CUSTOMER ? { key: e.KUAIDI100_KEY, customer: e.KUAIDI100_CUSTOMER, url: e.KUAIDI100_URL } : null,
    },
    payments: paymentConfigOf(e, isProduction),
    pdfFont: { path: e.PDF_FONT_PATH, name: e.PDF_FONT_NAME },
    workerThreads: e.WORKER_THREADS ?? e.BOM_WORKERS ?? Math.max(1, availableParallelism() - 1),
    bomWork: { fileCpuMs: e.BOM_FILE_CPU_MS, addressCpuMsPerMinute: e.BOM_ADDRESS_CPU_MS_PER_MINUTE },
    orderDocumentCpuMsPerMinute: e.ORDER_DOCUMENT_ADDRESS_CPU_MS_PER_MINUTE,
    priceListCpuMs: e.PRICE_LIST_CPU_MS,
    favoriteAlertIntervalMs: e.FAVORITE_ALERT_INTERVAL_MS,
    isWebhookPrivateAllowed: e.WEBHOOK_ALLOW_PRIVATE ?? !isProduction,
    openApiRatePerMinute: e.OPEN_API_RATE_LIMIT_PER_MINUTE,
    inviteRewardCoupon: e.INVITE_REWARD_COUPON,
    inviteRewardMinOrderCents: e.INVITE_REWARD_MIN_ORDER_CENTS ?? null,
    wechatLogin: wechatLoginConfigOf(e),
  };
}

export function indexSnapshotBaseOf(e: Pick<Environment, 'INDEX_SNAPSHOT_DIR' | 'DATABASE_URL' | 'NODE_ENV'>, engine: 'sqlite' | 'postgres'): string | null {
  const dir = e.INDEX_SNAPSHOT_DIR;
  if (dir === 'off' || (dir === undefined && e.NODE_ENV === 'test') || e.DATABASE_URL === ':memory:') return null;
  if (engine === 'sqlite') return dir === undefined ? e.DATABASE_URL : join(dir, basename(e.DATABASE_URL));
  // One file per database: host, port and database name, never the credentials.
  const url = new URL(e.DATABASE_URL);
  const name = `${url.hostname}-${url.port || '5432'}-${url.pathname.replace(/^\//, '') || 'postgres'}`.replace(/[^\w.-]/g, '_');
  return join(dir ?? 'data/index-snapshots', name);
}

function wechatLoginConfigOf(e: Environment): WechatLoginConfig | null {
  const keys = settingGroup(e, ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'], 'WECHAT_APP_');
  if (!keys) return null;
  const origin = (url: string) => url.replace(/\/+$/, '');
  return { appId: keys.WECHAT_APP_ID, appSecret: keys.WECHAT_APP_SECRET, openBase: origin(e.WECHAT_OPEN_BASE), apiBase: origin(e.WECHAT_API_BASE) };
}

/** Qiniu is used when all five settings are given; some of them alone is a mistake worth stopping for. */
function qiniuConfigOf(e: Environment): QiniuConfig | null {
  const names = ['QINIU_ACCESS_KEY', 'QINIU_SECRET_KEY', 'QINIU_BUCKET', 'QINIU_UPLOAD_URL', 'QINIU_DOMAIN'] as const;
  const missing = names.filter((name) => !e[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0)
    throw new ConfigError(`Invalid environment configuration:\n${missing.map((name) => `  ${name}: required with the other QINIU_ settings`).join('\n')}`);
  const [accessKey = '', secretKey = '', bucket = '', uploadUrl = '', domain = ''] = names.map((name) => e[name]);
  return { accessKey, secretKey, bucket, uploadUrl, domain: domain.endsWith('/') ? domain : `${domain}/` };
}

/** A group of settings given all together or not at all; some of them alone is a mistake worth stopping for. */
function settingGroup<Name extends keyof Environment>(e: Environment, names: readonly Name[], group: string): Record<Name, string> | null {
  const missing = names.filter((name) => !e[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0)
    throw new ConfigError(`Invalid environment configuration:\n${missing.map((name) => `  ${name}: required with the other ${group} settings`).join('\n')}`);
  return Object.fromEntries(names.map((name) => [name, String(e[name])])) as Record<Name, string>;
}

/** A key given inline (PEM, with real or escaped line breaks, or bare base64) or as the path of a file holding it. */
function keyText(value: string): string {
  const isPath = !value.includes('-----BEGIN') && /[/\\.]/.test(value) && existsSync(value);
  return (isPath ? readFileSync(value, 'utf8') : value).replaceAll('\\n', '\n').trim();
}

function paymentConfigOf(e: Environment, isProduction: boolean): PaymentConfig {
  const alipay = settingGroup(e, ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'], 'ALIPAY_');
  const wechat = settingGroup(
    e,
    [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
      'WECHATPAY_API_V3_KEY',
    ],
    'WECHATPAY_',
  );
  if ((alipay || wechat) && !e.PUBLIC_BASE_URL) {
    throw new ConfigError('Invalid environment configuration:\n  PUBLIC_BASE_URL: required with Alipay or WeChat Pay (their notifications are sent to it)');
  }
  return {
    publicBaseUrl: e.PUBLIC_BASE_URL ? e.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    isDevelopmentEnabled: e.PAYMENT_DEV_ENABLED ?? !isProduction,
    alipay: alipay && {
      appId: alipay.ALIPAY_APP_ID,
      privateKey: keyText(alipay.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: keyText(alipay.ALIPAY_PUBLIC_KEY),
      gateway: e.ALIPAY_GATEWAY.replace(/\/+$/, ''),
    },
    wechat: wechat && {
      mchId: wechat.WECHATPAY_MCH_ID,
      appId: wechat.WECHATPAY_APP_ID,
      serialNo: wechat.WECHATPAY_SERIAL_NO,
      privateKey: keyText(wechat.WECHATPAY_PRIVATE_KEY),
      platformPublicKey: keyText(wechat.WECHATPAY_PLATFORM_PUBLIC_KEY),
      platformPublicKeyId: wechat.WECHATPAY_PLATFORM_PUBLIC_KEY_ID,
      apiV3Key: wechat.WECHATPAY_API_V3_KEY,
      baseUrl: e.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
    },
    bank: { accountName: e.BANK_ACCOUNT_NAME, bankName: e.BANK_NAME, accountNumber: e.BANK_ACCOUNT_NUMBER },
    bankTransferWindowDays: e.BANK_TRANSFER_WINDOW_DAYS,
    reconcileAfterMinutes: e.PAYMENT_RECONCILE_AFTER_MINUTES,
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
