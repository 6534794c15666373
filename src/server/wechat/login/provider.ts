import { z } from 'zod';
import type { WechatClientConfig } from '../../config-json';
import { redact, wechatGetJson } from '../http';

/**
 * WeChat web authorisation (网页授权): the visitor comes back from WeChat with a one-time `code`,
 * which this client exchanges server-side for the visitor's openid (and, with the
 * snsapi_userinfo scope, nickname and avatar). The rest of the accounts domain only sees
 * ExternalSignInProvider, so tests and other providers can stand in for it.
 */
export interface ExternalProfile {
  provider: 'wechat';
  openId: string;
  /** Same person across the operator's apps, when the app is bound to an Open Platform account. */
  unionId: string | null;
  /** '' with the snsapi_base scope. */
  nickname: string;
  /** An https URL, or ''. */
  avatarUrl: string;
}

export interface ExternalSignInProvider {
  exchange(code: string): Promise<ExternalProfile>;
}

export class ExternalSignInError extends Error {
  override name = 'ExternalSignInError';
  constructor(
    message: string,
    /**
     * invalid_code: ask the visitor to authorise again; provider_error: our configuration or an
     * answer we do not understand (an operator must look); unavailable: try again later.
     */
    readonly reason: 'invalid_code' | 'provider_error' | 'unavailable',
  ) {
    super(message);
  }
}

const DEFAULT_API_BASE = 'https://api.weixin.qq.com';
const DEFAULT_TIMEOUT_MS = 10_000;

// The visitor's code cannot be used: 40029 invalid code, 40163 code been used, 41008 missing code.
const INVALID_CODE = new Set([40029, 40163, 41008]);
// -1 "system busy, try again", 45011 API minute quota reached: transient on WeChat's side.
const TRANSIENT = new Set([-1, 45011]);
// Everything else (40013 invalid appid, 40125 invalid appsecret, 40001 bad token…) is provider_error.

// WeChat answers errors with HTTP 200 and this body.
const ZWechatError = z.object({ errcode: z.number().int(), errmsg: z.string().catch('') });
const ZOpenId = z.string().min(1).max(128);
const ZToken = z.object({
  access_token: z.string().min(1),
  openid: ZOpenId,
  scope: z.string().catch(''),
  unionid: z.string().nullish(),
});
const ZUserInfo = z.object({
  openid: ZOpenId,
  nickname: z.string().catch(''),
  headimgurl: z.string().catch(''),
  unionid: z.string().nullish(),
});

export function createWechatProvider(
  client: WechatClientConfig,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
): ExternalSignInProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = (client.apiBase ?? DEFAULT_API_BASE).replace(/\/+$/, '');
  new URL(base); // a wrong apiBase fails here, at start-up, not at the first sign-in

  const endpoint = (path: string, params: Record<string, string>) => {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  };

  /** GET → parsed JSON, whatever the content type (WeChat often says text/plain). */
  const getJson = (url: URL, step: string) =>
    wechatGetJson(doFetch, url, { step, timeoutMs, fail: (message, reason) => new ExternalSignInError(message, reason) });

  /** An errcode body → ExternalSignInError; otherwise the body in `schema`'s shape. */
  function read<T>(schema: z.ZodType<T>, body: unknown, step: string, hide: string[]): T {
    const err = ZWechatError.safeParse(body);
    if (err.success && err.data.errcode !== 0) {
      const { errcode, errmsg } = err.data;
      const reason = INVALID_CODE.has(errcode) ? 'invalid_code' : TRANSIENT.has(errcode) ? 'unavailable' : 'provider_error';
      throw new ExternalSignInError(`WeChat ${step}: errcode ${errcode} (${redact(errmsg, hide).slice(0, 200)})`, reason);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'body'))];
      throw new ExternalSignInError(`WeChat ${step}: malformed answer (${fields.join(', ')})`, 'provider_error');
    }
    return parsed.data;
  }

  return {
    async exchange(code) {
      // WeChat's codes are ~32 characters; don't spend a call (and quota) on something that isn't one.
      if (code.length === 0 || code.length > 512) {
        throw new ExternalSignInError('WeChat code exchange: missing or malformed code', 'invalid_code');
      }
      const tokenUrl = endpoint('/sns/oauth2/access_token', {
        appid: client.appId,
        secret: client.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const token = read(ZToken, await getJson(tokenUrl, 'code exchange'), 'code exchange', [client.appSecret]);
      const profile: ExternalProfile = {
        provider: 'wechat',
        openId: token.openid,
        unionId: token.unionid || null,
        nickname: '',
        avatarUrl: '',
      };
      // snsapi_base only proves the openid; userinfo would answer 48001.
      if (!token.scope.split(/[\s,]+/).includes('snsapi_userinfo')) return profile;

      const infoUrl = endpoint('/sns/userinfo', { access_token: token.access_token, openid: token.openid, lang: 'zh_CN' });
      const hide = [client.appSecret, token.access_token];
      const info = read(ZUserInfo, await getJson(infoUrl, 'user info'), 'user info', hide);
      if (info.openid !== token.openid) throw new ExternalSignInError('WeChat user info: answer is for another openid', 'provider_error');
      return {
        ...profile,
        unionId: info.unionid || profile.unionId,
        // By code points, so an emoji at the cut is not split into half a surrogate pair.
        nickname: Array.from(info.nickname.trim()).slice(0, 64).join('').trim(),
        avatarUrl: httpsUrl(info.headimgurl),
      };
    },
  };
}

function httpsUrl(value: string): string {
  if (value.length > 2048) return '';
  try {
    return new URL(value).protocol === 'https:' ? value : '';
  } catch {
    return '';
  }
}
