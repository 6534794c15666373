import type { JsapiPayParams, Order, PayStart } from '../../../shared/api/mall';
import { MALL_API } from '../../../shared/api/routes-mall';
import { ResultCode } from '../../../shared/errors';
import { type ApiClient, ApiError } from '../../api/client';

/**
 * Paying an order from its page. `startPay` asks the server for WeChat Pay's JSAPI
 * parameters; when the server needs the payer's openid first (3807) it sends the visitor through
 * WeChat's silent authorisation (`authorizePayer`), and the page, back with `?code=&state=`, binds
 * it (`bindPayerFromUrl`) and pays again. Inside WeChat the pay sheet opens
 * (`invokeJsapiPay`); after "ok" the order is synced until it is no longer `created`
 * (`syncUntilSettled`). Outside WeChat, a development server's stand-in can play the payer
 * (`devPay`); otherwise the page says to open it in WeChat.
 */

/** What `WeixinJSBridge.invoke` needs of the bridge. */
export interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: JsapiPayParams, callback: (res: { err_msg?: string }) => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinBridge;
  }
}

export type PayOutcome =
  /** Paid and the order has left `created` (the page shows it paid). */
  | { kind: 'paid'; order: Order }
  /** The pay sheet said ok, but WeChat Pay has not told the server yet: shown as "confirming". */
  | { kind: 'pending'; order: Order }
  | { kind: 'cancelled' }
  | { kind: 'failed' }
  /** Gone to WeChat's authorisation page; the page comes back with `?code=`. */
  | { kind: 'redirected' }
  /** Outside WeChat with the development stand-in: the page offers its button. */
  | { kind: 'devPay'; start: PayStart }
  /** Outside WeChat: the page explains, with a QR code of itself. */
  | { kind: 'outsideWechat' }
  /** The server refused (the client's toast said why). */
  | { kind: 'error'; error: ApiError };

export interface PayDeps {
  api: ApiClient;
  /** Inside WeChat by the User-Agent (the bridge may not be ready yet). */
  inWechat: boolean;
  /** The current path and query, where WeChat's authorisation returns. */
  here: () => string;
  /** Leaves the page (WeChat's authorisation). */
  go: (url: string) => void;
  /** The bridge, waiting for `WeixinJSBridgeReady` inside WeChat; null when there is none. */
  bridge: () => Promise<WeixinBridge | null>;
  /** Shows a message (the site's toast). */
  toast: (message: string) => void;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Asks WeChat Pay, through the server, until the order is no longer waiting for payment. */
export async function syncUntilSettled(
  api: ApiClient,
  orderNo: string,
  opts: { tries?: number; gapMs?: number; wait?: (ms: number) => Promise<void> } = {},
) {
  const tries = opts.tries ?? 5;
  const wait = opts.wait ?? sleep;
  let order: Order | null = null;
  for (let i = 0; i < tries; i++) {
    if (i > 0) await wait(opts.gapMs ?? 1000);
    try {
      order = await api.call(MALL_API.sync, { orderNo }, { quiet: true });
      if (order.state !== 'created') return { settled: true as const, order };
    } catch (err) {
      // A network hiccup between tries is not the answer; the last try's failure is.
      if (i === tries - 1 && !order) throw err;
    }
  }
  if (!order) order = await api.call(MALL_API.order, { orderNo });
  return { settled: false as const, order };
}

/** Opens WeChat's pay sheet; its answer as ok, cancel or fail. */
export function invokeJsapiPay(bridge: WeixinBridge, params: JsapiPayParams): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (res) => {
      const msg = res?.err_msg ?? '';
      resolve(msg === 'get_brand_wcpay_request:ok' ? 'ok' : msg === 'get_brand_wcpay_request:cancel' ? 'cancel' : 'fail');
    });
  });
}

/** The page's bridge: there already, or once WeChat says it is ready (inside WeChat only). */
export function waitForBridge(inWechat: boolean, timeoutMs = 5000): Promise<WeixinBridge | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  if (!inWechat) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('WeixinJSBridgeReady', done);
      clearTimeout(timer);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = setTimeout(done, timeoutMs);
    document.addEventListener('WeixinJSBridgeReady', done, false);
  });
}

/** Sends the visitor through WeChat's silent authorisation, back to this page. */
export async function authorizePayer(api: ApiClient, returnTo: string, go: (url: string) => void): Promise<void> {
  const { url } = await api.call(MALL_API.payerAuthorize, { returnTo });
  go(url);
}

/**
 * Back from WeChat's authorisation (`?code=&state=`): binds the payer and takes code and state out
 * of the address bar. True when there was a code and it was bound.
 */
export async function bindPayerFromUrl(api: ApiClient, url: URL, replace: (pathAndQuery: string) => void): Promise<boolean> {
  const code = url.searchParams.get('code');
  if (code === null) return false;
  const clean = new URL(url.href);
  clean.searchParams.delete('code');
  clean.searchParams.delete('state');
  // The authorise URL's fragment rides along the redirects back here: it means nothing to us.
  if (clean.hash === '#wechat_redirect') clean.hash = '';
  replace(clean.pathname + clean.search + clean.hash);
  await api.call(MALL_API.payerBind, { code });
  return true;
}

/** The whole pay step from the Pay button (or, `afterBind`, automatically after binding the payer). */
export async function startPay(deps: PayDeps, orderNo: string, opts: { afterBind?: boolean } = {}): Promise<PayOutcome> {
  let start: PayStart;
  try {
    start = await deps.api.call(MALL_API.pay, { orderNo }, { quiet: true });
  } catch (err) {
    const error = err instanceof ApiError ? err : new ApiError(null, null, String(err));
    // WeChat's authorisation only works inside WeChat: elsewhere, say to open the page there.
    if (error.code === ResultCode.payerNeeded && !deps.inWechat) return { kind: 'outsideWechat' };
    // Once only: right after binding, a second 3807 is said, not looped through WeChat again.
    if (error.code === ResultCode.payerNeeded && !opts.afterBind) {
      try {
        await authorizePayer(deps.api, deps.here(), deps.go);
        return { kind: 'redirected' };
      } catch (e) {
        return { kind: 'error', error: e instanceof ApiError ? e : error };
      }
    }
    deps.toast(error.message);
    return { kind: 'error', error };
  }
  const bridge = await deps.bridge();
  if (bridge) {
    const answer = await invokeJsapiPay(bridge, start.params);
    if (answer === 'cancel') return { kind: 'cancelled' };
    if (answer === 'fail') return { kind: 'failed' };
    return settle(deps, orderNo);
  }
  if (start.devPayUrl) return { kind: 'devPay', start };
  return { kind: 'outsideWechat' };
}

/** After the payer said yes: the order as WeChat Pay has it. */
export async function settle(deps: Pick<PayDeps, 'api' | 'wait'>, orderNo: string): Promise<PayOutcome> {
  try {
    const r = await syncUntilSettled(deps.api, orderNo, { wait: deps.wait });
    return r.settled ? { kind: 'paid', order: r.order } : { kind: 'pending', order: r.order };
  } catch (err) {
    return { kind: 'error', error: err instanceof ApiError ? err : new ApiError(null, null, String(err)) };
  }
}

/**
 * The development stand-in's "payer confirms" (never in production: the server only sends
 * `devPayUrl` outside it): posts the JSAPI parameters to it, then syncs like the pay sheet's ok.
 */
export async function devPay(deps: Pick<PayDeps, 'api' | 'wait' | 'toast'>, orderNo: string, start: PayStart, failed: string) {
  if (!start.devPayUrl) return { kind: 'failed' as const };
  try {
    const res = await fetch(start.devPayUrl, {
      method: 'POST',
      mode: 'cors',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(start.params),
    });
    if (!res.ok) throw new Error(String(res.status));
  } catch {
    deps.toast(failed);
    return { kind: 'failed' as const };
  }
  return settle(deps, orderNo);
}
