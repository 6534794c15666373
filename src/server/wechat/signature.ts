import { createHash, randomInt } from 'node:crypto';

/**
 * WeChat JS-SDK signature (JS-SDK documentation, appendix 1): sha1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` — the four fields sorted by name (which is the
 * order written here), values as is (not URL-encoded), and the page URL without its `#fragment`.
 * The URL is otherwise taken verbatim: normalising it (a `/` added after the host, escapes
 * changed) would give a signature the page's own `location.href` no longer matches.
 */
export function jsapiSignature(p: { ticket: string; nonceStr: string; timestamp: number | string; url: string }): string {
  const plain = `jsapi_ticket=${p.ticket}&noncestr=${p.nonceStr}&timestamp=${p.timestamp}&url=${withoutFragment(p.url)}`;
  return createHash('sha1').update(plain, 'utf8').digest('hex');
}

export const withoutFragment = (url: string): string => {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
};

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 letters and digits (WeChat allows up to 32), unpredictable. */
export function newNonce(length = 16): string {
  let s = '';
  for (let i = 0; i < length; i++) s += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return s;
}

export interface JsapiConfig {
  appId: string;
  /** Seconds since the epoch, as wx.config wants it. */
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** What the page passes to `wx.config` for `url`. */
export function signJsapi(
  appId: string,
  ticket: string,
  url: string,
  opts: { now?: () => number; nonce?: () => string } = {},
): JsapiConfig {
  const timestamp = Math.floor((opts.now ?? Date.now)() / 1000);
  const nonceStr = (opts.nonce ?? newNonce)();
  return { appId, timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }) };
}
