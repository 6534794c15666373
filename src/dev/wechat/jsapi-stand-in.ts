import { randomBytes } from 'node:crypto';
import { serveStandIn, type TransportFailure } from './stand-in-server';

/**
 * A local stand-in for WeChat's official-account token and jsapi_ticket endpoints, for tests
 * (never started by the app). It answers like the real API: HTTP 200 with a JSON body labelled
 * text/plain, errcodes for every refusal (the ticket answer carries `errcode: 0` too), and a new
 * access token invalidates the previous ones, as `/cgi-bin/token` does.
 */
export interface JsapiStandIn {
  /** Base URL, to use as apiBase. */
  url: string;
  /** The tickets issued so far, newest last. */
  tickets: string[];
  /**
   * The next request (or the next one to `path`) gets a 500, no answer at all, a 200 that is not
   * JSON, or an errcode body. Queued in order.
   */
  failNext(kind: Failure, path?: '/cgi-bin/token' | '/cgi-bin/ticket/getticket'): void;
  /** Makes every access token issued so far invalid (40001), as when another server fetched a new one. */
  revokeTokens(): void;
  /** Every request received, failed ones included (queries hold the secret: test use only). */
  requests: Array<{ path: string; query: Record<string, string> }>;
  close(): Promise<void>;
}

export type Failure = TransportFailure | { errcode: number; errmsg?: string };
type Body = Record<string, unknown>;

export async function startJsapiStandIn(opts: {
  appId: string;
  appSecret: string;
  /** expires_in of tokens and tickets, default 7200 (WeChat's). */
  expiresIn?: number;
  /** expires_in of tickets when it should differ from the tokens'. */
  ticketExpiresIn?: number;
  /** Answer every request after this long (to test concurrent callers). */
  delayMs?: number;
  port?: number;
}): Promise<JsapiStandIn> {
  const expiresIn = opts.expiresIn ?? 7200;
  let validTokens = new Set<string>();
  const tickets: string[] = [];
  const failures: Array<{ kind: Failure; path: string | undefined }> = [];

  const random = () => randomBytes(24).toString('base64url');
  const refuse = (errcode: number, errmsg: string): Body => ({ errcode, errmsg: `${errmsg} rid: ${randomBytes(12).toString('hex')}` });

  function token(q: Record<string, string>): Body {
    if (q.grant_type !== 'client_credential') return refuse(40002, 'invalid grant_type');
    if (!q.appid) return refuse(41002, 'appid missing');
    if (q.appid !== opts.appId) return refuse(40013, 'invalid appid');
    if (!q.secret) return refuse(41004, 'appsecret missing');
    if (q.secret !== opts.appSecret) return refuse(40125, 'invalid appsecret');
    const value = random();
    validTokens = new Set([value]); // a new token replaces the old ones
    return { access_token: value, expires_in: expiresIn };
  }

  function ticket(q: Record<string, string>): Body {
    if (!q.access_token) return refuse(41001, 'access_token missing');
    if (!validTokens.has(q.access_token)) return refuse(40001, 'invalid credential, access_token is invalid or not latest');
    if (q.type !== 'jsapi') return refuse(40097, 'invalid args');
    const value = `${random()}-${random()}`;
    tickets.push(value);
    return { errcode: 0, errmsg: 'ok', ticket: value, expires_in: opts.ticketExpiresIn ?? expiresIn };
  }

  const served = await serveStandIn({
    ...opts,
    answer: (path, query) => (path === '/cgi-bin/token' ? token(query) : path === '/cgi-bin/ticket/getticket' ? ticket(query) : undefined),
    failure(path) {
      const index = failures.findIndex((f) => f.path === undefined || f.path === path);
      const kind = index === -1 ? undefined : failures.splice(index, 1)[0]?.kind;
      return kind === undefined || typeof kind === 'string' ? kind : { body: refuse(kind.errcode, kind.errmsg ?? 'refused') };
    },
  });

  return {
    url: served.url,
    tickets,
    requests: served.requests,
    failNext(kind, path) {
      failures.push({ kind, path });
    },
    revokeTokens() {
      validTokens = new Set();
    },
    close: served.close,
  };
}
