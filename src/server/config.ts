import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { ZTimeZone } from '../shared/api/lottery-admin';
import { jsonList, type OAuthClientInput, type WechatClientConfig, ZOAuthClient, ZWechatClient } from './config-json';
import { loadWechatPayConfig, type WechatPayConfig } from './config-wechat-pay';

/**
 * Environment → validated configuration. A wrong or missing value stops start-up with a message
 * naming the variable. Every variable is listed in README's configuration table and
 * `.env.example`.
 */
const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = z.url({ protocol: /^https?$/ });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // Unset: every interface in production with PUBLIC_URL, otherwise this machine only (127.0.0.1).
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: url.optional(),
  // Other host names served besides PUBLIC_URL's (pages still link to PUBLIC_URL); requests for
  // any other host are refused (http/hosts.ts). Comma-separated names, no scheme or port.
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i, 'host names without scheme or port, comma-separated')),
    ),
  EDITION: z.enum(['intl', 'cn']).default('intl'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/.+|file:.+)$/, 'must be postgres://… or file:<path>')
    .default('file:data/cxy.sqlite'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be redis://… or rediss://…')
    .optional(),
  // Addresses exempt from per-address rate limits (internal monitors, load tests): comma-separated.
  RATE_LIMIT_ALLOWLIST: z.string().default(''),
  // Uploaded and generated files (models, images, videos, G-code) when stored on disk.
  FILES_DIR: z.string().min(1).default('data/files'),
  // Default: on, except in a deployment (production with PUBLIC_URL): real visitors never meet demo campaigns or content.
  SEED_DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  MAKERS_TOOLS_URL: url.default('https://www.crealitycloud.com'),
  IOS_APP_URL: url.default('https://apps.apple.com/app/creality-cloud/id1548534424'),
  ANDROID_APP_URL: url.default('https://play.google.com/store/apps/details?id=com.cxsw.sdprinter'),
  ANDROID_APK_URL: url.optional(),
  SUPPORT_EMAIL: z.email().default('support@crealitycloud.com'),
  // The zone of the business's own dates (orders, contest dates): an IANA name.
  SITE_TIME_ZONE: ZTimeZone.default('Asia/Shanghai'),
  // Accounts: the key of code HMACs and signed cookies (32+ characters); when unset, one is
  // generated once and kept in the database, so all instances share it.
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ACCOUNT_CANCEL_COOLING_DAYS: z.coerce.number().int().min(1).max(90).default(15),
  // Verification-code delivery: `dev` (outbox page + log, refused in production), or real providers.
  SMS_PROVIDER: z.enum(['dev', 'http', 'none']).optional(),
  SMS_HTTP_URL: url.optional(),
  SMS_HTTP_KEY: z.string().min(8).optional(),
  EMAIL_PROVIDER: z.enum(['dev', 'smtp', 'none']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be smtp://… or smtps://…')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Creality Cloud <no-reply@crealitycloud.com>'),
  // External sign-in (WeChat web authorisation): JSON list of {clientId, appId, appSecret, apiBase?}.
  WECHAT_CLIENTS: jsonList('WECHAT_CLIENTS', ZWechatClient, 'clientId').optional(),
  // Which of them the site's login sheet offers inside WeChat ("Sign in with WeChat").
  WECHAT_WEB_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  // Which of them signs the WeChat JS-SDK config (share inside WeChat); unset: no JS-SDK signature.
  WECHAT_JSAPI_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  // WeChat mall: how orders are paid. http: WeChat Pay API v3 with the WECHAT_PAY_*
  // settings (the default when they are set); dev: a local stand-in started in-process, no money
  // moves (the default in development and tests, refused in production); none: no payments.
  WECHAT_PAY_PROVIDER: z.enum(['http', 'dev', 'none']).optional(),
  // The WECHAT_CLIENTS entry of the official account WeChat Pay is bound to: it tells us payers' openids.
  WECHAT_PAY_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  // Merchant id and keys, all or none (config-wechat-pay.ts): read into `wechatPay`.
  WECHAT_PAY_APP_ID: z.string().optional(),
  WECHAT_PAY_MCHID: z.string().optional(),
  WECHAT_PAY_SERIAL_NO: z.string().optional(),
  WECHAT_PAY_PRIVATE_KEY: z.string().optional(),
  WECHAT_PAY_API_V3_KEY: z.string().optional(),
  WECHAT_PAY_PLATFORM_SERIAL: z.string().optional(),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHAT_PAY_BASE_URL: z.string().optional(),
  // OAuth server (/api/cxy/oauth2): JSON list of third-party apps {clientId, name, redirectUris[], clientSecret?}.
  OAUTH_CLIENTS: jsonList('OAUTH_CLIENTS', ZOAuthClient, 'clientId').optional(),
  // The id_token signing key: an RSA private key (2048+ bits) as PEM or JWK JSON, e.g. from a
  // secret manager; when unset, one is generated once and kept in the database.
  OAUTH_SIGNING_KEY: z
    .string()
    .transform((v, ctx) => {
      const key = rsaPrivateKey(v);
      if (!key) ctx.addIssue({ code: 'custom', message: 'must be an RSA private key of 2048 bits or more, as PEM or JWK JSON' });
      return key ?? z.NEVER;
    })
    .optional(),
  // On SIGTERM: seconds during which /healthz answers 503 while every request is still served, so
  // load balancers stop sending traffic before the instance stops listening.
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  // The most the page cache holds, its pages and their compressed copies together.
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  // Analytics: where the Sensors Data SDK in the browser sends (default: our own
  // collector at /api/analytics/collect), how, and the collector's limits and write batching.
  ANALYTICS_SERVER_URL: url.optional(),
  ANALYTICS_SEND_TYPE: z.enum(['image', 'ajax', 'beacon']).default('image'),
  ANALYTICS_BATCH: bool.default(false),
  ANALYTICS_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(256 * 1024),
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  ANALYTICS_FLUSH_RECORDS: z.coerce.number().int().min(1).max(10_000).default(500),
  ANALYTICS_MAX_BUFFERED: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  // Photo modelling uploads: most megabytes one scan job holds; most a member holds in open jobs
  // plus what they uploaded in the last 24 hours (submitted sets stay on disk); photos a member
  // may upload a minute; hours after its last upload an unsubmitted job is deleted with its files.
  PHOTO_SCAN_JOB_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(600),
  PHOTO_SCAN_MEMBER_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  PHOTO_SCAN_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  PHOTO_SCAN_ABANDON_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
});

export type Env = z.infer<typeof ZEnv>;

export interface Config extends Omit<Env, 'SEED_DEMO_DATA' | 'WECHAT_CLIENTS' | 'OAUTH_CLIENTS'> {
  HOST: string;
  SEED_DEMO_DATA: boolean;
  /** WECHAT_CLIENTS by clientId. */
  wechatClients: ReadonlyMap<string, WechatClientConfig>;
  /** OAUTH_CLIENTS, checked. */
  oauthClients: readonly OAuthClientInput[];
  /**
   * Which WeChat Pay the mall uses: explicit WECHAT_PAY_PROVIDER, else http when WECHAT_PAY_* are
   * set, else the dev stand-in outside production. http comes with the merchant's settings and
   * the official account (WECHAT_PAY_CLIENT_ID) that tells us payers' openids.
   */
  wechatPay: { kind: 'http'; merchant: WechatPayConfig; client: WechatClientConfig } | { kind: 'dev' } | { kind: 'none' };
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  isProduction: boolean;
  /** Where codes go; development and tests default to the dev outbox, production to none. */
  delivery: { sms: 'dev' | 'http' | 'none'; email: 'dev' | 'smtp' | 'none' };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings (as in an .env with `FOO=`) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const path = i.path.join('.');
      // List variables name the entry themselves (`WECHAT_CLIENTS[0].appId: …`).
      return `  ${i.message.startsWith(`${path}[`) ? i.message : `${path}: ${i.message}`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const database = e.DATABASE_URL.startsWith('file:')
    ? ({ dialect: 'sqlite', file: e.DATABASE_URL.slice('file:'.length) } as const)
    : ({ dialect: 'postgres', url: e.DATABASE_URL } as const);
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (e.SMS_PROVIDER === 'http' && !(e.SMS_HTTP_URL && e.SMS_HTTP_KEY))
    problems.push('SMS_HTTP_URL, SMS_HTTP_KEY: required with SMS_PROVIDER=http');
  if (e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL) problems.push('SMTP_URL: required with EMAIL_PROVIDER=smtp');
  const wechatClients = new Map((e.WECHAT_CLIENTS ?? []).map((c) => [c.clientId, c]));
  for (const name of ['WECHAT_WEB_CLIENT_ID', 'WECHAT_JSAPI_CLIENT_ID', 'WECHAT_PAY_CLIENT_ID'] as const) {
    const id = e[name];
    if (id !== undefined && !wechatClients.has(id)) problems.push(`${name}: must be the clientId of an entry of WECHAT_CLIENTS`);
  }
  const wechatPay = wechatPayOf(e, wechatClients, isProduction, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const delivery = {
    sms: e.SMS_PROVIDER ?? (e.SMS_HTTP_URL ? 'http' : isProduction ? 'none' : 'dev'),
    email: e.EMAIL_PROVIDER ?? (e.SMTP_URL ? 'smtp' : isProduction ? 'none' : 'dev'),
  } as const;
  const HOST = e.HOST ?? (isProduction && e.PUBLIC_URL ? '0.0.0.0' : '127.0.0.1');
  const SEED_DEMO_DATA = e.SEED_DEMO_DATA ?? !(isProduction && e.PUBLIC_URL);
  const { WECHAT_CLIENTS: _clients, OAUTH_CLIENTS, ...rest } = e;
  return {
    ...rest,
    HOST,
    SEED_DEMO_DATA,
    database,
    isProduction,
    delivery,
    wechatClients,
    oauthClients: OAUTH_CLIENTS ?? [],
    wechatPay,
  };
}

function wechatPayOf(
  e: Env,
  clients: ReadonlyMap<string, WechatClientConfig>,
  isProduction: boolean,
  problems: string[],
): Config['wechatPay'] {
  // Payments turned off or on the stand-in: a half-done merchant setup is not read.
  if (e.WECHAT_PAY_PROVIDER === 'none' || e.WECHAT_PAY_PROVIDER === 'dev') return { kind: e.WECHAT_PAY_PROVIDER };
  const loaded = loadWechatPayConfig(e);
  if (!loaded && !e.WECHAT_PAY_PROVIDER) return { kind: isProduction ? 'none' : 'dev' };
  if (!loaded) problems.push('WECHAT_PAY_PROVIDER: http needs the WECHAT_PAY_* settings');
  else if ('problems' in loaded) problems.push(...loaded.problems);
  const client = e.WECHAT_PAY_CLIENT_ID ? clients.get(e.WECHAT_PAY_CLIENT_ID) : undefined;
  if (!client || (loaded && 'config' in loaded && client.appId !== loaded.config.appId))
    problems.push('WECHAT_PAY_CLIENT_ID: must name the WECHAT_CLIENTS entry whose appId is WECHAT_PAY_APP_ID');
  if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required with WeChat Pay, which notifies it');
  if (!loaded || !('config' in loaded) || !client) return { kind: 'none' };
  return { kind: 'http', merchant: loaded.config, client };
}

/** An RSA private key (PEM, or a JWK as JSON) strong enough to sign id tokens, or undefined. */
export function rsaPrivateKey(v: string): KeyObject | undefined {
  try {
    const key = v.trim().startsWith('{') ? createPrivateKey({ key: JSON.parse(v), format: 'jwk' }) : createPrivateKey(v);
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    return key.asymmetricKeyType === 'rsa' && bits >= 2048 ? key : undefined;
  } catch {
    return undefined;
  }
}
