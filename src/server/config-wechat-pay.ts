import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The merchant's settings from the environment (WECHAT_PAY_*), checked before anything starts. */
export interface WechatPayConfig {
  /** Default https://api.mch.weixin.qq.com */
  baseUrl: string;
  appId: string;
  mchid: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  /** PEM (apiclient_key.pem). */
  privateKey: string;
  /** 32 characters. */
  apiV3Key: string;
  /** The WeChat Pay public key's id (PUB_KEY_ID_…), which WeChat sends as Wechatpay-Serial. */
  platformSerial: string;
  /** PEM: the "WeChat Pay public key" mode (no platform certificate download). */
  platformPublicKey: string;
  timeoutMs?: number;
}

export const DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';

export type WechatPayConfigResult = { config: WechatPayConfig } | { problems: string[] };

const ENV = {
  appId: 'WECHAT_PAY_APP_ID',
  mchid: 'WECHAT_PAY_MCHID',
  serialNo: 'WECHAT_PAY_SERIAL_NO',
  privateKey: 'WECHAT_PAY_PRIVATE_KEY',
  apiV3Key: 'WECHAT_PAY_API_V3_KEY',
  platformSerial: 'WECHAT_PAY_PLATFORM_SERIAL',
  platformPublicKey: 'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
} as const;
const BASE_URL_ENV = 'WECHAT_PAY_BASE_URL';

/**
 * WECHAT_PAY_* → the provider's configuration. All or nothing: none set → null (payments not
 * configured); some set → the problems, so a half-done setup never starts silently. Problems
 * name variables, never their values (they are secrets). The two keys may be PEM text (with
 * real or `\n`-escaped line breaks, as .env files hold them) or the path of a PEM file.
 */
export type WechatPayEnv = Partial<Record<(typeof ENV)[keyof typeof ENV] | typeof BASE_URL_ENV, string>>;

export function loadWechatPayConfig(env: WechatPayEnv): WechatPayConfigResult | null {
  const value = (name: keyof WechatPayEnv) => {
    const v = env[name]?.trim();
    return v === '' ? undefined : v;
  };
  const names: (keyof WechatPayEnv)[] = [...Object.values(ENV), BASE_URL_ENV];
  if (names.every((n) => value(n) === undefined)) return null;
  const problems: string[] = [];
  const get = (name: keyof WechatPayEnv, check: (v: string) => string | null): string => {
    const v = value(name);
    const problem = v === undefined ? 'not set (all WECHAT_PAY_* variables are needed together)' : check(v);
    if (problem) problems.push(`${name}: ${problem}`);
    return v ?? '';
  };
  const pattern = (re: RegExp, what: string) => (v: string) => (re.test(v) ? null : `must be ${what}`);
  const appId = get(ENV.appId, pattern(/^wx[0-9a-zA-Z]{10,32}$/, 'wx followed by 10-32 letters or digits'));
  const mchid = get(ENV.mchid, pattern(/^\d{6,32}$/, '6-32 digits'));
  const serialNo = get(ENV.serialNo, pattern(/^[0-9A-Fa-f]{8,64}$/, 'the certificate serial number (hex)'));
  const apiV3Key = get(ENV.apiV3Key, (v) => (Buffer.byteLength(v, 'utf8') === 32 ? null : 'must be exactly 32 characters'));
  const platformSerial = get(ENV.platformSerial, pattern(/^[0-9A-Za-z_]{8,64}$/, 'the WeChat Pay public key id (PUB_KEY_ID_…)'));
  const keys = { privateKey: '', platformPublicKey: '' };
  get(ENV.privateKey, (v) => pem(v, 'private', (text) => (keys.privateKey = text)));
  get(ENV.platformPublicKey, (v) => pem(v, 'public', (text) => (keys.platformPublicKey = text)));
  const baseUrl = value(BASE_URL_ENV) ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\/[^/]/.test(baseUrl) || !URL.canParse(baseUrl)) problems.push(`${BASE_URL_ENV}: must be an http(s) URL`);
  if (problems.length) return { problems };
  return { config: { baseUrl, appId, mchid, serialNo, apiV3Key, platformSerial, ...keys } };
}

/** Reads PEM text or a PEM file and checks it is an RSA key of the expected kind; a problem or null. */
function pem(v: string, kind: 'private' | 'public', keep: (text: string) => void): string | null {
  // Ends in a line break like a PEM file does (the environment's value was trimmed).
  let text = `${v.replaceAll('\\n', '\n').trimEnd()}\n`;
  if (!text.startsWith('-----BEGIN')) {
    try {
      text = readFileSync(v, 'utf8');
    } catch {
      return 'neither PEM text nor a readable file';
    }
  }
  try {
    const key = kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
    if (key.asymmetricKeyType !== 'rsa') return `must be an RSA ${kind} key`;
  } catch {
    return `not a PEM ${kind} key`;
  }
  keep(text);
  return null;
}
