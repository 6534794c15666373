import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDevWechatPay } from '../../../dev/wechat-pay/dev';
import {
  generateRsaPemPair,
  generateWechatPayKeys,
  startWechatPayStandIn,
  type WechatPayStandIn,
  wechatBridgeShim,
} from '../../../dev/wechat-pay/stand-in';
import { loadWechatPayConfig } from '../../config-wechat-pay';
import { createWechatPayProvider, type PayError, type PayOrder, type WechatPayConfig, type WechatPayProvider } from './provider';
import { encryptResource, type JsapiPayParams, signWechatpay } from './v3';

let keys: ReturnType<typeof generateWechatPayKeys>;
/** A key nobody here trusts (as another merchant's, or another "WeChat Pay"'s). */
let stranger: { publicKey: string; privateKey: string };
let standIn: WechatPayStandIn;
let config: WechatPayConfig;
let provider: WechatPayProvider;
let receiver: Receiver;

/** The mall's notify endpoint: records what WeChat Pay sends and answers from a queue (then 204). */
interface Receiver {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  answers: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/mall/pay/notify`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// RSA key generation is CPU-bound and slow on a loaded machine (seconds, with every test file
// running at once): once per file, with room to spare.
beforeAll(() => {
  keys = generateWechatPayKeys({ appId: 'wx1234567890abcdef', mchid: '1900000109' });
  stranger = generateRsaPemPair();
}, 60_000);

beforeEach(async () => {
  standIn = await startWechatPayStandIn({ ...keys.standInOptions, notifyRetryDelaysMs: [20, 50], refundDelayMs: 10 });
  receiver = await startReceiver();
  // Generous: the stand-in shares this process (and a loaded CPU); the hang test uses its own.
  config = { ...keys.providerConfig(standIn.url), timeoutMs: 5000 };
  provider = createWechatPayProvider(config);
});

afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

let seq = 0;
const order = (over: Partial<PayOrder> = {}): PayOrder => ({
  outTradeNo: `M${Date.now()}${++seq}`,
  description: '创想云 3D 打印耗材 PLA 1kg',
  totalFen: 8900,
  payerOpenid: 'o-alice',
  expiresAt: Date.now() + 15 * 60_000,
  notifyUrl: receiver.url,
  attach: 'cart:42',
  ...over,
});

async function failure(p: Promise<unknown>): Promise<PayError> {
  const e = await p.then(
    () => expect.fail('expected a PayError'),
    (err: unknown) => err,
  );
  expect((e as Error).name).toBe('PayError');
  return e as PayError;
}

/** The browser's side: what WeixinJSBridge.invoke('getBrandWCPayRequest') does through the shim. */
async function payInBrowser(params: JsapiPayParams): Promise<{ err_msg: string; reason?: string }> {
  const res = await fetch(`${standIn.url}/stand-in/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return (await res.json()) as { err_msg: string; reason?: string };
}

/** Creates and pays an order; returns it with the notification the mall received. */
async function paidOrder(over: Partial<PayOrder> = {}) {
  const o = order(over);
  const { prepayId } = await provider.createJsapiOrder(o);
  expect(await payInBrowser(provider.jsapiParams(prepayId))).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
  await standIn.settled();
  const notice = receiver.received.at(-1);
  if (!notice) throw new Error('no notification');
  return { order: o, prepayId, notice };
}

describe('WeChat Pay provider against the stand-in', () => {
  it('creates a JSAPI order with a signed request in the documented shape', async () => {
    const o = order();
    const { prepayId } = await provider.createJsapiOrder(o);
    expect(prepayId).toMatch(/^wx\d{14}[0-9a-f]{22}$/);
    const req = standIn.requests.at(-1);
    expect([req?.method, req?.path, req?.status]).toEqual(['POST', '/v3/pay/transactions/jsapi', 200]);
    expect(JSON.parse(req?.body ?? '')).toEqual({
      appid: 'wx1234567890abcdef',
      mchid: '1900000109',
      description: o.description,
      out_trade_no: o.outTradeNo,
      time_expire: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
      attach: 'cart:42',
      notify_url: receiver.url,
      amount: { total: 8900, currency: 'CNY' },
      payer: { openid: 'o-alice' },
    });
    // The same order again: the same prepay_id; another order under the same number: refused.
    expect(await provider.createJsapiOrder(o)).toEqual({ prepayId });
    const e = await failure(provider.createJsapiOrder({ ...o, totalFen: 1 }));
    expect([e.reason, e.wechatCode]).toEqual(['rejected', 'OUT_TRADE_NO_USED']);
  });

  it('pays through the JSAPI params, notifies the mall, and the notification reads back', async () => {
    const o = order();
    const { prepayId } = await provider.createJsapiOrder(o);
    expect(await provider.queryOrder(o.outTradeNo)).toMatchObject({
      tradeState: 'NOTPAY',
      transactionId: null,
      successTime: null,
      totalFen: 8900,
    });

    const params = provider.jsapiParams(prepayId);
    expect(params).toMatchObject({ appId: 'wx1234567890abcdef', package: `prepay_id=${prepayId}`, signType: 'RSA' });
    // A paySign that does not verify, and an unknown prepay id, pay nothing.
    expect(await payInBrowser({ ...params, nonceStr: `${params.nonceStr}x` })).toMatchObject({ err_msg: 'get_brand_wcpay_request:fail' });
    expect((await payInBrowser(provider.jsapiParams('wx-unknown'))).reason).toBe('unknown prepay_id');
    const before = Date.now();
    expect(await payInBrowser(params)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    expect((await payInBrowser(params)).reason).toBe('order already paid');

    await standIn.settled();
    expect(receiver.received).toHaveLength(1);
    const [note] = receiver.received;
    expect(note?.headers['wechatpay-serial']).toBe(config.platformSerial);
    const notice = provider.readNotification(note?.headers ?? {}, note?.body ?? '');
    expect(notice).toEqual({
      id: expect.any(String),
      eventType: 'TRANSACTION.SUCCESS',
      transaction: {
        appId: 'wx1234567890abcdef',
        mchid: '1900000109',
        outTradeNo: o.outTradeNo,
        transactionId: expect.stringMatching(/^4200\d{24}$/),
        tradeState: 'SUCCESS',
        totalFen: 8900,
        payerOpenid: 'o-alice',
        successTime: expect.any(Number),
        attach: 'cart:42',
      },
    });
    expect(notice.transaction?.successTime).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(JSON.parse(note?.body ?? '')).toMatchObject({
      resource_type: 'encrypt-resource',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM' },
    });

    const queried = await provider.queryOrder(o.outTradeNo);
    expect(queried).toEqual(notice.transaction);
    expect(standIn.notifications).toEqual([
      { url: receiver.url, eventType: 'TRANSACTION.SUCCESS', id: notice.id, attempt: 0, status: 204 },
    ]);
  });

  it('retries a notification the mall did not take, with the same id', async () => {
    receiver.answers.push(500, 503);
    await paidOrder();
    expect(standIn.notifications.map((n) => [n.attempt, n.status])).toEqual([
      [0, 500],
      [1, 503],
      [2, 204],
    ]);
    expect(new Set(standIn.notifications.map((n) => n.id)).size).toBe(1);
    for (const n of receiver.received) expect(provider.readNotification(n.headers, n.body).eventType).toBe('TRANSACTION.SUCCESS');
  });

  it('refuses notifications that are altered, stale, from another key or serial, or not for our APIv3 key', async () => {
    const { notice } = await paidOrder();
    const { headers, body } = notice;
    const read = (h: Record<string, string | string[] | undefined>, b: string, p = provider) =>
      failure(Promise.resolve().then(() => p.readNotification(h, b)));
    const sign = (b: string, extra: { timestamp?: string; serial?: string; privateKey?: string } = {}) =>
      signWechatpay({
        privateKey: extra.privateKey ?? keys.standInOptions.platformPrivateKey,
        serial: extra.serial ?? config.platformSerial,
        body: b,
        ...extra,
      });

    expect((await read(headers, body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESs'))).reason).toBe('bad_signature');
    expect((await read({ ...headers, 'wechatpay-serial': 'PUB_KEY_ID_0000' }, body)).reason).toBe('bad_signature');
    expect((await read(sign(body, { serial: 'PUB_KEY_ID_0000' }), body)).reason).toBe('bad_signature');
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    expect((await read(sign(body, { timestamp: stale }), body)).message).toMatch(/5 minutes/);
    expect((await read({ ...headers, 'wechatpay-signature': undefined }, body)).reason).toBe('bad_signature');
    expect((await read({}, body)).reason).toBe('bad_signature');
    expect((await read(sign(body, { privateKey: stranger.privateKey }), body)).reason).toBe('bad_signature');
    // Headers as an array, and in another case, still read.
    expect(provider.readNotification({ 'Wechatpay-Serial': [config.platformSerial], ...headers }, body).eventType).toBe(
      'TRANSACTION.SUCCESS',
    );

    const wrongKey = createWechatPayProvider({ ...config, apiV3Key: 'x'.repeat(32) });
    expect((await read(headers, body, wrongKey)).message).toMatch(/APIv3 key/);

    // Signed correctly but not a notification: malformed.
    expect((await read(sign('not json'), 'not json')).reason).toBe('malformed');
    const noResource = JSON.stringify({ id: '1', event_type: 'TRANSACTION.SUCCESS' });
    expect((await read(sign(noResource), noResource)).reason).toBe('malformed');
    const resource = encryptResource(config.apiV3Key, '{"trade_state":"SUCCESS"}', { associatedData: 'transaction' });
    const thin = JSON.stringify({ id: '2', event_type: 'TRANSACTION.SUCCESS', resource });
    expect((await read(sign(thin), thin)).reason).toBe('malformed');
  });

  it('answers null for an order WeChat does not know', async () => {
    expect(await provider.queryOrder('NO-SUCH-ORDER-1')).toBeNull();
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v3/pay/transactions/out-trade-no/NO-SUCH-ORDER-1?mchid=1900000109',
      status: 404,
    });
    // The number is escaped into the path (and the escape signed as sent).
    expect(await provider.queryOrder('%E0/..')).toBeNull();
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/out-trade-no/%25E0%2F..?mchid=1900000109', status: 404 });
  });

  it('closes an unpaid order (which then cannot be paid), and refuses to close a paid one', async () => {
    const o = order();
    const { prepayId } = await provider.createJsapiOrder(o);
    await provider.closeOrder(o.outTradeNo);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/v3/pay/transactions/out-trade-no/${o.outTradeNo}/close`,
      body: '{"mchid":"1900000109"}',
      status: 204,
    });
    expect((await provider.queryOrder(o.outTradeNo))?.tradeState).toBe('CLOSED');
    expect((await payInBrowser(provider.jsapiParams(prepayId))).reason).toBe('order closed');
    expect((await failure(provider.createJsapiOrder(o))).wechatCode).toBe('ORDER_CLOSED');

    const paid = await paidOrder();
    const e = await failure(provider.closeOrder(paid.order.outTradeNo));
    expect([e.reason, e.wechatCode]).toEqual(['rejected', 'ORDERPAID']);
    expect((await failure(provider.closeOrder('NO-SUCH-ORDER-2'))).wechatCode).toBe('ORDER_NOT_EXIST');
  });

  it('refunds a paid order and notifies REFUND.SUCCESS; refuses unpaid orders and over-refunds', async () => {
    const unpaid = order();
    await provider.createJsapiOrder(unpaid);
    const r = {
      outTradeNo: unpaid.outTradeNo,
      outRefundNo: 'R-unpaid-1',
      totalFen: 8900,
      refundFen: 100,
      reason: '缺货',
      notifyUrl: receiver.url,
    };
    expect(await failure(provider.refund(r))).toMatchObject({ reason: 'rejected', wechatCode: 'INVALID_REQUEST' });

    const { order: o } = await paidOrder();
    const refund = { ...r, outTradeNo: o.outTradeNo, outRefundNo: `R${o.outTradeNo}`, refundFen: 3000 };
    const answer = await provider.refund(refund);
    expect(answer).toEqual({ refundId: expect.stringMatching(/^50\d{27}$/), status: 'PROCESSING' });
    expect(await provider.refund(refund)).toMatchObject({ refundId: answer.refundId }); // the same refund again
    expect(JSON.parse(standIn.requests.at(-1)?.body ?? '')).toEqual({
      out_trade_no: o.outTradeNo,
      out_refund_no: refund.outRefundNo,
      reason: '缺货',
      notify_url: receiver.url,
      amount: { refund: 3000, total: 8900, currency: 'CNY' },
    });
    expect((await provider.queryOrder(o.outTradeNo))?.tradeState).toBe('REFUND');

    await new Promise((resolve) => setTimeout(resolve, 30));
    await standIn.settled();
    const note = receiver.received.at(-1);
    expect(provider.readNotification(note?.headers ?? {}, note?.body ?? '')).toEqual({
      id: expect.any(String),
      eventType: 'REFUND.SUCCESS',
      refund: { outTradeNo: o.outTradeNo, outRefundNo: refund.outRefundNo, refundId: answer.refundId, status: 'SUCCESS' },
    });
    const over = await failure(provider.refund({ ...refund, outRefundNo: `${refund.outRefundNo}b`, refundFen: 5901 }));
    expect(over).toMatchObject({ reason: 'rejected', wechatCode: 'INVALID_REQUEST' });
    expect((await failure(provider.refund({ ...refund, totalFen: 1 }))).wechatCode).toBe('INVALID_REQUEST'); // same number, other content
  });

  it('refuses answers signed by another key or under another serial', async () => {
    standIn.failNext('/v3/pay/transactions/jsapi', 'bad_signature');
    expect(await failure(provider.createJsapiOrder(order()))).toMatchObject({
      reason: 'bad_signature',
      message: expect.stringMatching(/does not verify/),
    });
    const o = order();
    await provider.createJsapiOrder(o);
    standIn.failNext('/v3/pay/transactions/out-trade-no/', 'wrong_serial');
    expect(await failure(provider.queryOrder(o.outTradeNo))).toMatchObject({
      reason: 'bad_signature',
      message: expect.stringMatching(/unknown key/),
    });
    // The stand-in's answer was right otherwise: the next call works.
    expect((await provider.createJsapiOrder(order())).prepayId).toBeTruthy();
  });

  it('reports a 500, a hang and a closed port as unavailable, within the timeout', async () => {
    standIn.failNext('/v3/pay/transactions/jsapi', 'http500');
    expect(await failure(provider.createJsapiOrder(order()))).toMatchObject({ reason: 'unavailable', wechatCode: 'SYSTEM_ERROR' });
    standIn.failNext('/v3/refund/', 'hang');
    const started = Date.now();
    const impatient = createWechatPayProvider({ ...config, timeoutMs: 300 });
    const hung = await failure(
      impatient.refund({ outTradeNo: 'X-000001', outRefundNo: 'R1', totalFen: 1, refundFen: 1, reason: '', notifyUrl: receiver.url }),
    );
    expect(hung).toMatchObject({ reason: 'unavailable', message: expect.stringMatching(/no answer within 300 ms/) });
    expect(Date.now() - started).toBeLessThan(1500);
    const down = createWechatPayProvider({ ...config, baseUrl: 'http://127.0.0.1:9' });
    expect((await failure(down.queryOrder('ANY-ORDER-2'))).reason).toBe('unavailable');
  });

  it('reports what the stand-in refuses as rejected, with WeChat’s code', async () => {
    const long = await failure(provider.createJsapiOrder(order({ description: 'x'.repeat(128) })));
    expect([long.reason, long.wechatCode, long.message]).toEqual([
      'rejected',
      'PARAM_ERROR',
      expect.stringMatching(/HTTP 400 PARAM_ERROR/),
    ]);
    expect((await failure(provider.createJsapiOrder(order({ outTradeNo: 'bad no!' })))).wechatCode).toBe('PARAM_ERROR');
    expect((await failure(provider.createJsapiOrder(order({ expiresAt: Date.now() - 1000 })))).wechatCode).toBe('PARAM_ERROR');
    const otherApp = createWechatPayProvider({ ...config, appId: 'wx0000000000000000' });
    expect((await failure(otherApp.createJsapiOrder(order()))).wechatCode).toBe('APPID_MCHID_NOT_MATCH');
    // Signed with a key the stand-in does not know, or under another certificate serial.
    const unknownKey = createWechatPayProvider({ ...config, privateKey: stranger.privateKey });
    expect(await failure(unknownKey.queryOrder('ANY-ORDER-3'))).toMatchObject({ reason: 'rejected', wechatCode: 'SIGN_ERROR' });
    const otherSerial = createWechatPayProvider({ ...config, serialNo: 'ABCDEF0123456789' });
    expect((await failure(otherSerial.queryOrder('ANY-ORDER-3'))).wechatCode).toBe('SIGN_ERROR');
    expect(standIn.requests.at(-1)?.status).toBe(401);
  });

  it('answers CORS preflights on /stand-in/*, for the page', async () => {
    const res = await fetch(`${standIn.url}/stand-in/pay`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('content-type');
  });
});

describe('the WeixinJSBridge shim', () => {
  /** Runs the shim in a bare context with the fetch it would have in a page. */
  function bridge(flags: { cancel?: boolean } = {}) {
    const events: string[] = [];
    const window: Record<string, unknown> = { __wechatPayCancel: flags.cancel };
    runInNewContext(wechatBridgeShim(standIn.url), {
      window,
      fetch,
      setTimeout,
      Event: class {
        constructor(readonly type: string) {}
      },
      document: { dispatchEvent: (e: { type: string }) => events.push(e.type) },
    });
    const jsBridge = window.WeixinJSBridge as { invoke(name: string, params: unknown, cb: (r: unknown) => void): void };
    const invoke = (name: string, params: unknown) =>
      new Promise<{ err_msg: string }>((resolve) => jsBridge.invoke(name, params, (r) => resolve(r as { err_msg: string })));
    return { events, invoke };
  }

  it('pays getBrandWCPayRequest at the stand-in, or cancels on request', async () => {
    const o = order();
    const { prepayId } = await provider.createJsapiOrder(o);
    const cancelled = bridge({ cancel: true });
    expect(cancelled.events).toEqual(['WeixinJSBridgeReady']);
    expect(await cancelled.invoke('getBrandWCPayRequest', provider.jsapiParams(prepayId))).toEqual({
      err_msg: 'get_brand_wcpay_request:cancel',
    });
    expect((await provider.queryOrder(o.outTradeNo))?.tradeState).toBe('NOTPAY');

    const { invoke } = bridge();
    expect(await invoke('getBrandWCPayRequest', provider.jsapiParams(prepayId))).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    expect((await provider.queryOrder(o.outTradeNo))?.tradeState).toBe('SUCCESS');
    expect(await invoke('getBrandWCPayRequest', provider.jsapiParams(prepayId))).toMatchObject({ err_msg: 'get_brand_wcpay_request:fail' });
    expect(await invoke('editAddress', {})).toEqual({ err_msg: 'editAddress:fail' });
  });

  it('cannot be broken out of an inline <script> by the URL', () => {
    expect(wechatBridgeShim('http://x/</script><script>alert(1)//')).not.toContain('</script>');
  });
});

describe('development wiring', () => {
  it('startDevWechatPay gives a working provider, stand-in and bridge script', { timeout: 30_000 }, async () => {
    const dev = await startDevWechatPay();
    try {
      expect(dev.standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(dev.bridgeScript).toContain(dev.standIn.url);
      const o = order({ notifyUrl: receiver.url });
      const { prepayId } = await dev.provider.createJsapiOrder(o);
      expect(dev.standIn.pay(dev.provider.jsapiParams(prepayId))).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
      expect((await dev.provider.queryOrder(o.outTradeNo))?.tradeState).toBe('SUCCESS');
      expect(dev.standIn.order(o.outTradeNo)).toMatchObject({ state: 'SUCCESS', prepayId });
    } finally {
      await dev.close();
    }
  });
});

describe('loadWechatPayConfig', () => {
  const full = () => {
    const c = keys.providerConfig('https://api.mch.weixin.qq.com');
    return {
      WECHAT_PAY_APP_ID: c.appId,
      WECHAT_PAY_MCHID: c.mchid,
      WECHAT_PAY_SERIAL_NO: c.serialNo,
      WECHAT_PAY_PRIVATE_KEY: c.privateKey,
      WECHAT_PAY_API_V3_KEY: c.apiV3Key,
      WECHAT_PAY_PLATFORM_SERIAL: c.platformSerial,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: c.platformPublicKey,
    };
  };

  it('is null when nothing is set (empty counts as unset)', () => {
    expect(loadWechatPayConfig({})).toBeNull();
    expect(loadWechatPayConfig({ WECHAT_PAY_APP_ID: '' })).toBeNull();
  });

  it('reads PEM text, \\n-escaped PEM or a PEM file, defaulting the base URL', () => {
    const env = full();
    expect(loadWechatPayConfig(env)).toEqual({ config: { ...keys.providerConfig('https://api.mch.weixin.qq.com') } });
    const dir = mkdtempSync(join(tmpdir(), 'wxpay-'));
    writeFileSync(join(dir, 'apiclient_key.pem'), env.WECHAT_PAY_PRIVATE_KEY);
    const result = loadWechatPayConfig({
      ...env,
      WECHAT_PAY_PRIVATE_KEY: join(dir, 'apiclient_key.pem'),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: env.WECHAT_PAY_PLATFORM_PUBLIC_KEY.replaceAll('\n', '\\n'),
      WECHAT_PAY_BASE_URL: 'http://127.0.0.1:4010',
    });
    expect(result && 'config' in result && result.config).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      privateKey: env.WECHAT_PAY_PRIVATE_KEY,
      platformPublicKey: env.WECHAT_PAY_PLATFORM_PUBLIC_KEY,
    });
  });

  it('lists every problem of a partial or wrong setup, without the secrets', () => {
    const env = full();
    expect(loadWechatPayConfig({ WECHAT_PAY_APP_ID: env.WECHAT_PAY_APP_ID })).toEqual({
      problems: expect.arrayContaining([
        expect.stringMatching(/^WECHAT_PAY_MCHID: not set/),
        expect.stringMatching(/^WECHAT_PAY_PRIVATE_KEY: not set/),
      ]),
    });
    const wrong = loadWechatPayConfig({
      ...env,
      WECHAT_PAY_MCHID: 'abc',
      WECHAT_PAY_API_V3_KEY: 'secret-but-short',
      WECHAT_PAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnot-a-key\n-----END PRIVATE KEY-----',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: '/no/such/file.pem',
      WECHAT_PAY_BASE_URL: 'ftp://x',
    });
    const problems = wrong && 'problems' in wrong ? wrong.problems : [];
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'WECHAT_PAY_MCHID',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_PRIVATE_KEY',
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
      'WECHAT_PAY_BASE_URL',
    ]);
    expect(problems.join('\n')).not.toMatch(/secret-but-short|not-a-key/);
  });
});
