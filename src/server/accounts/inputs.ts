import type { CountryCode } from 'libphonenumber-js/mobile';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { type AccountMethod, normaliseAccount } from '../../shared/rules';
import type { Tx } from '../db/database';
import type { IdentityKind } from '../db/schema';
import { AppError } from '../http/app-error';
import type { PurposeName } from './delivery/types';
import * as store from './store';

/** What the accounts calls share: who is calling, the code purposes, and reading an account name. */

export interface ClientMeta {
  ip: string;
  userAgent: string;
  /** The header context's device id, '' without one: codes belong to the device that asked. */
  device: string;
}

export interface AuthUser {
  userId: number;
  sessionId: number;
  elevatedUntil: number | null;
}

/** Code purposes (sign-in, register, reset, bind…) by their wire value. */
export const PURPOSES: PurposeName[] = ['register', 'reset', 'cancel', 'bind', 'unbind', 'bindVerify', 'quick'];
export const P = { register: 0, reset: 1, cancel: 2, bind: 3, unbind: 4, bindVerify: 5, quick: 6 } as const;

export const kindOf = (type: AccountMethod): IdentityKind => (type === 0 ? 'email' : 'phone');

/** Phone numbers written without +country code are read in the region of the reader's edition. */
export const REGION_BY_LOCALE: Record<Locale, CountryCode> = { en: 'US', fr: 'FR', 'zh-CN': 'CN', 'zh-TW': 'TW' };

/** The normalised phone (E.164) or e-mail of a request, or a refusal naming which is invalid. */
export function accountValue(input: { account: string; type: AccountMethod; region?: string | undefined }, locale: Locale): string {
  const region = (input.region as CountryCode | undefined) ?? REGION_BY_LOCALE[locale];
  const value = normaliseAccount(input.account, input.type, region);
  if (!value) throw new AppError(input.type === 0 ? ResultCode.invalidEmail : ResultCode.invalidPhone);
  return value;
}

/** The destination of the signed-in user's own phone or e-mail (for cancel, unbind, verify). */
export async function ownIdentity(q: Tx, userId: number, type: AccountMethod): Promise<string> {
  const mine = (await store.identitiesOfUser(q, userId)).find((i) => i.kind === kindOf(type));
  if (!mine) throw new AppError(ResultCode.verifyFirst);
  return mine.value;
}
