import type { HeaderContext } from '../../shared/context';
import { ResultCode } from '../../shared/errors';
import { isLocale } from '../../shared/i18n';
import type { AccountMethod } from '../../shared/rules';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import type { Codes } from './codes';
import { type CodeDelivery, DeliveryError } from './delivery/types';
import { type AuthUser, accountValue, type ClientMeta, kindOf, ownIdentity, P, PURPOSES } from './inputs';
import * as store from './store';

/**
 * Sends a code for one of the sign-in purposes by SMS or e-mail, after the limits of codes.ts. The answer is
 * the same whether or not the destination has an account: a reset for an unknown one looks sent,
 * and a registration of a known one sends its owner a notice instead of a code.
 */
export function createCodeSender(deps: {
  db: Db;
  codes: Codes;
  delivery: { sms: CodeDelivery; email: CodeDelivery };
  log: { warn(obj: object, msg: string): void };
}) {
  const { codes, delivery, log } = deps;
  const q = deps.db.kysely;
  return async function sendCode(
    input: { account: string; type: AccountMethod; purpose: number; region?: string | undefined },
    ctx: HeaderContext,
    meta: ClientMeta,
    user: AuthUser | null,
  ) {
    const purpose = input.purpose;
    const kind = kindOf(input.type);
    let destination: string;
    if (purpose === P.cancel || purpose === P.unbind || purpose === P.bindVerify) {
      // Codes to the account's own phone/e-mail: the account is the signed-in one.
      if (!user) throw new AppError(ResultCode.token, { httpStatus: 401 });
      destination = await ownIdentity(q, user.userId, input.type);
    } else {
      destination = accountValue(input, ctx.locale);
    }
    if (purpose === P.bind && !user) throw new AppError(ResultCode.token, { httpStatus: 401 });
    const existing = await store.identityOf(q, kind, destination);
    const issued = await codes.issue(purpose, input.type === 0 ? 'email' : 'sms', destination, meta);
    // Binding what another account holds is refused, but only after the send limits: a signed-in
    // caller cannot probe which numbers and addresses have accounts faster than codes may be sent.
    if (purpose === P.bind && existing) {
      await codes.retire(issued.id);
      throw new AppError(ResultCode.identityTaken);
    }
    // A reset for an unknown account looks sent, so the answer does not reveal who has an account.
    if (purpose === P.reset && !existing)
      return { resendAfterSeconds: issued.resendAfterSeconds, expiresInSeconds: issued.expiresInSeconds };
    // Registering a number or address that has an account: the same answer and limits as for a
    // new one, and the owner is told instead of getting a code (which nobody can use).
    const notice = purpose === P.register && existing !== undefined;
    let locale = ctx.locale;
    if (notice) {
      await codes.retire(issued.id);
      // Written to the owner, in the owner's language rather than the asker's.
      const owner = (await store.userById(q, existing.user_id))?.locale;
      if (owner && isLocale(owner)) locale = owner;
    }
    try {
      await delivery[input.type === 0 ? 'email' : 'sms'].send({
        channel: input.type === 0 ? 'email' : 'sms',
        destination,
        code: notice ? '' : issued.code,
        purpose: notice ? 'alreadyRegistered' : (PURPOSES[purpose] ?? 'quick'),
        locale,
        expiresInMinutes: issued.expiresInSeconds / 60,
      });
    } catch (err) {
      await codes.discard(issued.id);
      log.warn({ err: err instanceof DeliveryError ? err.message : String(err), channel: input.type }, 'code delivery failed');
      throw new AppError(ResultCode.deliveryFailed, { httpStatus: err instanceof DeliveryError && err.retryable ? 503 : 200 });
    }
    return { resendAfterSeconds: issued.resendAfterSeconds, expiresInSeconds: issued.expiresInSeconds };
  };
}
