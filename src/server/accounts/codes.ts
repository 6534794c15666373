import crypto from 'node:crypto';
import { ResultCode } from '../../shared/errors';
import { isCodeFormat } from '../../shared/rules';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * One-time codes (spec §3 purposes): six digits from a CSPRNG, stored only as an HMAC bound to
 * purpose and destination, valid five minutes, single use, dead after five wrong attempts. Sends
 * are limited: one per destination and purpose per minute, and hourly caps per destination and
 * per client address. A refused send sends nothing.
 */
export const CODE_LIMITS = {
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendMs: 60_000,
  perDestinationPerHour: 10,
  perIpPerHour: 30,
} as const;

export type Channel = 'sms' | 'email';

export function createCodes(db: Db, secret: Buffer, now: () => number = () => Date.now()) {
  const q = db.kysely;
  const hmac = (purpose: number, destination: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}\n${destination}\n${code}`).digest('hex');

  return {
    /**
     * Checks the limits and records a new code (older ones for the same destination and purpose
     * stop working). Returns the code to deliver; the caller delivers it and calls `discard` if
     * delivery fails, so a failed send does not hold the one-minute slot.
     */
    async issue(purpose: number, channel: Channel, destination: string, ip: string) {
      const t = now();
      const hourAgo = t - 3_600_000;
      const recent = await q
        .selectFrom('verification_codes')
        .select(['created_at', 'purpose'])
        .where('destination', '=', destination)
        .where('created_at', '>', hourAgo)
        .execute();
      const last = recent.filter((r) => r.purpose === purpose).reduce((m, r) => Math.max(m, r.created_at), 0);
      if (t - last < CODE_LIMITS.resendMs) {
        const seconds = Math.ceil((CODE_LIMITS.resendMs - (t - last)) / 1000);
        throw new AppError(ResultCode.sendTooSoon, { params: { seconds }, result: { resendAfterSeconds: seconds } });
      }
      if (recent.length >= CODE_LIMITS.perDestinationPerHour) throw new AppError(ResultCode.sendLimit);
      if (ip) {
        const fromIp = await q
          .selectFrom('verification_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ip', '=', ip)
          .where('created_at', '>', hourAgo)
          .executeTakeFirst();
        if (Number(fromIp?.n ?? 0) >= CODE_LIMITS.perIpPerHour) throw new AppError(ResultCode.sendLimit);
      }
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      const row = await db.transaction(async (trx) => {
        await trx
          .updateTable('verification_codes')
          .set({ consumed_at: t })
          .where('destination', '=', destination)
          .where('purpose', '=', purpose)
          .where('consumed_at', 'is', null)
          .execute();
        return trx
          .insertInto('verification_codes')
          .values({
            purpose,
            channel,
            destination,
            code_hmac: hmac(purpose, destination, code),
            ip: ip.slice(0, 64),
            created_at: t,
            expires_at: t + CODE_LIMITS.ttlMs,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      return { id: row.id, code, expiresInSeconds: CODE_LIMITS.ttlMs / 1000, resendAfterSeconds: CODE_LIMITS.resendMs / 1000 };
    },

    async discard(id: number) {
      await q.deleteFrom('verification_codes').where('id', '=', id).execute();
    },

    /**
     * Uses up the code if it is right. Wrong codes count against the live code; the fifth wrong
     * attempt kills it. Every update is guarded, so two concurrent uses cannot both succeed.
     */
    async consume(purpose: number, destination: string, code: string): Promise<void> {
      if (!isCodeFormat(code)) throw new AppError(ResultCode.codeFormat);
      const t = now();
      const live = await q
        .selectFrom('verification_codes')
        .select(['id', 'code_hmac', 'attempts'])
        .where('destination', '=', destination)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', t)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!live) throw new AppError(ResultCode.codeInvalid);
      if (live.attempts >= CODE_LIMITS.maxAttempts) throw new AppError(ResultCode.codeLocked);
      const expected = Buffer.from(live.code_hmac, 'hex');
      const given = Buffer.from(hmac(purpose, destination, code), 'hex');
      if (crypto.timingSafeEqual(expected, given)) {
        const used = await q
          .updateTable('verification_codes')
          .set({ consumed_at: t })
          .where('id', '=', live.id)
          .where('consumed_at', 'is', null)
          .where('attempts', '<', CODE_LIMITS.maxAttempts)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) === 1) return;
        throw new AppError(ResultCode.codeInvalid);
      }
      const counted = await q
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', live.id)
        .where('attempts', '<', CODE_LIMITS.maxAttempts)
        .returning('attempts')
        .executeTakeFirst();
      throw new AppError(
        (counted?.attempts ?? CODE_LIMITS.maxAttempts) >= CODE_LIMITS.maxAttempts ? ResultCode.codeLocked : ResultCode.codeInvalid,
      );
    },
  };
}
export type Codes = ReturnType<typeof createCodes>;
