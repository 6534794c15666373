import crypto from 'node:crypto';
import { ResultCode } from '../../shared/errors';
import type { Tx } from '../db/database';
import { AppError } from '../http/app-error';
import { ExternalSignInError, type ExternalSignInProvider } from '../wechat/login/provider';

/**
 * Who pays: JSAPI payments need the member's openid for the pay app (the official account WeChat
 * Pay is bound to). A member who signed in some other way (phone, password, another app) gets it
 * through WeChat's silent authorisation (snsapi_base: no prompt inside WeChat), once; it is kept
 * per member and app.
 */
export interface Payers {
  openidFor(userId: number): Promise<string | null>;
  /** WeChat's authorise page for the pay app, coming back to `returnTo` (a path of this site). */
  authorizeUrl(returnTo: string): string;
  bind(userId: number, code: string, now: number): Promise<{ bound: true }>;
}

const WECHAT_AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize';

export function createPayers(db: Tx, opts: { appId: string; publicUrl: string; exchange: ExternalSignInProvider['exchange'] }): Payers {
  return {
    async openidFor(userId) {
      const row = await db
        .selectFrom('mall_payers')
        .select('openid')
        .where('user_id', '=', userId)
        .where('app_id', '=', opts.appId)
        .executeTakeFirst();
      return row?.openid ?? null;
    },
    authorizeUrl(returnTo) {
      const q = new URLSearchParams({
        appid: opts.appId,
        redirect_uri: new URL(returnTo, opts.publicUrl).href,
        response_type: 'code',
        scope: 'snsapi_base',
        // Nothing rides on it (the code is bound to the signed-in member by the bind call), but
        // WeChat echoes it and pages tell this return from others by it.
        state: `mall${crypto.randomBytes(6).toString('hex')}`,
      });
      return `${WECHAT_AUTHORIZE}?${q}#wechat_redirect`;
    },
    async bind(userId, code, now) {
      let openid: string;
      try {
        openid = (await opts.exchange(code)).openId;
      } catch (err) {
        if (!(err instanceof ExternalSignInError)) throw err;
        throw new AppError(ResultCode.externalLoginFailed, {
          httpStatus: err.reason === 'unavailable' ? 503 : 200,
          result: { reason: err.reason },
        });
      }
      await db
        .insertInto('mall_payers')
        .values({ user_id: userId, app_id: opts.appId, openid, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'app_id']).doUpdateSet({ openid, created_at: now }))
        .execute();
      return { bound: true };
    },
  };
}

/**
 * Development only (the local stand-in, refused in production): every member pays as a made-up
 * openid of their own, so the whole flow runs outside WeChat.
 */
export const devPayers = (): Payers => ({
  openidFor: async (userId) => `dev-openid-${userId}`,
  authorizeUrl: () => {
    throw new AppError(ResultCode.payUnavailable);
  },
  bind: async () => ({ bound: true }),
});
