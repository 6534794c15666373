import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for WeChat's two web-authorisation endpoints, for tests (never started by the
 * app). It answers like the real API: HTTP 200 with a JSON body labelled text/plain, errcodes
 * for every refusal, single-use codes, tokens that only read their own openid.
 */
export interface StandInUser {
  openId: string;
  unionId?: string;
  nickname?: string;
  avatarUrl?: string;
  /** Default snsapi_userinfo. */
  scope?: 'snsapi_base' | 'snsapi_userinfo';
}

export interface WechatStandIn {
  /** Base URL, to use as apiBase. */
  url: string;
  /** What WeChat would put in the redirect after the visitor agrees. */
  issueCode(user: StandInUser): string;
  /** The next request gets a 500, no answer at all, or a 200 that is not JSON. Queued in order. */
  failNext(kind: 'http500' | 'hang' | 'garbage'): void;
  close(): Promise<void>;
  /** Every request received, failed ones included (queries hold the secret: test use only). */
  requests: Array<{ path: string; query: Record<string, string> }>;
}

type Body = Record<string, unknown>;

export async function startWechatStandIn(opts: { appId: string; appSecret: string; port?: number }): Promise<WechatStandIn> {
  const codes = new Map<string, { user: StandInUser; used: boolean }>();
  const tokens = new Map<string, StandInUser>();
  const failures: Array<'http500' | 'hang' | 'garbage'> = [];
  const requests: WechatStandIn['requests'] = [];

  const random = () => randomBytes(16).toString('hex');
  // Real errmsgs end with a request id, e.g. "invalid code, rid: 65a1…".
  const refuse = (errcode: number, errmsg: string): Body => ({ errcode, errmsg: `${errmsg}, rid: ${random().slice(0, 24)}` });

  function accessToken(q: Record<string, string>): Body {
    // Same order of checks as WeChat: the app first, then the code.
    if (!q.appid) return refuse(41002, 'appid missing');
    if (q.appid !== opts.appId) return refuse(40013, 'invalid appid');
    if (!q.secret) return refuse(41004, 'appsecret missing');
    if (q.secret !== opts.appSecret) return refuse(40125, 'invalid appsecret');
    if (!q.code) return refuse(41008, 'missing code');
    if (q.grant_type !== 'authorization_code') return refuse(40002, 'invalid grant_type');
    const entry = codes.get(q.code);
    if (!entry) return refuse(40029, 'invalid code');
    if (entry.used) return refuse(40163, 'code been used');
    entry.used = true;
    const token = random();
    tokens.set(token, entry.user);
    const { user } = entry;
    return {
      access_token: token,
      expires_in: 7200,
      refresh_token: random(),
      openid: user.openId,
      scope: user.scope ?? 'snsapi_userinfo',
      ...(user.unionId ? { unionid: user.unionId } : {}),
    };
  }

  function userInfo(q: Record<string, string>): Body {
    if (!q.access_token) return refuse(41001, 'access_token missing');
    const user = tokens.get(q.access_token);
    if (!user || user.openId !== q.openid) return refuse(40001, 'invalid credential, access_token is invalid or not latest');
    if ((user.scope ?? 'snsapi_userinfo') !== 'snsapi_userinfo') return refuse(48001, 'api unauthorized');
    return {
      openid: user.openId,
      nickname: user.nickname ?? '',
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: user.avatarUrl ?? '',
      privilege: [],
      ...(user.unionId ? { unionid: user.unionId } : {}),
    };
  }

  const reply = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const failure = failures.shift();
    if (failure === 'hang') return; // never answer; close() drops the connection
    if (failure === 'http500') return reply(res, 500, '<html><body>500 Internal Server Error</body></html>');
    if (failure === 'garbage') return reply(res, 200, '<html>系统繁忙</html>');
    if (url.pathname === '/sns/oauth2/access_token') return reply(res, 200, JSON.stringify(accessToken(query)));
    if (url.pathname === '/sns/userinfo') return reply(res, 200, JSON.stringify(userInfo(query)));
    reply(res, 404, 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    issueCode(user) {
      const code = random();
      codes.set(code, { user, used: false });
      return code;
    },
    failNext(kind) {
      failures.push(kind);
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // including hung requests and keep-alive sockets
      });
    },
  };
}
