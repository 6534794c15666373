import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { uuidv7 } from '../../shared/uuid';
import { loadCampaign } from '../campaigns/campaign';
import { givePrize } from '../campaigns/give';
import { myWins } from '../campaigns/wins';
import type { AuditHook } from '../console/audit';
import type { Db } from '../db/database';
import { keyedCall } from '../db/keyed';
import { AppError } from '../http/app-error';
import { giftCodeHash, newGiftCode, normaliseGiftCode } from './codes';

/** Wrong codes a user may enter in an hour before entries are refused for a while. */
export const MAX_FAILED_ENTRIES_PER_HOUR = 10;
const HOUR = 3_600_000;
const refused = () => new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'prizeId' } });

/**
 * A batch of codes for one prize of a gift-code campaign: the prize's stock grows by the batch
 * (each code holds one unit), and the codes are returned once; only their hashes are kept.
 */
export async function generateCodes(
  db: Db,
  b: { campaignId: number; prizeId: number; count: number; expiresAt: number },
  now = Date.now(),
  audit?: AuditHook,
) {
  const c = await loadCampaign(db, b.campaignId);
  if (c?.kind !== 'giftcode') throw new AppError(ResultCode.notFound);
  if (!(b.expiresAt > now)) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'expiresAt' } });
  const codes = Array.from({ length: b.count }, newGiftCode);
  // Names the batch in the console's list (and its CSV file).
  const batchKey = `B${uuidv7(now).replace(/-/g, '').slice(-12).toUpperCase()}`;
  await db.transaction(async (trx) => {
    const took = await trx
      .updateTable('lottery_prizes')
      .set((eb) => ({ stock: eb('stock', '+', b.count) }))
      .where('id', '=', b.prizeId)
      .where('campaign_id', '=', c.id)
      .executeTakeFirst();
    if (Number(took.numUpdatedRows) === 0) throw refused();
    // Bounded statements: SQLite allows 32k variables per statement, PostgreSQL 65k.
    for (let i = 0; i < codes.length; i += 500) {
      await trx
        .insertInto('gift_codes')
        .values(
          codes.slice(i, i + 500).map((code) => ({
            campaign_id: c.id,
            prize_id: b.prizeId,
            code_hash: giftCodeHash(normaliseGiftCode(code) ?? ''),
            hint: code.slice(-4),
            expires_at: b.expiresAt,
            created_at: now,
            batch_key: batchKey,
          })),
        )
        .execute();
    }
    // The codes themselves are never stored, nor written to the log: their count and expiry are.
    await audit?.(trx, { itemId: c.id, after: { prizeId: b.prizeId, count: b.count, expiresAt: b.expiresAt } });
  });
  return { campaignId: c.id, prizeId: b.prizeId, expiresAt: b.expiresAt, batchKey, codes };
}

/**
 * Redeems a code for the signed-in user, in one transaction: the code's row is taken by a guarded
 * update (unused, unexpired: exactly one of many simultaneous redeemers gets it), one unit of its
 * prize's stock, a win like a raffle's (its draw row records where it came from), and the credit
 * of what can be credited now. A wrong code is counted against the user.
 */
export async function redeemGiftCode(db: Db, userId: number, typed: string, locale: Locale, now = Date.now(), requestId = uuidv7(now)) {
  const since = now - HOUR;
  const failed = await db.kysely
    .selectFrom('gift_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(failed.n) >= MAX_FAILED_ENTRIES_PER_HOUR)
    throw new AppError(ResultCode.tooManyRequests, { httpStatus: 429, params: { seconds: 3600 } });

  const code = normaliseGiftCode(typed);
  const winId = code
    ? await keyedCall(db, { userId, operation: 'giftcode', requestId }, now, async (trx) => {
        const taken = await trx
          .updateTable('gift_codes')
          .set({ redeemed_by: userId, redeemed_at: now })
          .where('code_hash', '=', giftCodeHash(code))
          .where('redeemed_by', 'is', null)
          .where('voided_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['id', 'campaign_id', 'prize_id'])
          .executeTakeFirst();
        // No such code (or taken, or expired): nothing is kept, and the entry counts as wrong.
        if (!taken) throw new WrongCode();
        const campaign = await loadCampaign(db, taken.campaign_id, trx);
        // A campaign over, or a prize emptied by staff: the code no longer gives anything.
        if (!campaign || now >= campaign.endsAt) throw new AppError(ResultCode.codeError, { messageKey: 'giftCodeExpired' });
        const winId = await givePrize(trx, taken.campaign_id, taken.prize_id, userId, now);
        if (winId === null) throw new AppError(ResultCode.codeError);
        await trx.updateTable('gift_codes').set({ win_id: winId }).where('id', '=', taken.id).execute();
        return winId;
      }).catch((err: unknown) => {
        if (err instanceof WrongCode) return null;
        throw err;
      })
    : null;
  if (winId === null) {
    await db.kysely.insertInto('gift_attempts').values({ user_id: userId, created_at: now }).execute();
    throw new AppError(ResultCode.codeError, { messageKey: await whyRefused(db, code, now) });
  }
  const [win] = await myWins(db, userId, locale, { winId });
  if (!win) throw new AppError(ResultCode.codeError);
  const row = await db.kysely.selectFrom('lottery_wins').select('campaign_id').where('id', '=', winId).executeTakeFirstOrThrow();
  return { ...win, activityId: String(row.campaign_id) };
}

/**
 * Why a code gave nothing, so the member knows whether to look again at what they typed (unknown)
 * or stop trying (used, expired). Wrong entries are counted and capped per hour, so saying which
 * does not let anyone try codes at scale.
 */
async function whyRefused(
  db: Db,
  code: string | null,
  now: number,
): Promise<'giftCodeUnknown' | 'giftCodeUsed' | 'giftCodeExpired' | 'giftCodeVoided'> {
  if (!code) return 'giftCodeUnknown';
  const row = await db.kysely
    .selectFrom('gift_codes')
    .select(['redeemed_by', 'expires_at', 'voided_at'])
    .where('code_hash', '=', giftCodeHash(code))
    .executeTakeFirst();
  if (!row) return 'giftCodeUnknown';
  if (row.redeemed_by !== null) return 'giftCodeUsed';
  if (row.voided_at !== null) return 'giftCodeVoided';
  return Number(row.expires_at) <= now ? 'giftCodeExpired' : 'giftCodeUnknown';
}

/** A code that gives nothing: thrown so that the keyed call keeps no outcome for it. */
class WrongCode extends Error {
  override name = 'WrongCode';
}
