import { z } from 'zod';
import type { WechatClientConfig } from '../config-json';
import { redact, wechatGetJson } from './http';

/**
 * The jsapi_ticket that signs the WeChat JS-SDK config of our pages (share inside WeChat), from
 * WeChat's official-account API: an access token by app id and secret (`/cgi-bin/token`), then the
 * ticket with it (`/cgi-bin/ticket/getticket`). Both are rationed by WeChat (a daily quota per
 * app), so both are cached until shortly before they expire, and callers arriving while one is
 * being fetched wait for that fetch instead of starting their own. The route only sees
 * JsapiTicketProvider, so tests can stand in for it.
 */
export interface JsapiTicketProvider {
  /** The official account whose ticket this is (wx.config needs it too). */
  readonly appId: string;
  /** A jsapi_ticket valid for at least the safety margin. */
  ticket(): Promise<string>;
}

export class JsapiError extends Error {
  override name = 'JsapiError';
  constructor(
    message: string,
    /** provider_error: our configuration or an answer we do not understand (an operator must look); unavailable: try later. */
    readonly reason: 'provider_error' | 'unavailable',
    /** WeChat's errcode, when it gave one. */
    readonly errcode?: number,
  ) {
    super(message);
  }
}

const DEFAULT_API_BASE = 'https://api.weixin.qq.com';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Refresh this long before WeChat's `expires_in` runs out (clock skew, the time a page takes to call wx.config). */
const DEFAULT_MARGIN_SECONDS = 300;

// -1 system busy, 45009 daily quota reached, 45011 minute quota reached: WeChat's side, try later.
const TRANSIENT = new Set([-1, 45009, 45011]);
// The access token is no longer good (another process fetched a newer one, or it expired early).
const TOKEN_REJECTED = new Set([40001, 40014, 42001]);
// Everything else (40013 invalid appid, 40125 invalid appsecret, 40164 IP not allowed, 48001…) is provider_error.

const ZWechatError = z.object({ errcode: z.number().int(), errmsg: z.string().catch('') });
const ZExpires = z.coerce
  .number()
  .int()
  .positive()
  .max(30 * 24 * 3600);
const ZToken = z.object({ access_token: z.string().min(1).max(1024), expires_in: ZExpires });
const ZTicket = z.object({ ticket: z.string().min(1).max(1024), expires_in: ZExpires });

interface Cached {
  value: string;
  /** ms since the epoch, by `now`. */
  refreshAt: number;
}

export function createJsapiTicketProvider(
  client: WechatClientConfig,
  opts: { fetch?: typeof fetch; timeoutMs?: number; now?: () => number; marginSeconds?: number } = {},
): JsapiTicketProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = opts.now ?? Date.now;
  const margin = opts.marginSeconds ?? DEFAULT_MARGIN_SECONDS;
  const base = (client.apiBase ?? DEFAULT_API_BASE).replace(/\/+$/, '');
  new URL(base); // a wrong apiBase fails at start-up, not at the first share

  let token: Cached | null = null;
  let ticket: Cached | null = null;
  let inFlight: Promise<string> | null = null;

  const fresh = (c: Cached | null): c is Cached => c !== null && now() < c.refreshAt;
  // expires_in minus the margin, but never less than half the lifetime (a short-lived answer is still used).
  const cache = (value: string, expiresIn: number): Cached => ({
    value,
    refreshAt: now() + Math.max(expiresIn - margin, expiresIn / 2) * 1000,
  });

  const endpoint = (path: string, params: Record<string, string>) => {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  };

  /** GET → parsed JSON, whatever the content type (WeChat often says text/plain). */
  const getJson = (url: URL, step: string) =>
    wechatGetJson(doFetch, url, { step, timeoutMs, fail: (message, reason) => new JsapiError(message, reason) });

  /** An errcode body → JsapiError; otherwise the body in `schema`'s shape. */
  function read<T>(schema: z.ZodType<T>, body: unknown, step: string, hide: string[]): T {
    const err = ZWechatError.safeParse(body);
    if (err.success && err.data.errcode !== 0) {
      const { errcode, errmsg } = err.data;
      const reason = TRANSIENT.has(errcode) ? 'unavailable' : 'provider_error';
      throw new JsapiError(`WeChat ${step}: errcode ${errcode} (${redact(errmsg, hide).slice(0, 200)})`, reason, errcode);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'body'))];
      throw new JsapiError(`WeChat ${step}: malformed answer (${fields.join(', ')})`, 'provider_error');
    }
    return parsed.data;
  }

  async function accessToken(): Promise<string> {
    if (fresh(token)) return token.value;
    const url = endpoint('/cgi-bin/token', { grant_type: 'client_credential', appid: client.appId, secret: client.appSecret });
    const answer = read(ZToken, await getJson(url, 'access token'), 'access token', [client.appSecret]);
    token = cache(answer.access_token, answer.expires_in);
    return token.value;
  }

  async function fetchTicket(): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const accessTokenValue = await accessToken();
      const url = endpoint('/cgi-bin/ticket/getticket', { access_token: accessTokenValue, type: 'jsapi' });
      const hide = [client.appSecret, accessTokenValue];
      try {
        const answer = read(ZTicket, await getJson(url, 'jsapi ticket'), 'jsapi ticket', hide);
        ticket = cache(answer.ticket, answer.expires_in);
        return ticket.value;
      } catch (e) {
        // A token WeChat no longer accepts: forget it and try once with a new one.
        if (attempt === 0 && e instanceof JsapiError && e.errcode !== undefined && TOKEN_REJECTED.has(e.errcode)) {
          token = null;
          continue;
        }
        throw e;
      }
    }
  }

  return {
    appId: client.appId,
    ticket() {
      if (fresh(ticket)) return Promise.resolve(ticket.value);
      // Failures are not cached: the next caller tries again.
      inFlight ??= fetchTicket().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
