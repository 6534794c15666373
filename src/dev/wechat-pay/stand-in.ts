import { createPublicKey, type KeyObject, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  beijingTime,
  isFreshTimestamp,
  type JsapiPayParams,
  parseAuthorization,
  requestMessage,
  rsaVerify,
  signWechatpay,
  verifyJsapiPaySign,
} from '../../server/wechat/pay/v3';
import { listenLocal } from '../wechat/stand-in-server';
import { createNotifier } from './stand-in-notifier';
import {
  ApiError,
  type PayAnswer,
  type StandInFailure,
  type StandInOrder,
  TRADE_STATE_DESC,
  type WechatPayStandIn,
  type WechatPayStandInOptions,
  ZJsapi,
  ZPay,
  ZRefund,
} from './stand-in-protocol';

/**
 * A local stand-in for WeChat Pay's API v3 (JSAPI payments), for tests and development only
 * (dev.ts; never used in production). It speaks the real protocol over real HTTP: it checks the
 * merchant's signed Authorization, answers v3 error bodies with WeChat's status codes and codes,
 * signs every answer with its own "WeChat Pay" key, and sends encrypted, signed notifications
 * with retries. Two extra routes play the parts nothing else can: POST /stand-in/pay is the
 * payer's WeChat client accepting getBrandWCPayRequest (see wechatBridgeShim), and the test
 * hooks (failNext, logs) play a misbehaving network.
 */
export type { PayAnswer, StandInFailure, StandInOrder, WechatPayStandIn, WechatPayStandInOptions } from './stand-in-protocol';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

export async function startWechatPayStandIn(opts: WechatPayStandInOptions): Promise<WechatPayStandIn> {
  const merchantKey: KeyObject = createPublicKey(opts.merchantPublicKey);
  const orders = new Map<string, StandInOrder & { request: string }>();
  const byPrepayId = new Map<string, string>();
  const refunds = new Map<string, { request: string; answer: Record<string, unknown> }>();
  const failures: Array<{ pathPrefix: string; kind: StandInFailure }> = [];
  const requests: WechatPayStandIn['requests'] = [];
  let closed = false;

  const notifier = createNotifier({ ...opts, retryDelaysMs: opts.notifyRetryDelaysMs ?? [200, 1000, 5000] });
  const notify = notifier.notify;

  // ---- the API ----

  function transactionJson(o: StandInOrder): Record<string, unknown> {
    const paid = o.transactionId !== null;
    return {
      appid: o.appid,
      mchid: o.mchid,
      out_trade_no: o.outTradeNo,
      ...(paid ? { transaction_id: o.transactionId, trade_type: 'JSAPI', bank_type: 'OTHERS' } : {}),
      trade_state: o.state,
      trade_state_desc: TRADE_STATE_DESC[o.state],
      ...(o.attach !== null ? { attach: o.attach } : {}),
      ...(o.successTime !== null ? { success_time: beijingTime(o.successTime) } : {}),
      ...(paid ? { payer: { openid: o.payerOpenid } } : {}),
      amount: { total: o.totalFen, ...(paid ? { payer_total: o.totalFen, currency: 'CNY' } : {}), payer_currency: 'CNY' },
    };
  }

  function invalid(error: z.ZodError): ApiError {
    const issue = error.issues[0];
    return new ApiError(400, 'PARAM_ERROR', `参数错误: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
  }

  function bodyOf<T>(schema: z.ZodType<T>, text: string): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'PARAM_ERROR', '请求体不是合法的JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data;
  }

  function checkMchid(mchid: string | undefined) {
    if (mchid !== opts.mchid) throw new ApiError(400, 'MCH_NOT_EXISTS', '商户号不存在或与签名不一致');
  }

  function findOrder(outTradeNo: string) {
    const o = orders.get(outTradeNo);
    if (!o) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
    return o;
  }

  function createOrder(text: string) {
    const b = bodyOf(ZJsapi, text);
    checkMchid(b.mchid);
    if (b.appid !== opts.appId) throw new ApiError(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    const expiresAt = b.time_expire ? Date.parse(b.time_expire) : null;
    if (expiresAt !== null && (Number.isNaN(expiresAt) || expiresAt <= Date.now()))
      throw new ApiError(400, 'PARAM_ERROR', 'time_expire 已过期或无效');
    // The same request again gets the same prepay_id; another request with the same number is refused.
    const request = JSON.stringify([
      b.appid,
      b.description,
      b.out_trade_no,
      b.time_expire,
      b.attach,
      b.notify_url,
      b.amount.total,
      b.payer.openid,
    ]);
    const existing = orders.get(b.out_trade_no);
    if (existing) {
      if (existing.request !== request) throw new ApiError(403, 'OUT_TRADE_NO_USED', '商户订单号重复');
      if (existing.state === 'CLOSED') throw new ApiError(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.state !== 'NOTPAY') throw new ApiError(400, 'ORDERPAID', '该订单已支付');
      return { prepay_id: existing.prepayId };
    }
    const prepayId = `wx${beijingTime(Date.now()).replace(/\D/g, '').slice(0, 14)}${randomBytes(11).toString('hex')}`;
    orders.set(b.out_trade_no, {
      request,
      appid: b.appid,
      mchid: b.mchid,
      outTradeNo: b.out_trade_no,
      description: b.description,
      totalFen: b.amount.total,
      payerOpenid: b.payer.openid,
      attach: b.attach ?? null,
      notifyUrl: b.notify_url,
      expiresAt,
      prepayId,
      state: 'NOTPAY',
      transactionId: null,
      successTime: null,
      refundedFen: 0,
    });
    byPrepayId.set(prepayId, b.out_trade_no);
    return { prepay_id: prepayId };
  }

  function closeOrder(outTradeNo: string, text: string) {
    checkMchid(bodyOf(z.object({ mchid: z.string() }), text).mchid);
    const o = findOrder(outTradeNo);
    if (o.state === 'SUCCESS' || o.state === 'REFUND') throw new ApiError(400, 'ORDERPAID', '订单已支付');
    o.state = 'CLOSED'; // closing a closed order is a 204 again
    return undefined;
  }

  function refund(text: string) {
    const b = bodyOf(ZRefund, text);
    const o = findOrder(b.out_trade_no);
    const request = JSON.stringify([b.out_trade_no, b.amount, b.notify_url, b.reason]);
    const existing = refunds.get(b.out_refund_no);
    if (existing) {
      if (existing.request !== request) throw new ApiError(400, 'INVALID_REQUEST', '退款单号重复但请求参数不一致');
      return existing.answer;
    }
    if (o.transactionId === null) throw new ApiError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    if (b.amount.total !== o.totalFen) throw new ApiError(400, 'INVALID_REQUEST', '订单金额与原订单不一致');
    if (o.refundedFen + b.amount.refund > o.totalFen) throw new ApiError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    o.refundedFen += b.amount.refund;
    o.state = 'REFUND';
    const created = Date.now();
    const answer: Record<string, unknown> = {
      refund_id: `50${digits(27)}`,
      out_refund_no: b.out_refund_no,
      transaction_id: o.transactionId,
      out_trade_no: o.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: beijingTime(created),
      status: 'PROCESSING',
      funds_account: 'AVAILABLE',
      amount: { total: o.totalFen, refund: b.amount.refund, payer_total: o.totalFen, payer_refund: b.amount.refund, currency: 'CNY' },
    };
    refunds.set(b.out_refund_no, { request, answer });
    setTimeout(() => {
      if (closed) return;
      const successTime = Date.now();
      answer.status = 'SUCCESS';
      answer.success_time = beijingTime(successTime);
      if (!b.notify_url) return;
      notify(b.notify_url, 'REFUND.SUCCESS', '退款成功', 'refund', {
        mchid: o.mchid,
        out_trade_no: o.outTradeNo,
        transaction_id: o.transactionId,
        out_refund_no: b.out_refund_no,
        refund_id: answer.refund_id,
        refund_status: 'SUCCESS',
        success_time: beijingTime(successTime),
        user_received_account: '支付用户零钱',
        amount: answer.amount,
      });
    }, opts.refundDelayMs ?? 50).unref();
    return { ...answer };
  }

  /** The answer body for a /v3 call (undefined = 204), or an ApiError. */
  function route(method: string, url: URL, text: string): unknown {
    const trade = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/);
    if (method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') return createOrder(text);
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return refund(text);
    if (trade?.[1]) {
      const outTradeNo = decodeURIComponent(trade[1]);
      if (method === 'POST' && trade[2]) return closeOrder(outTradeNo, text);
      if (method === 'GET' && !trade[2]) {
        checkMchid(url.searchParams.get('mchid') ?? undefined);
        return transactionJson(findOrder(outTradeNo));
      }
    }
    throw new ApiError(404, 'RESOURCE_NOT_EXISTS', '请求的资源不存在');
  }

  /** The merchant's Authorization: right merchant, right certificate, fresh, signed over this request. */
  function authorised(req: IncomingMessage, text: string): boolean {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth || auth.mchid !== opts.mchid || auth.serial_no !== opts.merchantSerial || !isFreshTimestamp(auth.timestamp)) return false;
    const message = requestMessage({
      method: req.method ?? '',
      urlPathWithQuery: req.url ?? '',
      timestamp: auth.timestamp,
      nonce: auth.nonce_str,
      body: text,
    });
    return rsaVerify(merchantKey, message, auth.signature);
  }

  // ---- the payer ----

  function pay(params: JsapiPayParams): PayAnswer {
    const fail = (reason: string): PayAnswer => ({ err_msg: 'get_brand_wcpay_request:fail', reason });
    const p = ZPay.safeParse(params);
    if (!p.success) return fail('malformed parameters');
    if (p.data.appId !== opts.appId) return fail('appId is not the merchant app');
    if (!verifyJsapiPaySign(p.data, merchantKey)) return fail('paySign does not verify');
    const prepayId = p.data.package.startsWith('prepay_id=') ? p.data.package.slice('prepay_id='.length) : '';
    const o = orders.get(byPrepayId.get(prepayId) ?? '');
    if (!o) return fail('unknown prepay_id');
    if (o.state === 'CLOSED') return fail('order closed');
    if (o.state !== 'NOTPAY') return fail('order already paid');
    if (o.expiresAt !== null && o.expiresAt <= Date.now()) return fail('order expired');
    o.state = 'SUCCESS';
    o.transactionId = `4200${digits(24)}`;
    o.successTime = Date.now();
    notify(o.notifyUrl, 'TRANSACTION.SUCCESS', '支付成功', 'transaction', transactionJson(o));
    return { err_msg: 'get_brand_wcpay_request:ok' };
  }

  // ---- HTTP ----

  function answer(res: ServerResponse, status: number, body: unknown, failure?: StandInFailure) {
    const text = body === undefined ? '' : JSON.stringify(body);
    // A real RSA signature that does not verify, as one by another key would not (without the
    // cost of making a key: RSA key generation can take longer than a test's timeout).
    const signed = failure === 'bad_signature' ? `${text}\n` : text;
    const serial = failure === 'wrong_serial' ? `${opts.platformSerial}0` : opts.platformSerial;
    res.writeHead(status, {
      ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      'request-id': randomUUID(),
      ...signWechatpay({ privateKey: opts.platformPrivateKey, serial, body: signed }),
    });
    res.end(text);
  }

  const CORS = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-private-network': 'true',
    'access-control-max-age': '600',
  };

  function standInRoute(req: IncomingMessage, res: ServerResponse, text: string): number {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return 204;
    }
    let params: unknown;
    try {
      params = JSON.parse(text);
    } catch {
      params = null;
    }
    const status = req.method === 'POST' && req.url?.split('?')[0] === '/stand-in/pay' ? 200 : 404;
    const body = status === 200 ? pay(params as JsapiPayParams) : { error: 'not found' };
    res.writeHead(status, { ...CORS, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    return status;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const entry: WechatPayStandIn['requests'][number] = { method: req.method ?? '', path: req.url ?? '/', body: text, status: null };
      requests.push(entry);
      if (url.pathname.startsWith('/stand-in/')) {
        entry.status = standInRoute(req, res, text);
        return;
      }
      const i = failures.findIndex((f) => url.pathname.startsWith(f.pathPrefix));
      const failure = i === -1 ? undefined : failures.splice(i, 1)[0]?.kind;
      if (failure === 'hang') return; // never answered; close() drops the connection
      let status = 500;
      let body: unknown = { code: 'SYSTEM_ERROR', message: '系统错误' };
      if (failure !== 'http500') {
        try {
          if (!authorised(req, text)) throw new ApiError(401, 'SIGN_ERROR', '签名错误');
          body = route(req.method ?? '', url, text);
          status = body === undefined ? 204 : 200;
        } catch (e) {
          // Anything else (a malformed %-escape in the path…) is the stand-in's own 500, not a crash.
          const error = e instanceof ApiError ? e : new ApiError(500, 'SYSTEM_ERROR', `系统错误: ${String(e)}`);
          status = error.status;
          body = { code: error.code, message: error.message };
        }
      }
      entry.status = status;
      answer(res, status, body, failure);
    });
  });
  const url = await listenLocal(server, opts.port);

  return {
    url,
    requests,
    notifications: notifier.notifications,
    loseNotifications: notifier.lose,
    failNext(pathPrefix, kind) {
      failures.push({ pathPrefix, kind });
    },
    pay,
    order(outTradeNo) {
      const o = orders.get(outTradeNo);
      if (!o) return undefined;
      const { request: _request, ...order } = o;
      return order;
    },
    settled: notifier.settled,
    close() {
      closed = true;
      notifier.stop();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // including hung requests and keep-alive sockets
      });
    },
  };
}

// Keys for a provider and a stand-in that trust each other, and the browser's bridge shim.
export { generateRsaPemPair, generateWechatPayKeys, wechatBridgeShim } from './stand-in-kit';
