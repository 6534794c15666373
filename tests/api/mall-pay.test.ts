import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatStandIn, type WechatStandIn } from '../../src/dev/wechat/oauth-stand-in';
import { generateWechatPayKeys, startWechatPayStandIn, type WechatPayStandIn } from '../../src/dev/wechat-pay/stand-in';
import { loadConfig } from '../../src/server/config';
import { assertProductionSafe } from '../../src/server/production-guard';
import { ResultCode } from '../../src/shared/errors';
import { createTestApp, ENGINES, type TestApp } from '../helpers/app';
import { contentRows } from '../helpers/content';
import { MALL, mallHelpers } from '../helpers/mall';
import { envelopeCall } from '../helpers/suite';

/**
 * The mall with the production WeChat Pay provider: the app is configured exactly as an
 * operator would (WECHAT_PAY_* keys, the official account in WECHAT_CLIENTS, PUBLIC_URL) but
 * WeChat Pay and WeChat's OAuth are local stand-ins speaking their protocols over real HTTP. The
 * member first lets WeChat tell us their openid (silent authorisation), then pays; WeChat Pay's
 * signed, encrypted notification marks the order paid.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe.each(ENGINES)('WeChat mall paying through WeChat Pay (stand-in) on %s', (engine) => {
  const s = {} as { t: TestApp; pay: WechatPayStandIn; oauth: WechatStandIn; admin: string };
  const call = envelopeCall(s);
  const mall = mallHelpers(call);
  const keys = generateWechatPayKeys();
  const appId = keys.standInOptions.appId;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    s.pay = await startWechatPayStandIn({ ...keys.standInOptions, notifyRetryDelaysMs: [50, 100] });
    s.oauth = await startWechatStandIn({ appId, appSecret: 'mall-pay-secret-0123456789' });
    const cfg = keys.providerConfig(s.pay.url);
    const port = await freePort();
    env = {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WECHAT_CLIENTS: JSON.stringify([{ clientId: 'mp', appId, appSecret: 'mall-pay-secret-0123456789', apiBase: s.oauth.url }]),
      WECHAT_PAY_CLIENT_ID: 'mp',
      WECHAT_PAY_APP_ID: cfg.appId,
      WECHAT_PAY_MCHID: cfg.mchid,
      WECHAT_PAY_SERIAL_NO: cfg.serialNo,
      WECHAT_PAY_PRIVATE_KEY: cfg.privateKey,
      WECHAT_PAY_API_V3_KEY: cfg.apiV3Key,
      WECHAT_PAY_PLATFORM_SERIAL: cfg.platformSerial,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: cfg.platformPublicKey,
      WECHAT_PAY_BASE_URL: cfg.baseUrl,
    };
    s.t = await createTestApp(engine, env);
    await s.t.app.listen({ port, host: '127.0.0.1' });
    const rows = contentRows(s.t.db);
    const id = await rows.user('Shopkeeper');
    await s.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: 'admin', scope: '*' }] });
    s.admin = (await rows.signIn(id)).cookie;
  });
  afterAll(async () => {
    await s.t?.close();
    await s.pay?.close();
    await s.oauth?.close();
  });

  const buyer = async (name: string) => {
    const rows = contentRows(s.t.db);
    const cookie = (await rows.signIn(await rows.user(name))).cookie;
    return { cookie, addressId: await mall.address(cookie) };
  };

  it('asks WeChat who pays once, then pays: the signed notification marks the order paid, once', async () => {
    const p = await mall.product(s.admin, 'Notified spool', { stock: 3, priceFen: 2590 });
    const { cookie, addressId } = await buyer('WeChat payer');
    const order = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 2 }]);
    expect((await call('POST', `${MALL}/order/pay`, cookie, { orderNo: order.orderNo })).code).toBe(ResultCode.payerNeeded);

    const auth = await call('POST', `${MALL}/payer/authorize`, cookie, { returnTo: `/wechat-pay/mall/order/${order.orderNo}` });
    const asked = new URL(auth.result.url);
    expect(asked.origin + asked.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      appid: appId,
      scope: 'snsapi_base',
      response_type: 'code',
      redirect_uri: `${env.PUBLIC_URL}/wechat-pay/mall/order/${order.orderNo}`,
    });
    for (const returnTo of ['https://evil.example/x', '//evil.example', 'javascript:alert(1)', ''])
      expect((await call('POST', `${MALL}/payer/authorize`, cookie, { returnTo })).code, returnTo).toBe(ResultCode.parameter);
    const openId = `o-pay-${Date.now()}`;
    expect((await call('POST', `${MALL}/payer/bind`, cookie, { code: 'not-issued' })).code).toBe(ResultCode.externalLoginFailed);
    expect(
      (await call('POST', `${MALL}/payer/bind`, cookie, { code: s.oauth.issueCode({ openId, scope: 'snsapi_base' }) })).result,
    ).toEqual({ bound: true });

    const start = await call('POST', `${MALL}/order/pay`, cookie, { orderNo: order.orderNo });
    expect(start.code, JSON.stringify(start)).toBe(0);
    expect(start.result.devPayUrl).toBeUndefined();
    expect(start.result.params).toMatchObject({ appId, signType: 'RSA' });
    expect(s.pay.order(order.orderNo)).toMatchObject({
      totalFen: 5180,
      payerOpenid: openId,
      state: 'NOTPAY',
      notifyUrl: `${env.PUBLIC_URL}${MALL}/pay/notify`,
    });
    // Tapping pay again reuses WeChat Pay's prepay order.
    expect((await call('POST', `${MALL}/order/pay`, cookie, { orderNo: order.orderNo })).result.params.package).toBe(
      start.result.params.package,
    );

    expect(s.pay.pay(start.result.params)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    await s.pay.settled();
    const delivered = s.pay.notifications.filter((n) => n.url.endsWith('/pay/notify'));
    expect(delivered.at(-1)?.status).toBe(204);
    const paid = (await call('GET', `${MALL}/order?orderNo=${order.orderNo}`, cookie)).result;
    expect(paid.history.map((h: { state: string }) => h.state)).toEqual(['created', 'paid']);
    // The page's own check afterwards changes nothing more.
    expect((await call('POST', `${MALL}/order/sync`, cookie, { orderNo: order.orderNo })).result.history).toHaveLength(2);
    const notices = await s.t.db.kysely.selectFrom('mall_pay_notices').selectAll().where('order_no', '=', order.orderNo).execute();
    expect(notices).toHaveLength(1);
  });

  it('learns of a payment from its own query when the notification does not get through', async () => {
    const p = await mall.product(s.admin, 'Queried spool', { stock: 3 });
    const { cookie, addressId } = await buyer('Patient payer');
    await call('POST', `${MALL}/payer/bind`, cookie, { code: s.oauth.issueCode({ openId: `o-q-${Date.now()}`, scope: 'snsapi_base' }) });
    const order = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 1 }]);
    const start = (await call('POST', `${MALL}/order/pay`, cookie, { orderNo: order.orderNo })).result;
    // WeChat Pay's notification cannot reach us (a network fault): every attempt fails.
    s.pay.loseNotifications(3);
    s.pay.pay(start.params);
    await s.pay.settled();
    expect((await call('GET', `${MALL}/order?orderNo=${order.orderNo}`, cookie)).result.state).toBe('created');
    expect((await call('POST', `${MALL}/order/sync`, cookie, { orderNo: order.orderNo })).result.state).toBe('paid');
  });

  it('tells the member to try later when WeChat Pay is down, and changes nothing', async () => {
    const p = await mall.product(s.admin, 'Unlucky spool', { stock: 3 });
    const { cookie, addressId } = await buyer('Stormy payer');
    await call('POST', `${MALL}/payer/bind`, cookie, { code: s.oauth.issueCode({ openId: `o-d-${Date.now()}`, scope: 'snsapi_base' }) });
    const order = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 1 }]);
    s.pay.failNext('/v3/pay/transactions/jsapi', 'http500');
    const r = await s.t.app.inject({
      method: 'POST',
      url: `${MALL}/order/pay`,
      headers: { __cxy_app_id_: 'creality_model', 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ orderNo: order.orderNo }),
    });
    expect(r.statusCode).toBe(503);
    expect(r.json().code).toBe(ResultCode.payUnavailable);
    const row = await s.t.db.kysely
      .selectFrom('mall_orders')
      .select(['state', 'prepay_id'])
      .where('order_no', '=', order.orderNo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'created', prepay_id: null });
    // A forged notification for this order is refused and does not pay it.
    const forged = await s.t.app.inject({
      method: 'POST',
      url: `${MALL}/pay/notify`,
      headers: {
        'content-type': 'application/json',
        'wechatpay-serial': keys.standInOptions.platformSerial,
        'wechatpay-signature': 'x'.repeat(344),
        'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)),
        'wechatpay-nonce': 'abc',
      },
      payload: JSON.stringify({
        id: 'f1',
        event_type: 'TRANSACTION.SUCCESS',
        resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: 'AAAA', nonce: 'abcdefabcdef', associated_data: 'transaction' },
      }),
    });
    expect(forged.statusCode).toBe(401);
    expect((await call('GET', `${MALL}/order?orderNo=${order.orderNo}`, cookie)).result.state).toBe('created');
  });

  it('refunds through WeChat Pay', async () => {
    const p = await mall.product(s.admin, 'Refunded spool', { stock: 2 });
    const { cookie, addressId } = await buyer('Refunded payer');
    await call('POST', `${MALL}/payer/bind`, cookie, { code: s.oauth.issueCode({ openId: `o-r-${Date.now()}`, scope: 'snsapi_base' }) });
    const order = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 2 }]);
    s.pay.pay((await call('POST', `${MALL}/order/pay`, cookie, { orderNo: order.orderNo })).result.params);
    await s.pay.settled();
    const refunded = (await call('POST', '/api/cxy/admin/v2/mall/order/refund', s.admin, { orderNo: order.orderNo, reason: 'Damaged' }))
      .result;
    expect(refunded.state).toBe('refunded');
    expect(s.pay.order(order.orderNo)?.refundedFen).toBe(order.totalFen);
    expect(await mall.stock(s.admin, p.id)).toMatchObject({ stock: 2, sold: 0 });
  });
});

describe('WeChat Pay settings', () => {
  const base = {
    NODE_ENV: 'production',
    DATABASE_URL: 'file:/tmp/x.sqlite',
    PUBLIC_URL: 'https://shop.example',
    AUTH_SECRET: 'x'.repeat(40),
  };
  it('refuses the development stand-in in production', () => {
    expect(() => assertProductionSafe(loadConfig({ ...base, WECHAT_PAY_PROVIDER: 'dev' }))).toThrow(/WECHAT_PAY_PROVIDER/);
    expect(() => assertProductionSafe(loadConfig({ ...base, SMS_PROVIDER: 'none', EMAIL_PROVIDER: 'none' }))).not.toThrow();
  });
});
