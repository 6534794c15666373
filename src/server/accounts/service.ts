import crypto from 'node:crypto';
import type { CountryCode } from 'libphonenumber-js/mobile';
import type { TMe, TSession } from '../../shared/api/accounts';
import type { HeaderContext } from '../../shared/context';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { type AccountMethod, isPasswordValid, maskAccount, normaliseAccount } from '../../shared/rules';
import type { AuditHook } from '../console/audit';
import type { Db, Tx } from '../db/database';
import type { IdentityKind, RoleName } from '../db/schema';
import { AppError } from '../http/app-error';
import { translate } from '../i18n/catalogues';
import type { Codes } from './codes';
import type { CodeDelivery } from './delivery/types';
import { purgeGuards } from './guards-purge';
import { type AuthUser, accountValue, type ClientMeta, kindOf, ownIdentity, P, REGION_BY_LOCALE } from './inputs';
import { dummyHash, hashPassword, verifyPassword } from './password';
import type { PasswordGuesses } from './password-guesses';
import { createCodeSender } from './send-code';
import type { Sessions } from './sessions';
import * as store from './store';

const ELEVATION_MINUTES = 10;

interface Deps {
  db: Db;
  codes: Codes;
  sessions: Sessions;
  guesses: PasswordGuesses;
  delivery: { sms: CodeDelivery; email: CodeDelivery };
  coolingDays: number;
  log: { warn(obj: object, msg: string): void };
  now?: () => number;
}

export function createAccountsService(deps: Deps) {
  const { db, codes, sessions } = deps;
  const q = db.kysely;
  const now = deps.now ?? (() => Date.now());

  function checkPassword(password: string) {
    if (!isPasswordValid(password)) throw new AppError(ResultCode.passwordRule);
  }

  async function startSession(userId: number, meta: ClientMeta, isNew: boolean): Promise<TSession> {
    const user = await store.userById(q, userId);
    if (!user) throw new AppError(ResultCode.loginFailed);
    if (user.state === 'blocked') throw new AppError(ResultCode.accountBlocked, { result: { redirect: '/pullblack' } });
    if (user.state === 'cancelled') {
      // Signing in during the cooling-off period takes the cancellation back.
      await store.updateUser(q, userId, { state: 'active', cancel_requested_at: null }, now());
    }
    const s = await sessions.create(userId, meta);
    return { token: s.token, userId: String(userId), expiresAt: s.expiresAt, isNew };
  }

  async function newUser(
    locale: Locale,
    kind: IdentityKind,
    value: string,
    extra: { nickname?: string; avatarUrl?: string; unionId?: string | null } = {},
  ) {
    const t = now();
    const nickname = extra.nickname || translate(locale, 'accounts', 'defaultNickname', { n: crypto.randomInt(1000, 10000) });
    return db.transaction(async (trx) => {
      const id = await store.createUser(
        trx,
        { nickname: nickname.slice(0, 64), locale, ...(extra.avatarUrl ? { avatarUrl: extra.avatarUrl } : {}) },
        t,
      );
      await store.addIdentity(trx, id, kind, value, t, extra.unionId ?? null);
      return id;
    });
  }

  return {
    sendCode: createCodeSender({ db, codes, delivery: deps.delivery, log: deps.log }),

    /**
     * Same answer and about the same time whether or not the account exists; tries per name are
     * limited (password-guesses.ts) before any password is checked.
     */
    async loginPassword(
      input: { account: string; type: AccountMethod; password: string; region?: string | undefined },
      ctx: HeaderContext,
      meta: ClientMeta,
    ) {
      const value = normaliseAccount(input.account, input.type, (input.region as CountryCode | undefined) ?? REGION_BY_LOCALE[ctx.locale]);
      const name = value ? deps.guesses.nameOf(kindOf(input.type), value) : null;
      if (name) await deps.guesses.claim(name);
      const identity = value ? await store.identityOf(q, kindOf(input.type), value) : undefined;
      const hash = identity ? await store.passwordOf(q, identity.user_id) : null;
      const ok = await verifyPassword(hash ?? (await dummyHash()), input.password);
      if (!identity || !hash || !ok) throw new AppError(ResultCode.loginFailed);
      if (name) await deps.guesses.forget([name]);
      return startSession(identity.user_id, meta, false);
    },

    /** The first successful code login registers the account. */
    async quickLogin(
      input: { account: string; type: AccountMethod; code: string; region?: string | undefined },
      ctx: HeaderContext,
      meta: ClientMeta,
    ) {
      const value = accountValue(input, ctx.locale);
      await codes.consume(P.quick, value, input.code, meta);
      const existing = await store.identityOf(q, kindOf(input.type), value);
      if (existing) return startSession(existing.user_id, meta, false);
      return startSession(await newUser(ctx.locale, kindOf(input.type), value), meta, true);
    },

    async register(
      input: { account: string; type: AccountMethod; code: string; password: string; region?: string | undefined },
      ctx: HeaderContext,
      meta: ClientMeta,
    ) {
      const value = accountValue(input, ctx.locale);
      checkPassword(input.password);
      await codes.consume(P.register, value, input.code, meta);
      if (await store.identityOf(q, kindOf(input.type), value)) throw new AppError(ResultCode.identityTaken);
      const hash = await hashPassword(input.password);
      const userId = await newUser(ctx.locale, kindOf(input.type), value);
      await store.setPassword(q, userId, hash, now());
      return startSession(userId, meta, true);
    },

    async resetPassword(
      input: { account: string; type: AccountMethod; code: string; password: string; region?: string | undefined },
      ctx: HeaderContext,
      meta: ClientMeta,
    ) {
      const value = accountValue(input, ctx.locale);
      checkPassword(input.password);
      await codes.consume(P.reset, value, input.code, meta);
      const identity = await store.identityOf(q, kindOf(input.type), value);
      if (!identity) throw new AppError(ResultCode.codeInvalid);
      await store.setPassword(q, identity.user_id, await hashPassword(input.password), now());
      // Whoever knew the old password is signed out, and the owner need not wait out guesses.
      await sessions.revokeAll(identity.user_id);
      const names = (await store.identitiesOfUser(q, identity.user_id))
        .filter((i) => i.kind !== 'wechat')
        .map((i) => deps.guesses.nameOf(i.kind, i.value));
      await deps.guesses.forget(names);
      return { ok: true as const };
    },

    async changePassword(user: AuthUser, input: { oldPassword?: string | undefined; password: string }) {
      checkPassword(input.password);
      const current = await store.passwordOf(q, user.userId);
      if (current && !(input.oldPassword && (await verifyPassword(current, input.oldPassword))))
        throw new AppError(ResultCode.wrongPassword);
      if (!current && !(user.elevatedUntil && user.elevatedUntil > now())) throw new AppError(ResultCode.verifyFirst);
      await store.setPassword(q, user.userId, await hashPassword(input.password), now());
      // Whoever else is signed in (perhaps with the old password) is signed out; this session stays.
      await sessions.revokeOthers(user.userId, user.sessionId);
      return { ok: true as const };
    },

    /** Bind-verify (purpose 5) with the current phone/e-mail: allows binding changes for a while. */
    async verifyCurrent(user: AuthUser, input: { type: AccountMethod; code: string }, meta: ClientMeta) {
      await codes.consume(P.bindVerify, await ownIdentity(q, user.userId, input.type), input.code, meta);
      return { verifiedUntil: await sessions.elevate(user.sessionId, ELEVATION_MINUTES) };
    },

    async bind(
      user: AuthUser,
      input: { account: string; type: AccountMethod; code: string; region?: string | undefined },
      locale: Locale,
      meta: ClientMeta,
    ) {
      const kind = kindOf(input.type);
      const mine = await store.identitiesOfUser(q, user.userId);
      const hasVerifiable = mine.some((i) => i.kind === 'phone' || i.kind === 'email');
      if (hasVerifiable && !(user.elevatedUntil && user.elevatedUntil > now())) throw new AppError(ResultCode.verifyFirst);
      const value = accountValue(input, locale);
      await codes.consume(P.bind, value, input.code, meta);
      const t = now();
      try {
        await db.transaction(
          async (trx) => {
            await store.removeIdentity(trx, user.userId, kind);
            await store.addIdentity(trx, user.userId, kind, value, t);
          },
          // Keyed by (user, kind): run again, the identity is replaced by the same one.
          { idempotent: true },
        );
      } catch {
        // The unique (kind, value) key: someone else bound it meanwhile.
        throw new AppError(ResultCode.identityTaken);
      }
      return { ok: true as const };
    },

    async unbind(user: AuthUser, input: { type: AccountMethod; code: string }, meta: ClientMeta) {
      const kind = kindOf(input.type);
      const mine = await store.identitiesOfUser(q, user.userId);
      if (!(user.elevatedUntil && user.elevatedUntil > now())) throw new AppError(ResultCode.verifyFirst);
      const target = mine.find((i) => i.kind === kind);
      if (!target) throw new AppError(ResultCode.verifyFirst);
      if (mine.length <= 1) throw new AppError(ResultCode.lastIdentity);
      await codes.consume(P.unbind, target.value, input.code, meta);
      await store.removeIdentity(q, user.userId, kind);
      return { ok: true as const };
    },

    async cancel(user: AuthUser, input: { type: AccountMethod; code: string }, meta: ClientMeta) {
      await codes.consume(P.cancel, await ownIdentity(q, user.userId, input.type), input.code, meta);
      const t = now();
      await store.updateUser(q, user.userId, { state: 'cancelled', cancel_requested_at: t }, t);
      await sessions.revokeAll(user.userId);
      return { deleteAfter: t + deps.coolingDays * 86_400_000 };
    },

    async me(userId: number): Promise<TMe> {
      const u = await store.userById(q, userId);
      if (!u) throw new AppError(ResultCode.identity);
      const [ids, hash, roles] = await Promise.all([
        store.identitiesOfUser(q, userId),
        store.passwordOf(q, userId),
        store.rolesOf(q, userId),
      ]);
      const phone = ids.find((i) => i.kind === 'phone')?.value;
      const email = ids.find((i) => i.kind === 'email')?.value;
      return {
        userId: String(u.id),
        nickname: u.nickname,
        avatarUrl: u.avatar_url,
        gender: u.gender,
        age: u.age,
        introduction: u.introduction,
        level: u.level,
        premiumUntil: u.premium_until,
        isPremium: (u.premium_until ?? 0) > now(),
        state: u.state,
        phone: phone ? maskAccount(phone) : null,
        email: email ? maskAccount(email) : null,
        wechat: ids.some((i) => i.kind === 'wechat'),
        hasPassword: hash !== null,
        roles,
      };
    },

    async updateProfile(
      userId: number,
      patch: {
        nickname?: string | undefined;
        gender?: 0 | 1 | 2 | undefined;
        age?: number | null | undefined;
        introduction?: string | undefined;
      },
    ) {
      const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (Object.keys(clean).length) await store.updateUser(q, userId, clean, now());
      return this.me(userId);
    },

    /** External sign-in (WeChat): the provider's stable id links the account, created on first sign-in. */
    async signInExternal(
      profile: { key: string; unionId: string | null; nickname: string; avatarUrl: string },
      locale: Locale,
      meta: ClientMeta,
    ) {
      const existing = await store.identityOf(q, 'wechat', profile.key);
      if (existing) return startSession(existing.user_id, meta, false);
      try {
        const userId = await newUser(locale, 'wechat', profile.key, {
          nickname: profile.nickname,
          avatarUrl: profile.avatarUrl,
          unionId: profile.unionId,
        });
        return await startSession(userId, meta, true);
      } catch {
        // Two first sign-ins at once: the other one created it.
        const again = await store.identityOf(q, 'wechat', profile.key);
        if (!again) throw new AppError(ResultCode.externalLoginFailed);
        return startSession(again.user_id, meta, false);
      }
    },

    /** Resolves the session of the header context; null for anonymous callers. */
    async authenticate(ctx: HeaderContext): Promise<AuthUser | null> {
      if (!ctx.token) return null;
      const s = await sessions.find(ctx.token);
      if (!s) throw new AppError(ResultCode.token, { httpStatus: 401 });
      // Result code 5: the user id the caller names is not the session's.
      if (ctx.userId && ctx.userId !== String(s.userId)) throw new AppError(ResultCode.identity, { httpStatus: 401 });
      return { userId: s.userId, sessionId: s.id, elevatedUntil: s.elevatedUntil };
    },

    /** The user's role grants (the console's access rules read them: shared/console-access.ts). */
    rolesOf: (userId: number) => store.rolesOf(q, userId),

    async hasRole(userId: number, role: RoleName, scope: string): Promise<boolean> {
      const roles = await store.rolesOf(q, userId);
      return roles.some((r) => (r.role === role || r.role === 'admin') && (r.scope === scope || r.scope === '*'));
    },

    async adminUpdate(
      input: {
        userId: number;
        level?: number | undefined;
        state?: 'active' | 'at_risk' | 'blocked' | undefined;
        premiumUntil?: number | null | undefined;
        addRoles?: { role: RoleName; scope: string }[] | undefined;
        removeRoles?: { role: RoleName; scope: string }[] | undefined;
      },
      audit?: AuditHook,
    ) {
      if (!(await store.userById(q, input.userId))) throw new AppError(ResultCode.notFound);
      const t = now();
      await db.transaction(
        async (trx) => {
          const before = audit && (await standing(trx, input.userId));
          const patch = Object.fromEntries(
            Object.entries({ level: input.level, state: input.state, premium_until: input.premiumUntil }).filter(
              ([, v]) => v !== undefined,
            ),
          );
          if (Object.keys(patch).length) await store.updateUser(trx, input.userId, patch, t);
          for (const r of input.addRoles ?? []) await store.addRole(trx, input.userId, r.role, r.scope, t);
          for (const r of input.removeRoles ?? []) await store.removeRole(trx, input.userId, r.role, r.scope);
          await audit?.(trx, { itemId: input.userId, before, after: await standing(trx, input.userId) });
        },
        // Values set outright, roles by their key (user, role, scope): run again, the same rows result.
        { idempotent: true },
      );
      // A blocked account is signed out everywhere at once.
      if (input.state === 'blocked') await sessions.revokeAll(input.userId);
      return this.me(input.userId);
    },

    logout: (user: AuthUser) => sessions.revoke(user.sessionId),
    logoutAll: (user: AuthUser) => sessions.revokeAll(user.userId),
    purgeCancelled: () => store.purgeCancelled(db, now() - deps.coolingDays * 86_400_000, now()),
    /** The account guards' dead rows (guards-purge.ts). */
    purgeGuards: () => purgeGuards(db, now()),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

/** What the admin update can change of a user, as its audit row records it. */
async function standing(trx: Tx, userId: number) {
  const [u, roles] = await Promise.all([store.userById(trx, userId), store.rolesOf(trx, userId)]);
  return { level: u?.level, state: u?.state, premiumUntil: u?.premium_until, roles };
}
