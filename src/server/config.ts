import { z } from 'zod';

/**
 * Environment → validated configuration. A wrong or missing value stops start-up with a message
 * naming the variable. Every variable is listed in README's configuration table and
 * `.env.example`.
 */
const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = z.url({ protocol: /^https?$/ });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: url.optional(),
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
  SEED_DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  MAKERS_TOOLS_URL: url.default('https://www.crealitycloud.com'),
  IOS_APP_URL: url.default('https://apps.apple.com/app/creality-cloud/id1548534424'),
  ANDROID_APP_URL: url.default('https://play.google.com/store/apps/details?id=com.cxsw.sdprinter'),
  ANDROID_APK_URL: url.optional(),
  SUPPORT_EMAIL: z.email().default('support@crealitycloud.com'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
});

export type Env = z.infer<typeof ZEnv>;

export interface Config extends Env {
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  isProduction: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings (as in an .env with `FOO=`) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const database = e.DATABASE_URL.startsWith('file:')
    ? ({ dialect: 'sqlite', file: e.DATABASE_URL.slice('file:'.length) } as const)
    : ({ dialect: 'postgres', url: e.DATABASE_URL } as const);
  return { ...e, database, isProduction: e.NODE_ENV === 'production' };
}
