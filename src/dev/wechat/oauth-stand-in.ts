import { randomBytes } from 'node:crypto';
import { serveStandIn, type TransportFailure } from './stand-in-server';

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
  failNext(kind: TransportFailure): void;
  close(): Promise<void>;
  /** Every request received, failed ones included (queries hold the secret: test use only). */
  requests: Array<{ path: string; query: Record<string, string> }>;
}

type Body = Record<string, unknown>;

export async function startWechatStandIn(opts: { appId: string; appSecret: string; port?: number }): Promise<WechatStandIn> {
  const codes = new Map<string, { user: StandInUser; used: boolean }>();
  const tokens = new Map<string, StandInUser>();
  const failures: TransportFailure[] = [];

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

  const served = await serveStandIn({
    ...opts,
    answer: (path, query) =>
      path === '/sns/oauth2/access_token' ? accessToken(query) : path === '/sns/userinfo' ? userInfo(query) : undefined,
    failure: () => failures.shift(),
  });

  return {
    url: served.url,
    requests: served.requests,
    issueCode(user) {
      const code = random();
      codes.set(code, { user, used: false });
      return code;
    },
    failNext(kind) {
      failures.push(kind);
    },
    close: served.close,
  };
}
