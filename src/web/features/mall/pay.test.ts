import { describe, expect, it, vi } from 'vitest';
import type { JsapiPayParams, Order, PayStart } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { ResultCode } from '../../../shared/errors';
import { type ApiClient, ApiError } from '../../api/client';
import { bindPayerFromUrl, type PayDeps, startPay, syncUntilSettled, type WeixinBridge } from './pay';

const params: JsapiPayParams = { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 's' };
const order = (state: Order['state']) => ({ orderNo: 'M2026112500000000000A', state }) as Order;

/** A client answering each route from a queue of answers (an Error is thrown). */
function fakeApi(answers: Record<string, unknown[]>) {
  const calls: Array<{ path: string; input: unknown }> = [];
  const api: ApiClient = {
    call: (async (route: { path: string }, input: unknown) => {
      calls.push({ path: route.path, input });
      const next = answers[route.path]?.shift();
      if (next instanceof Error) throw next;
      return next;
    }) as ApiClient['call'],
  };
  return { api, calls };
}

const bridgeAnswering = (errMsg: string): WeixinBridge => ({
  invoke: vi.fn((_name, _params, cb) => cb({ err_msg: errMsg })),
});

function deps(api: ApiClient, over: Partial<PayDeps> = {}): PayDeps {
  return {
    api,
    inWechat: true,
    here: () => '/wechat-pay/mall/order/M2026112500000000000A',
    go: vi.fn(),
    bridge: async () => null,
    toast: vi.fn(),
    wait: async () => {},
    ...over,
  };
}

const start: PayStart = { params, order: order('created') };

describe('paying an order', () => {
  it('opens the pay sheet inside WeChat and syncs until the order is paid', async () => {
    const { api, calls } = fakeApi({
      [MALL_API.pay.path]: [start],
      [MALL_API.sync.path]: [order('created'), order('paid')],
    });
    const bridge = bridgeAnswering('get_brand_wcpay_request:ok');
    const outcome = await startPay(deps(api, { bridge: async () => bridge }), 'M2026112500000000000A');
    expect(bridge.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    expect(outcome).toMatchObject({ kind: 'paid', order: { state: 'paid' } });
    expect(calls.filter((c) => c.path === MALL_API.sync.path)).toHaveLength(2);
  });

  it('reads cancel and fail from the pay sheet', async () => {
    for (const [msg, kind] of [
      ['get_brand_wcpay_request:cancel', 'cancelled'],
      ['get_brand_wcpay_request:fail', 'failed'],
    ] as const) {
      const { api, calls } = fakeApi({ [MALL_API.pay.path]: [start] });
      const outcome = await startPay(deps(api, { bridge: async () => bridgeAnswering(msg) }), 'M2026112500000000000A');
      expect(outcome.kind).toBe(kind);
      expect(calls.some((c) => c.path === MALL_API.sync.path)).toBe(false);
    }
  });

  it('sends the payer through WeChat authorisation on 3807, back to this page', async () => {
    const { api, calls } = fakeApi({
      [MALL_API.pay.path]: [new ApiError(ResultCode.payerNeeded, 200, 'payer needed')],
      [MALL_API.payerAuthorize.path]: [{ url: 'https://open.weixin.qq.com/connect/oauth2/authorize?x' }],
    });
    const d = deps(api);
    expect(await startPay(d, 'M2026112500000000000A')).toEqual({ kind: 'redirected' });
    expect(calls[1]).toEqual({ path: MALL_API.payerAuthorize.path, input: { returnTo: '/wechat-pay/mall/order/M2026112500000000000A' } });
    expect(d.go).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?x');
  });

  it('does not loop through WeChat again right after binding the payer', async () => {
    const { api } = fakeApi({ [MALL_API.pay.path]: [new ApiError(ResultCode.payerNeeded, 200, 'payer needed')] });
    const d = deps(api);
    expect((await startPay(d, 'M2026112500000000000A', { afterBind: true })).kind).toBe('error');
    expect(d.go).not.toHaveBeenCalled();
    expect(d.toast).toHaveBeenCalledWith('payer needed');
  });

  it('offers the development stand-in outside WeChat when the server gives one, else says to open WeChat', async () => {
    const dev = { ...start, devPayUrl: 'http://localhost:3000/stand-in/pay' };
    const a = fakeApi({ [MALL_API.pay.path]: [dev] });
    expect(await startPay(deps(a.api, { inWechat: false }), 'M2026112500000000000A')).toEqual({ kind: 'devPay', start: dev });
    const b = fakeApi({ [MALL_API.pay.path]: [start] });
    expect(await startPay(deps(b.api, { inWechat: false }), 'M2026112500000000000A')).toEqual({ kind: 'outsideWechat' });
  });

  it('shows other refusals with the toast', async () => {
    const { api } = fakeApi({ [MALL_API.pay.path]: [new ApiError(ResultCode.orderExpired, 200, 'expired')] });
    const d = deps(api);
    expect((await startPay(d, 'M2026112500000000000A')).kind).toBe('error');
    expect(d.toast).toHaveBeenCalledWith('expired');
  });

  it('syncs at most five times, then reports the order still waiting', async () => {
    const { api, calls } = fakeApi({ [MALL_API.sync.path]: Array.from({ length: 6 }, () => order('created')) });
    const wait = vi.fn(async () => {});
    const r = await syncUntilSettled(api, 'M2026112500000000000A', { wait });
    expect(r.settled).toBe(false);
    expect(calls).toHaveLength(5);
    expect(wait).toHaveBeenCalledTimes(4);
    expect(wait).toHaveBeenCalledWith(1000);
  });

  it('binds the payer from ?code=&state= and takes them out of the address bar first', async () => {
    const { api, calls } = fakeApi({ [MALL_API.payerBind.path]: [{ bound: true }] });
    const replace = vi.fn();
    const url = new URL('https://x.test/mall-dev/order/M2026112500000000000A?code=abc_1&state=s1&keep=1');
    expect(await bindPayerFromUrl(api, url, replace)).toBe(true);
    expect(replace).toHaveBeenCalledWith('/mall-dev/order/M2026112500000000000A?keep=1');
    expect(calls).toEqual([{ path: MALL_API.payerBind.path, input: { code: 'abc_1' } }]);
    expect(await bindPayerFromUrl(api, new URL('https://x.test/mall-dev/order/M1'), replace)).toBe(false);
  });
});
