import { createCipheriv, createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import type { JsapiPayParams } from '../../../shared/api/mall';
import { newNonce } from '../signature';

/**
 * WeChat Pay API v3 signing primitives (pure functions, no I/O), shared by the HTTP provider
 * (provider.ts) and the local stand-in (stand-in.ts) so both sides speak exactly one scheme:
 *
 * - requests: `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",
 *   timestamp="…",serial_no="…"`, the signature being SHA256withRSA (PKCS#1 v1.5, base64) by the
 *   merchant's key over `METHOD\nURL\ntimestamp\nnonce\nbody\n` (URL = path and query as sent).
 * - answers and notifications: Wechatpay-Timestamp/Nonce/Signature/Serial headers, the signature
 *   by WeChat Pay's key over `timestamp\nnonce\nbody\n` (an empty body still ends in "\n").
 * - JSAPI: paySign over `appId\ntimeStamp\nnonceStr\npackage\n` by the merchant's key.
 * - notification resources: AEAD_AES_256_GCM with the 32-byte APIv3 key, the 16-byte tag
 *   appended to the ciphertext before base64.
 *
 * Every line ends in "\n", the last one included (WeChat's 签名生成 / 签名验证 guides).
 */
export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** Answers and notifications older or newer than this are refused (replay window WeChat's SDKs use). */
export const FRESHNESS_SECONDS = 300;

type PrivateKey = string | KeyObject;
type PublicKey = string | KeyObject;

/** Seconds since the epoch, as a string: the form every v3 timestamp travels in. */
export const nowSeconds = (now = Date.now()): string => String(Math.floor(now / 1000));

/** 32 letters and digits, the length WeChat allows at most and its SDKs use. */
export const newPayNonce = (): string => newNonce(32);

export const requestMessage = (p: { method: string; urlPathWithQuery: string; timestamp: string; nonce: string; body: string }): string =>
  `${p.method.toUpperCase()}\n${p.urlPathWithQuery}\n${p.timestamp}\n${p.nonce}\n${p.body}\n`;

export const answerMessage = (p: { timestamp: string; nonce: string; body: string }): string => `${p.timestamp}\n${p.nonce}\n${p.body}\n`;

export const jsapiMessage = (p: { appId: string; timeStamp: string; nonceStr: string; package: string }): string =>
  `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;

/** SHA256withRSA, PKCS#1 v1.5 (Node's default padding for RSA keys), base64. */
export function rsaSign(privateKey: PrivateKey, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** False (never a throw) for a wrong key, a tampered message or a signature that is not base64 at all. */
export function rsaVerify(publicKey: PublicKey, message: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export interface AuthorizationInput {
  method: string;
  /** As sent: `/v3/pay/transactions/out-trade-no/1217?mchid=1900000109` (no scheme or host). */
  urlPathWithQuery: string;
  /** The exact JSON text sent; '' for GET. */
  body: string;
  mchid: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  privateKey: PrivateKey;
  nonce?: string;
  timestamp?: string;
}

/** The `Authorization` header value for a merchant request. */
export function authorization(p: AuthorizationInput): string {
  const nonce = p.nonce ?? newPayNonce();
  const timestamp = p.timestamp ?? nowSeconds();
  const signature = rsaSign(p.privateKey, requestMessage({ ...p, nonce, timestamp }));
  return `${AUTH_SCHEME} mchid="${p.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${p.serialNo}"`;
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** The five fields of an Authorization header (in any order, as WeChat accepts), or null. */
export function parseAuthorization(header: string | undefined): AuthorizationFields | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEME.length + 1).matchAll(/([a-z_]+)="([^"]*)"/g)) {
    if (m[1] && m[2] !== undefined) fields[m[1]] = m[2];
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** Checks an answer's or a notification's Wechatpay-Signature against WeChat Pay's public key. */
export function verifyWechatpaySignature(p: {
  publicKey: PublicKey;
  timestamp: string;
  nonce: string;
  body: string;
  signature: string;
}): boolean {
  return rsaVerify(p.publicKey, answerMessage(p), p.signature);
}

/** A Wechatpay-Timestamp (or an Authorization timestamp) within FRESHNESS_SECONDS of now, either way. */
export function isFreshTimestamp(timestamp: string, now = Date.now(), windowSeconds = FRESHNESS_SECONDS): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now / 1000 - Number(timestamp)) <= windowSeconds;
}

// A type, not an interface, so it passes as a plain header record (fetch, writeHead, readNotification).
export type WechatpayHeaders = {
  'Wechatpay-Timestamp': string;
  'Wechatpay-Nonce': string;
  'Wechatpay-Signature': string;
  'Wechatpay-Serial': string;
  'Wechatpay-Signature-Type': typeof AUTH_SCHEME;
};

/** WeChat Pay's side (the stand-in): the headers that sign an answer or a notification body. */
export function signWechatpay(p: {
  privateKey: PrivateKey;
  serial: string;
  body: string;
  nonce?: string;
  timestamp?: string;
}): WechatpayHeaders {
  const nonce = p.nonce ?? newPayNonce();
  const timestamp = p.timestamp ?? nowSeconds();
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': rsaSign(p.privateKey, answerMessage({ timestamp, nonce, body: p.body })),
    'Wechatpay-Serial': p.serial,
    'Wechatpay-Signature-Type': AUTH_SCHEME,
  };
}

/** What the page passes to `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` (the mall's contract type). */
export type { JsapiPayParams };

/** The page's callback value, as WeChat's client gives it. */
export interface PayAnswer {
  err_msg: 'get_brand_wcpay_request:ok' | 'get_brand_wcpay_request:fail' | 'get_brand_wcpay_request:cancel';
  /** Development stand-in only: why it failed. */
  reason?: string;
}

export function jsapiPayParams(p: {
  appId: string;
  prepayId: string;
  privateKey: PrivateKey;
  nonce?: string;
  timestamp?: string;
}): JsapiPayParams {
  const fields = {
    appId: p.appId,
    timeStamp: p.timestamp ?? nowSeconds(),
    nonceStr: p.nonce ?? newPayNonce(),
    package: `prepay_id=${p.prepayId}`,
  };
  return { ...fields, signType: 'RSA', paySign: rsaSign(p.privateKey, jsapiMessage(fields)) };
}

/** The payer's WeChat client checks paySign with the merchant's public key; so does the stand-in. */
export function verifyJsapiPaySign(params: JsapiPayParams, merchantPublicKey: PublicKey): boolean {
  return params.signType === 'RSA' && rsaVerify(merchantPublicKey, jsapiMessage(params), params.paySign);
}

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  nonce: string;
  associated_data: string;
  original_type?: string;
}

const TAG_BYTES = 16;

function aesKey(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  // The APIv3 key is used as is (its 32 ASCII characters are the AES-256 key), not hex-decoded.
  if (key.length !== 32) throw new Error('APIv3 key must be 32 bytes');
  return key;
}

/** The notification's plaintext (JSON text); throws if the key is wrong or anything was altered. */
export function decryptResource(apiV3Key: string, resource: Omit<EncryptedResource, 'original_type'>): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${String(resource.algorithm)}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(apiV3Key), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** WeChat Pay's side (the stand-in): a 12-character nonce, as WeChat sends. */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  opts: { associatedData: string; originalType?: string; nonce?: string },
): EncryptedResource {
  const nonce = opts.nonce ?? randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', aesKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(opts.associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    ...(opts.originalType ? { original_type: opts.originalType } : {}),
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: opts.associatedData,
    nonce,
  };
}

/** RFC 3339 in Beijing time, the only form WeChat Pay writes and accepts: 2018-06-08T10:34:56+08:00. */
export function beijingTime(epochMs: number): string {
  return `${new Date(epochMs + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
