import type { TSession } from '../../shared/api/accounts';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { AppError } from '../http/app-error';
import type { AccountsService, ClientMeta } from './service';
import { createWechatProvider, ExternalSignInError, type ExternalSignInProvider, type WechatClientConfig } from './wechat/provider';

/**
 * External sign-in: the client id names a configured provider (WECHAT_CLIENTS); its
 * authorisation code is exchanged for the visitor's stable id there, which links (or creates)
 * the account. WeChat's union id links the same person across our WeChat apps.
 */
export function createExternalSignIn(
  accounts: AccountsService,
  clients: Map<string, WechatClientConfig>,
  log: { warn(obj: object, msg: string): void },
  providerFor: (c: WechatClientConfig) => ExternalSignInProvider = (c) => createWechatProvider(c),
) {
  const providers = new Map([...clients].map(([id, c]) => [id, { config: c, provider: providerFor(c) }]));
  return {
    clientIds: () => [...providers.keys()],
    async signIn(clientId: string, code: string, locale: Locale, meta: ClientMeta): Promise<TSession> {
      const entry = providers.get(clientId);
      if (!entry) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'clientId' } });
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
