import { DEFAULT_BASE_URL, type WechatPayConfig } from '../../config-wechat-pay';

export type { WechatPayConfig };

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  authorization,
  beijingTime,
  decryptResource,
  isFreshTimestamp,
  type JsapiPayParams,
  jsapiPayParams,
  verifyWechatpaySignature,
} from './v3';

export type { JsapiPayParams } from './v3';

/**
 * WeChat Pay (API v3, JSAPI: payment inside WeChat's browser) as the mall sees it. The mall only
 * uses WechatPayProvider, so the development stand-in (dev.ts) and tests can take the place of
 * api.mch.weixin.qq.com without the mall knowing.
 */
export interface PayOrder {
  /** The mall's order number: 6-32 of 0-9 A-Z a-z _ - | * (WeChat's rule), unique per merchant. */
  outTradeNo: string;
  /** Shown to the payer; at most 127 characters. */
  description: string;
  totalFen: number;
  payerOpenid: string;
  /** Epoch ms; after it WeChat refuses the payment. */
  expiresAt: number;
  notifyUrl: string;
  /** Echoed back in queries and notifications; at most 128 characters. */
  attach?: string;
}

export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

export interface Transaction {
  appId: string;
  mchid: string;
  outTradeNo: string;
  transactionId: string | null;
  tradeState: TradeState;
  /** 0 when WeChat left the amount out. */
  totalFen: number;
  payerOpenid: string | null;
  /** Epoch ms. */
  successTime: number | null;
  attach: string | null;
}

export interface PaymentNotice {
  /** WeChat's notification id: the same for every retry of one notification (deduplicate on it). */
  id: string;
  /** 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS' | 'REFUND.ABNORMAL' | 'REFUND.CLOSED' … */
  eventType: string;
  transaction?: Transaction;
  refund?: { outTradeNo: string; outRefundNo: string; refundId: string; status: string };
}

export type RefundStatus = 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL';

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  /** The original order's total, which WeChat checks. */
  totalFen: number;
  refundFen: number;
  reason: string;
  notifyUrl: string;
}

export interface WechatPayProvider {
  readonly appId: string;
  readonly mchid: string;
  createJsapiOrder(order: PayOrder): Promise<{ prepayId: string }>;
  /** Signed locally (no call): what the page passes to getBrandWCPayRequest. */
  jsapiParams(prepayId: string): JsapiPayParams;
  /** null: WeChat does not know the order (ORDER_NOT_EXIST). */
  queryOrder(outTradeNo: string): Promise<Transaction | null>;
  closeOrder(outTradeNo: string): Promise<void>;
  refund(r: RefundRequest): Promise<{ refundId: string; status: RefundStatus }>;
  /** Verifies the Wechatpay-* headers' signature (right serial, fresh timestamp) and decrypts the resource; throws PayError otherwise. */
  readNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): PaymentNotice;
}

export class PayError extends Error {
  override name = 'PayError';
  constructor(
    /**
     * unavailable: no answer, a 5xx or 429 (try again later); rejected: WeChat refused the
     * request (wechatCode says why); bad_signature: an answer or notification not signed by
     * WeChat Pay's key, or not decrypting with our APIv3 key; malformed: not what the API defines.
     */
    readonly reason: 'unavailable' | 'rejected' | 'bad_signature' | 'malformed',
    message: string,
    readonly wechatCode?: string,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const USER_AGENT = 'cxy-companion-mall/1.0 (+WeChat Pay API v3; node)';

// What we read of WeChat's answers; unknown fields are ignored (WeChat adds fields freely).
const ZTradeState = z.enum(['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR']);
const ZTransaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().nullish(),
  trade_state: ZTradeState,
  success_time: z.string().nullish(),
  attach: z.string().nullish(),
  payer: z.object({ openid: z.string().nullish() }).nullish(),
  amount: z.object({ total: z.number().int().nonnegative().nullish() }).nullish(),
});
const ZRefund = z.object({ out_trade_no: z.string(), out_refund_no: z.string(), refund_id: z.string() });
const ZRefundAnswer = ZRefund.extend({ status: z.enum(['SUCCESS', 'PROCESSING', 'CLOSED', 'ABNORMAL']) });
const ZRefundNotice = ZRefund.extend({ refund_status: z.string() });
const ZError = z.object({ code: z.string(), message: z.string().catch('') });
const ZNotification = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().nullish(),
  }),
});

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'body'))];
  throw new PayError('malformed', `WeChat Pay ${what}: malformed (${fields.join(', ')})`);
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PayError('malformed', `WeChat Pay ${what}: not JSON`);
  }
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  // Node lower-cases incoming header names; other callers may not.
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

export function createWechatPayProvider(config: WechatPayConfig, fetchImpl: typeof fetch = fetch): WechatPayProvider {
  const base = (config.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
  new URL(base); // a wrong baseUrl fails at start-up, not at the first payment
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Parsed once: a bad PEM fails here, and signing does not re-parse it each time.
  const privateKey: KeyObject = createPrivateKey(config.privateKey);
  const platformKey: KeyObject = createPublicKey(config.platformPublicKey);
  const { appId, mchid } = config;

  /** Checks an answer's or a notification's Wechatpay-* headers; throws bad_signature. */
  function verifySigned(get: (name: string) => string | null | undefined, body: string, what: string): void {
    const serial = get('wechatpay-serial');
    const timestamp = get('wechatpay-timestamp') ?? '';
    const nonce = get('wechatpay-nonce') ?? '';
    const signature = get('wechatpay-signature') ?? '';
    if (serial !== config.platformSerial)
      throw new PayError('bad_signature', `WeChat Pay ${what}: signed by an unknown key (${serial ?? 'no serial'})`);
    if (!isFreshTimestamp(timestamp)) throw new PayError('bad_signature', `WeChat Pay ${what}: timestamp missing or not within 5 minutes`);
    if (!verifyWechatpaySignature({ publicKey: platformKey, timestamp, nonce, body, signature })) {
      throw new PayError('bad_signature', `WeChat Pay ${what}: signature does not verify`);
    }
  }

  /** One signed call; the verified JSON answer (null for 204). */
  async function call(method: 'GET' | 'POST', path: string, what: string, payload?: unknown): Promise<unknown> {
    const url = new URL(base + path);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': USER_AGENT,
      authorization: authorization({
        method,
        urlPathWithQuery: url.pathname + url.search,
        body,
        mchid,
        serialNo: config.serialNo,
        privateKey,
      }),
      // In public-key mode this asks WeChat to sign the answer with the key we hold.
      'wechatpay-serial': config.platformSerial,
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(url, { method, headers, body: payload === undefined ? undefined : body, signal: controller.signal });
      text = await res.text(); // under the timer too: a body can hang
    } catch (e) {
      const why = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : `request failed (${failureCode(e)})`;
      throw new PayError('unavailable', `WeChat Pay ${what}: ${why}`);
    } finally {
      clearTimeout(timer);
    }
    if (res.status >= 500 || res.status === 429) {
      // 429 FREQUENCY_LIMITED is transient like a 5xx: the caller should retry later.
      throw new PayError('unavailable', `WeChat Pay ${what}: HTTP ${res.status}`, errorCode(text));
    }
    if (res.status >= 300) {
      const code = errorCode(text);
      const message = code ? (parse(ZError, parseJson(text, what), what).message ?? '').slice(0, 200) : '';
      throw new PayError('rejected', `WeChat Pay ${what}: HTTP ${res.status} ${code ?? 'no code'}${message ? ` (${message})` : ''}`, code);
    }
    verifySigned((name) => res.headers.get(name), text, what);
    return text === '' ? null : parseJson(text, what);
  }

  function transaction(value: unknown, what: string): Transaction {
    const t = parse(ZTransaction, value, what);
    if (t.mchid !== mchid || t.appid !== appId) throw new PayError('malformed', `WeChat Pay ${what}: for another merchant or app`);
    const successTime = t.success_time ? Date.parse(t.success_time) : Number.NaN;
    return {
      appId: t.appid,
      mchid: t.mchid,
      outTradeNo: t.out_trade_no,
      transactionId: t.transaction_id || null,
      tradeState: t.trade_state,
      totalFen: t.amount?.total ?? 0,
      payerOpenid: t.payer?.openid || null,
      successTime: Number.isNaN(successTime) ? null : successTime,
      attach: t.attach || null,
    };
  }

  const tradePath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    appId,
    mchid,

    async createJsapiOrder(order) {
      const answer = await call('POST', '/v3/pay/transactions/jsapi', 'JSAPI order', {
        appid: appId,
        mchid,
        description: order.description,
        out_trade_no: order.outTradeNo,
        time_expire: beijingTime(order.expiresAt),
        ...(order.attach ? { attach: order.attach } : {}),
        notify_url: order.notifyUrl,
        amount: { total: order.totalFen, currency: 'CNY' },
        payer: { openid: order.payerOpenid },
      });
      return { prepayId: parse(z.object({ prepay_id: z.string().min(1) }), answer, 'JSAPI order').prepay_id };
    },

    jsapiParams(prepayId) {
      return jsapiPayParams({ appId, prepayId, privateKey });
    },

    async queryOrder(outTradeNo) {
      try {
        const answer = await call('GET', `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(mchid)}`, 'order query');
        return transaction(answer, 'order query');
      } catch (e) {
        if (e instanceof PayError && e.wechatCode === 'ORDER_NOT_EXIST') return null;
        throw e;
      }
    },

    async closeOrder(outTradeNo) {
      await call('POST', `${tradePath(outTradeNo)}/close`, 'close order', { mchid });
    },

    async refund(r) {
      const answer = await call('POST', '/v3/refund/domestic/refunds', 'refund', {
        out_trade_no: r.outTradeNo,
        out_refund_no: r.outRefundNo,
        reason: r.reason,
        notify_url: r.notifyUrl,
        amount: { refund: r.refundFen, total: r.totalFen, currency: 'CNY' },
      });
      const refund = parse(ZRefundAnswer, answer, 'refund');
      return { refundId: refund.refund_id, status: refund.status };
    },

    readNotification(headers, rawBody) {
      verifySigned((name) => header(headers, name), rawBody, 'notification');
      const notice = parse(ZNotification, parseJson(rawBody, 'notification'), 'notification');
      let plain: string;
      try {
        plain = decryptResource(config.apiV3Key, { ...notice.resource, associated_data: notice.resource.associated_data ?? '' });
      } catch {
        // GCM's tag did not match: altered in transit, or our APIv3 key is not the one WeChat holds.
        throw new PayError('bad_signature', 'WeChat Pay notification: resource does not decrypt with the APIv3 key');
      }
      const resource = parseJson(plain, 'notification resource');
      const result: PaymentNotice = { id: notice.id, eventType: notice.event_type };
      if (notice.event_type.startsWith('TRANSACTION.')) result.transaction = transaction(resource, 'notification resource');
      if (notice.event_type.startsWith('REFUND.')) {
        const r = parse(ZRefundNotice, resource, 'notification resource');
        result.refund = { outTradeNo: r.out_trade_no, outRefundNo: r.out_refund_no, refundId: r.refund_id, status: r.refund_status };
      }
      return result;
    },
  };
}

/** The `code` of a v3 error body ({code, message}), if it is one. */
function errorCode(text: string): string | undefined {
  try {
    const parsed = ZError.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.code : undefined;
  } catch {
    return undefined;
  }
}

function failureCode(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code; // undici: ECONNREFUSED, ENOTFOUND…
  return e instanceof Error ? e.name : 'unknown';
}
