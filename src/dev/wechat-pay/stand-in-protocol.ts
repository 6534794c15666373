import { z } from 'zod';
import type { TradeState } from '../../server/wechat/pay/provider';
import type { JsapiPayParams, PayAnswer } from '../../server/wechat/pay/v3';
import { ZJsapiPayParams } from '../../shared/api/mall';
import type { NotificationAttempt } from './stand-in-notifier';

/** The WeChat Pay stand-in's interface and the request bodies it accepts (WeChat's v3 rules). */

export interface WechatPayStandInOptions {
  port?: number;
  appId: string;
  mchid: string;
  /** The merchant API certificate's serial number the Authorization must name. */
  merchantSerial: string;
  merchantPublicKey: string;
  apiV3Key: string;
  platformPrivateKey: string;
  /** Sent as Wechatpay-Serial: the WeChat Pay public key's id. */
  platformSerial: string;
  /** Waits between notification attempts; one more attempt than entries. Default 200, 1000, 5000 ms. */
  notifyRetryDelaysMs?: number[];
  /** How long a refund stays PROCESSING before it succeeds and is notified. Default 50 ms. */
  refundDelayMs?: number;
}

/**
 * http500: a 500 SYSTEM_ERROR; hang: no answer at all; bad_signature: an answer whose
 * Wechatpay-Signature does not verify (as if made by another key); wrong_serial: rightly signed
 * but under another Wechatpay-Serial.
 */
export type StandInFailure = 'http500' | 'hang' | 'bad_signature' | 'wrong_serial';

export interface StandInOrder {
  appid: string;
  mchid: string;
  outTradeNo: string;
  description: string;
  totalFen: number;
  payerOpenid: string;
  attach: string | null;
  notifyUrl: string;
  expiresAt: number | null;
  prepayId: string;
  state: TradeState;
  transactionId: string | null;
  successTime: number | null;
  refundedFen: number;
}

export type { PayAnswer };

export interface WechatPayStandIn {
  /** Base URL, to use as baseUrl. */
  url: string;
  /** Every request received (method, path with query, body as sent, status answered; null = no answer). */
  requests: Array<{ method: string; path: string; body: string; status: number | null }>;
  /** Every notification attempt: status is the receiver's answer, null when it gave none. */
  notifications: NotificationAttempt[];
  /** The next request whose path starts with `pathPrefix` fails this way. Queued in order. */
  failNext(pathPrefix: string, kind: StandInFailure): void;
  /** The next `attempts` notification deliveries are lost on the way (the receiver never sees them). */
  loseNotifications(attempts: number): void;
  /** What POST /stand-in/pay does, without the HTTP hop (for server-side tests). */
  pay(params: JsapiPayParams): PayAnswer;
  order(outTradeNo: string): Readonly<StandInOrder> | undefined;
  /** Resolves once every notification under way has been delivered or given up. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export const TRADE_STATE_DESC: Record<TradeState, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '订单未支付',
  CLOSED: '订单已关闭',
  REVOKED: '已撤销',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
};

// WeChat's rules for the fields we check (v3 JSAPI 下单 and 退款申请 reference).
export const ZOutNo = z.string().regex(/^[0-9A-Za-z_\-|*]{6,32}$/);
export const ZJsapi = z.object({
  appid: z.string().min(1).max(32),
  mchid: z.string().min(1).max(32),
  description: z.string().min(1).max(127),
  out_trade_no: ZOutNo,
  time_expire: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/)
    .optional(),
  attach: z.string().max(128).optional(),
  // WeChat wants https here; the stand-in lets local http receivers through.
  notify_url: z.url({ protocol: /^https?$/ }).max(256),
  amount: z.object({ total: z.number().int().min(1), currency: z.literal('CNY').optional() }),
  payer: z.object({ openid: z.string().min(1).max(128) }),
});
export const ZRefund = z.object({
  out_trade_no: ZOutNo,
  out_refund_no: z.string().regex(/^[0-9A-Za-z_\-|*@]{1,64}$/),
  reason: z.string().max(80).optional(),
  notify_url: z
    .url({ protocol: /^https?$/ })
    .max(256)
    .optional(),
  amount: z.object({ refund: z.number().int().min(1), total: z.number().int().min(1), currency: z.literal('CNY') }),
});
/** The payer's page's signed JSAPI parameters: the same shape the mall's order answer carries. */
export const ZPay = ZJsapiPayParams;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
