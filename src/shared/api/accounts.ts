import { z } from 'zod';
import { API } from './all-routes';

/** Endpoint contracts of the `accounts` domain. */

const account = z.string().trim().min(1).max(320);
/** Account method email 0, phone 1 (default). */
const type = z.coerce
  .number()
  .pipe(z.union([z.literal(0), z.literal(1)]))
  .default(1);
/** ISO region for phone numbers written without +country code (default by edition). */
const region = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .optional();
const code = z.string().trim().max(12);
const password = z.string().min(1).max(64);
/** Login purposes: register 0, reset 1, cancel 2, bind 3, unbind 4, bind-verify 5, quick 6. */
export const ZPurpose = z.coerce
  .number()
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]));

export const ZSession = z.object({ token: z.string(), userId: z.string(), expiresAt: z.number(), isNew: z.boolean() });
export type TSession = z.infer<typeof ZSession>;

export const ZMe = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  gender: z.number(),
  age: z.number().nullable(),
  introduction: z.string(),
  level: z.number(),
  premiumUntil: z.number().nullable(),
  isPremium: z.boolean(),
  state: z.enum(['active', 'at_risk', 'blocked', 'cancelled']),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechat: z.boolean(),
  hasPassword: z.boolean(),
  roles: z.array(z.object({ role: z.string(), scope: z.string() })),
});
export type TMe = z.infer<typeof ZMe>;

const ok = z.object({ ok: z.literal(true) });

export const sendCode = {
  ...API.accounts.sendCode,
  input: z.object({ account, type, purpose: ZPurpose, region }),
  result: z.object({ resendAfterSeconds: z.number(), expiresInSeconds: z.number() }),
} as const;

export const loginV2 = {
  ...API.accounts.loginV2,
  input: z.object({ account, type, password, region }),
  result: ZSession,
} as const;

export const quickLogin = {
  ...API.accounts.quickLogin,
  input: z.object({ account, type, code, region }),
  result: ZSession,
} as const;

export const register = {
  ...API.accounts.register,
  input: z.object({ account, type, code, password, region }),
  result: ZSession,
} as const;

export const resetPassword = {
  ...API.accounts.resetPassword,
  input: z.object({ account, type, code, password, region }),
  result: ok,
} as const;

export const changePassword = {
  ...API.accounts.changePassword,
  input: z.object({ oldPassword: password.optional(), password }),
  result: ok,
} as const;

/** Bind-verify (purpose 5): proves the current phone/e-mail before binding or unbinding. */
export const verifyCurrent = {
  ...API.accounts.verifyCurrent,
  input: z.object({ type, code }),
  result: z.object({ verifiedUntil: z.number() }),
} as const;

export const bind = {
  ...API.accounts.bind,
  input: z.object({ account, type, code, region }),
  result: ok,
} as const;

export const unbind = {
  ...API.accounts.unbind,
  input: z.object({ type, code }),
  result: ok,
} as const;

/** Requests cancellation (purpose 2 code); signing in during the cooling-off period undoes it. */
export const cancel = {
  ...API.accounts.cancel,
  input: z.object({ type, code }),
  result: z.object({ deleteAfter: z.number() }),
} as const;

export const logout = { ...API.accounts.logout, result: ok } as const;
export const logoutAll = { ...API.accounts.logoutAll, result: z.object({ revoked: z.number() }) } as const;
export const me = { ...API.accounts.me, result: ZMe } as const;

export const updateProfile = {
  ...API.accounts.updateProfile,
  input: z.object({
    nickname: z.string().trim().min(1).max(32).optional(),
    gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    age: z.number().int().min(0).max(120).nullable().optional(),
    introduction: z.string().trim().max(200).optional(),
  }),
  result: ZMe,
} as const;

/** External sign-in: an authorisation code of a provider (WeChat web authorisation first). */
export const oauthLogin = {
  ...API.accounts.oauthLogin,
  input: z.object({
    code: z.string().trim().min(1).max(512),
    clientId: z.string().trim().min(1).max(64),
    redirecturi: z.string().trim().max(2000).optional(),
    state: z.string().trim().max(512).optional(),
  }),
  result: ZSession,
} as const;

export const oauthStart = {
  ...API.accounts.oauthStart,
  input: z.object({ clientId: z.string().trim().min(1).max(64), redirect: z.string().max(500).default('/') }),
  result: z.null(),
} as const;

/**
 * What a role is granted for: everything (`*`), a whole area (`analytics`, `content`, `mall`,
 * `support`), or one campaign (`activity:12`), venue (`venue:cd16`) or programme
 * (`programme:univer`). Anything else would be a role no check ever asks for.
 */
export const ZRoleScope = z
  .string()
  .regex(/^(\*|analytics|content|mall|support|activity:[1-9]\d{0,15}|venue:[A-Za-z0-9_-]{1,40}|programme:[a-z0-9_-]{1,40})$/);

/** Staff: user level (invite programme), state, premium expiry and roles. */
export const adminUpdateUser = {
  ...API.accounts.adminUpdateUser,
  input: z.object({
    userId: z.coerce.number().int().positive(),
    level: z.number().int().min(0).max(100).optional(),
    state: z.enum(['active', 'at_risk', 'blocked']).optional(),
    premiumUntil: z.number().int().min(0).nullable().optional(),
    addRoles: z
      .array(z.object({ role: z.enum(['staff', 'admin', 'group_owner']), scope: ZRoleScope }))
      .max(20)
      .optional(),
    removeRoles: z
      .array(z.object({ role: z.enum(['staff', 'admin', 'group_owner']), scope: z.string().max(64) }))
      .max(20)
      .optional(),
  }),
  result: ZMe,
} as const;
