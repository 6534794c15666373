import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export type Failure = 'http500' | 'hang' | 'garbage' | { errcode: number; errmsg?: string };
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
  const requests: JsapiStandIn['requests'] = [];

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

  const reply = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const index = failures.findIndex((f) => f.path === undefined || f.path === url.pathname);
    const failure = index === -1 ? undefined : failures.splice(index, 1)[0]?.kind;
    const answer = () => {
      if (failure === 'hang') return; // never answer; close() drops the connection
      if (failure === 'http500') return reply(res, 500, '<html><body>500 Internal Server Error</body></html>');
      if (failure === 'garbage') return reply(res, 200, '<html>系统繁忙</html>');
      if (failure) return reply(res, 200, JSON.stringify(refuse(failure.errcode, failure.errmsg ?? 'refused')));
      if (url.pathname === '/cgi-bin/token') return reply(res, 200, JSON.stringify(token(query)));
      if (url.pathname === '/cgi-bin/ticket/getticket') return reply(res, 200, JSON.stringify(ticket(query)));
      reply(res, 404, 'not found');
    };
    if (opts.delayMs) setTimeout(answer, opts.delayMs);
    else answer();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    tickets,
    requests,
    failNext(kind, path) {
      failures.push({ kind, path });
    },
    revokeTokens() {
      validTokens = new Set();
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // including hung requests and keep-alive sockets
      });
    },
  };
}
