import type { JsapiSignature } from '../../../shared/api/lottery-wechat';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { ResultCode } from '../../../shared/errors';
import type { ApiClient } from '../../api/client';

/**
 * Share inside WeChat: inside WeChat's browser only, asks our server to sign this
 * page for the JS-SDK, loads WeChat's script and sets what "Send to chat" and "Share to Moments"
 * show. Sharing is a nicety: the signature call is retried at most twice, and any
 * failure is only logged (no toast, nothing thrown). Import it lazily (`await import(...)`)
 * from the raffle pages, so other pages and other browsers never load it.
 */
export const JWEIXIN_SRC = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** At most two retries after the first attempt. */
export const MAX_RETRIES = 2;
const RETRY_DELAYS_MS = [500, 1500];

export interface ShareContent {
  title: string;
  desc: string;
  /** The shared address; must be on a domain the official account lists as a JS safe domain. */
  link: string;
  /** Absolute https URL of the thumbnail. */
  imgUrl: string;
}

/** The part of WeChat's `wx` object this module uses. */
export interface Wx {
  config(c: JsapiSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(cb: () => void): void;
  error(cb: (res: { errMsg?: string }) => void): void;
  updateAppMessageShareData(o: ShareContent & { success?: () => void }): void;
  updateTimelineShareData(o: Omit<ShareContent, 'desc'> & { success?: () => void }): void;
}

export interface WechatShareOptions extends ShareContent {
  /** The page to sign; default `location.href` (WeChat ignores the #fragment). */
  url?: string;
  /** For tests and special hosts. */
  deps?: {
    isWechat?: () => boolean;
    loadWx?: () => Promise<Wx>;
    warn?: (...args: unknown[]) => void;
    sleep?: (ms: number) => Promise<void>;
  };
}

type Caller = Pick<ApiClient, 'call'>;

const inWechat = () => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Refusals a retry cannot change: a url the server will never sign, or no official account configured. */
const FINAL_CODES: ReadonlySet<unknown> = new Set([ResultCode.parameter, ResultCode.wechatShareNotConfigured]);

/** The signature for `url`: one call plus at most MAX_RETRIES retries; throws the last error. */
export async function fetchJsapiSignature(
  api: Caller,
  url: string,
  deps: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<JsapiSignature> {
  const wait = deps.sleep ?? sleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.call(LOTTERY_API.getJsapiSignature, { url }, { quiet: true });
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (attempt >= MAX_RETRIES || FINAL_CODES.has(code)) throw err;
      await wait(RETRY_DELAYS_MS[attempt] ?? 1500);
    }
  }
}

let loading: Promise<Wx> | null = null;

/** WeChat's JS-SDK, by a script tag (once per page). */
export function loadJweixin(): Promise<Wx> {
  const w = window as unknown as { wx?: Wx };
  if (w.wx) return Promise.resolve(w.wx);
  loading ??= new Promise<Wx>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JWEIXIN_SRC;
    script.async = true;
    script.onload = () => (w.wx ? resolve(w.wx) : reject(new Error('jweixin loaded but defined no wx')));
    script.onerror = () => {
      script.remove();
      loading = null; // a later page may try again
      reject(new Error(`could not load ${JWEIXIN_SRC}`));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Configures the share inside WeChat; resolves true once `wx.config` was called (WeChat may still
 * refuse the signature later: that goes to `wx.error`, logged), false outside WeChat or on failure.
 */
export async function configureWechatShare(api: Caller, opts: WechatShareOptions): Promise<boolean> {
  const deps = opts.deps ?? {};
  const warn = deps.warn ?? ((...args: unknown[]) => console.warn(...args));
  if (!(deps.isWechat ?? inWechat)()) return false;
  try {
    const url = opts.url ?? window.location.href;
    const [signature, wx] = await Promise.all([
      fetchJsapiSignature(api, url, deps.sleep ? { sleep: deps.sleep } : {}),
      (deps.loadWx ?? loadJweixin)(),
    ]);
    const { title, desc, link, imgUrl } = opts;
    wx.config({
      debug: false,
      appId: signature.appId,
      timestamp: signature.timestamp,
      nonceStr: signature.nonceStr,
      signature: signature.signature,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    wx.error((res) => warn('WeChat JS-SDK config refused:', res?.errMsg ?? res));
    wx.ready(() => {
      wx.updateAppMessageShareData({ title, desc, link, imgUrl });
      wx.updateTimelineShareData({ title, link, imgUrl });
    });
    return true;
  } catch (err) {
    warn('WeChat share not configured:', err instanceof Error ? err.message : err);
    return false;
  }
}
