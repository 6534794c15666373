import crypto from 'node:crypto';
import { ResultCode } from '../../shared/errors';
import { isCodeFormat } from '../../shared/rules';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * One-time codes (purposes): six digits from a CSPRNG, stored only as an HMAC bound to
 * purpose and destination, valid five minutes, single use, dead after five wrong attempts.
 *
 * The limits protect the member, not only the bill. A code belongs to the requester that asked for
 * it: its device id (header context) or, when it sent none, its address. Only that requester can
 * use it or guess at it, so a stranger's wrong guesses never kill the member's code, and a
 * stranger's send never replaces it. Sends are limited per requester (one a minute per number and
 * purpose, five an hour per number from one device and five from one address, thirty an hour from
 * one address) and per number: ten a day from requesters the number does not know, so a stranger
 * cannot have it texted more than that. A device that has used a code sent to the number before is
 * known to it and has a daily budget of its own, so strangers using up the number's cap do not stop
 * the member signing in from their own phone. A refused send sends nothing.
 */
export const CODE_LIMITS = {
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendMs: 60_000,
  perRequesterPerDestinationPerHour: 5,
  perDestinationPerDay: 10,
  perKnownDevicePerDay: 10,
  perIpPerHour: 30,
  knownDeviceMs: 90 * 86_400_000,
} as const;

export type Channel = 'sms' | 'email';

/** Who asks for or uses a code: the address, and the device id ('' when the caller sent none). */
export interface Requester {
  ip: string;
  device: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ipOf = (r: Requester) => r.ip.slice(0, 64);

/** A code row belongs to the requester of the same device id, or without one, of the same address. */
const belongsTo = (row: { device: string; ip: string }, r: Requester) => (row.device !== '' ? row.device === r.device : row.ip === ipOf(r));

export function createCodes(db: Db, secret: Buffer, now: () => number = () => Date.now()) {
  const q = db.kysely;
  const hmac = (purpose: number, destination: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}\n${destination}\n${code}`).digest('hex');

  async function checkLimits(purpose: number, destination: string, r: Requester, t: number) {
    const recent = await q
      .selectFrom('verification_codes')
      .select(['created_at', 'purpose', 'ip', 'device'])
      .where('destination', '=', destination)
      .where('created_at', '>', t - DAY_MS)
      .execute();
    const mine = recent.filter((row) => belongsTo(row, r));
    const last = mine.filter((row) => row.purpose === purpose).reduce((m, row) => Math.max(m, row.created_at), 0);
    if (t - last < CODE_LIMITS.resendMs) {
      const seconds = Math.ceil((CODE_LIMITS.resendMs - (t - last)) / 1000);
      throw new AppError(ResultCode.sendTooSoon, { params: { seconds }, result: { resendAfterSeconds: seconds } });
    }
    const lastHour = recent.filter((row) => row.created_at > t - HOUR_MS);
    const fromDevice = r.device ? lastHour.filter((row) => row.device === r.device).length : 0;
    const fromIp = lastHour.filter((row) => row.ip === ipOf(r)).length;
    if (Math.max(fromDevice, fromIp) >= CODE_LIMITS.perRequesterPerDestinationPerHour) throw new AppError(ResultCode.sendLimit);

    const known = new Set(
      (
        await q
          .selectFrom('code_devices')
          .select('device')
          .where('destination', '=', destination)
          .where('verified_at', '>', t - CODE_LIMITS.knownDeviceMs)
          .execute()
      ).map((row) => row.device),
    );
    const sent =
      r.device && known.has(r.device)
        ? recent.filter((row) => row.device === r.device).length >= CODE_LIMITS.perKnownDevicePerDay
        : recent.filter((row) => !known.has(row.device)).length >= CODE_LIMITS.perDestinationPerDay;
    if (sent) throw new AppError(ResultCode.sendLimit);

    const fromIpAnywhere = await q
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ipOf(r))
      .where('created_at', '>', t - HOUR_MS)
      .executeTakeFirst();
    if (Number(fromIpAnywhere?.n ?? 0) >= CODE_LIMITS.perIpPerHour) throw new AppError(ResultCode.sendLimit);
  }

  return {
    /**
     * Checks the limits and records a new code (the requester's older ones for the same
     * destination and purpose stop working; other requesters' do not). Returns the code to
     * deliver; the caller delivers it and calls `discard` if delivery fails, so a failed send does
     * not hold the one-minute slot.
     */
    async issue(purpose: number, channel: Channel, destination: string, r: Requester) {
      const t = now();
      await checkLimits(purpose, destination, r, t);
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      const row = await db.transaction(async (trx) => {
        let older = trx
          .updateTable('verification_codes')
          .set({ consumed_at: t })
          .where('destination', '=', destination)
          .where('purpose', '=', purpose)
          .where('consumed_at', 'is', null);
        older = r.device ? older.where('device', '=', r.device) : older.where('device', '=', '').where('ip', '=', ipOf(r));
        await older.execute();
        return trx
          .insertInto('verification_codes')
          .values({
            purpose,
            channel,
            destination,
            code_hmac: hmac(purpose, destination, code),
            ip: ipOf(r),
            device: r.device,
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

    /** A recorded send whose code nobody will get (it still counts against the limits). */
    async retire(id: number) {
      await q.updateTable('verification_codes').set({ consumed_at: now() }).where('id', '=', id).execute();
    },

    /**
     * Uses up the requester's code if it is right. Wrong codes count against the requester's live
     * code; the fifth wrong attempt kills it. Every update is guarded, so two concurrent uses cannot
     * both succeed. A device that uses a code becomes known to the destination.
     */
    async consume(purpose: number, destination: string, code: string, r: Requester): Promise<void> {
      if (!isCodeFormat(code)) throw new AppError(ResultCode.codeFormat);
      const t = now();
      const live = (
        await q
          .selectFrom('verification_codes')
          .select(['id', 'code_hmac', 'attempts', 'ip', 'device'])
          .where('destination', '=', destination)
          .where('purpose', '=', purpose)
          .where('consumed_at', 'is', null)
          .where('expires_at', '>', t)
          .orderBy('created_at', 'desc')
          .execute()
      ).find((row) => belongsTo(row, r));
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
        if (Number(used.numUpdatedRows) !== 1) throw new AppError(ResultCode.codeInvalid);
        if (live.device)
          await q
            .insertInto('code_devices')
            .values({ destination, device: live.device, verified_at: t })
            .onConflict((oc) => oc.columns(['destination', 'device']).doUpdateSet({ verified_at: t }))
            .execute();
        return;
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
