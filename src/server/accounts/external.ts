import type { TSession } from '../../shared/api/accounts';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import type { WechatClientConfig } from '../config-json';
import { AppError } from '../http/app-error';
import { createWechatProvider, ExternalSignInError, type ExternalSignInProvider } from '../wechat/login/provider';
import type { ClientMeta } from './inputs';
import type { AccountsService } from './service';

/**
 * External sign-in: the client id names a configured provider (WECHAT_CLIENTS); its
 * authorisation code is exchanged for the visitor's stable id there, which links (or creates)
 * the account. WeChat's union id links the same person across our WeChat apps.
 */
const WECHAT_AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize';

export function createExternalSignIn(
  accounts: AccountsService,
  clients: ReadonlyMap<string, WechatClientConfig>,
  log: { warn(obj: object, msg: string): void },
  providerFor: (c: WechatClientConfig) => ExternalSignInProvider = (c) => createWechatProvider(c),
) {
  const providers = new Map([...clients].map(([id, c]) => [id, { config: c, provider: providerFor(c) }]));
  const entryOf = (clientId: string) => {
    const entry = providers.get(clientId);
    if (!entry) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'clientId' } });
    return entry;
  };
  return {
    clientIds: () => [...providers.keys()],
    /** web or app (WECHAT_CLIENTS `kind`): web sign-ins must carry the state bound to the browser. */
    kindOf: (clientId: string) => entryOf(clientId).config.kind ?? 'web',
    /**
     * Where to send the visitor to authorise (WeChat's web authorisation page); WeChat comes back
     * to `redirectUri` with `code` and our `state`.
     */
    authorizeUrl(clientId: string, redirectUri: string, state: string): string {
      const entry = entryOf(clientId);
      const q = new URLSearchParams({
        appid: entry.config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_userinfo',
        state,
      });
      return `${WECHAT_AUTHORIZE}?${q}#wechat_redirect`;
    },
    async signIn(clientId: string, code: string, locale: Locale, meta: ClientMeta): Promise<TSession> {
      const entry = entryOf(clientId);
      try {
        const profile = await entry.provider.exchange(code);
        const key = profile.unionId ? `union:${profile.unionId}` : `${entry.config.appId}:${profile.openId}`;
        return await accounts.signInExternal(
          { key, unionId: profile.unionId, nickname: profile.nickname, avatarUrl: profile.avatarUrl },
          locale,
          meta,
        );
      } catch (err) {
        if (!(err instanceof ExternalSignInError)) throw err;
        log.warn({ clientId, reason: err.reason }, 'external sign-in refused');
        throw new AppError(ResultCode.externalLoginFailed, {
          httpStatus: err.reason === 'unavailable' ? 503 : 200,
          result: { reason: err.reason },
        });
      }
    },
  };
}
export type ExternalSignIn = ReturnType<typeof createExternalSignIn>;
