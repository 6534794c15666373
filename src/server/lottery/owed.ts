import { dayKey } from '../../shared/time';
import type { Campaign } from '../campaigns/campaign';
import { grantChances } from '../campaigns/ledger';
import { cacheSpec } from '../db/cache';
import type { Db, Tx } from '../db/database';

/**
 * How long a process trusts that a participant's owed chances of the day are granted. Grants are
 * idempotent rows (business keys), so checking on every draw is correct but costs two or three
 * statements each time; within this window they are skipped. The one grant that can newly become
 * owed during a day, a premium member's extra (after buying or winning premium), waits at most
 * this long. Other instances keep their own memory; the keys keep them exact.
 */
export const OWED_RECHECK_MS = 60_000;

/**
 * Per participant, the campaign days whose owed chances this instance has granted, and when. A
 * change of what a participant is owed (premium bought or won) calls `forgetOwedChecks`; other
 * instances see it within `OWED_RECHECK_MS` (the entry's time to live).
 */
const OWED_CHECKED = cacheSpec<number, Map<string, number>>({ name: 'owed-chances-checked', max: 50_000, ttlMs: OWED_RECHECK_MS });

export function forgetOwedChecks(db: Db, userId: number) {
  db.caches.of(OWED_CHECKED).invalidate(userId);
}

/**
 * The chances a participant is owed so far: the campaign's once-only chances, today's daily
 * chances, and premium members' daily extra. Each is a grant with a business key, so calling
 * this on every page view or draw grants each once, even from several instances at once.
 * Returns a `remember` to call once the caller's transaction has committed (a rolled-back grant
 * must be checked again).
 */
export async function grantOwedChances(db: Db, trx: Tx, c: Campaign<'raffle'>, userId: number, now: number): Promise<() => void> {
  const day = dayKey(now, c.settings.timeZone);
  const key = `${c.id}:${day}`;
  const checked = await checkedDays(db, userId);
  if (recent(checked.get(key), now)) return () => {};
  const user = await trx.selectFrom('users').select('premium_until').where('id', '=', userId).executeTakeFirstOrThrow();
  const premium = user.premium_until !== null && user.premium_until > now;
  const grants = [
    { amount: c.settings.campaignChances, reason: 'base' as const, key: 'base:campaign' },
    { amount: c.settings.dailyChances, reason: 'base' as const, key: `base:${day}` },
    ...(premium ? [{ amount: c.settings.premiumDailyChances, reason: 'premium' as const, key: `premium:${day}` }] : []),
  ];
  for (const g of grants) await grantChances(trx, { campaignId: c.id, userId, ...g }, now);
  return () => {
    // A participant's days of every campaign: a handful at most.
    if (checked.size >= 64) checked.clear();
    checked.set(key, now);
  };
}

/** Whether `grantOwedChances` would grant nothing now: this instance granted today's recently. */
export async function owedChancesChecked(db: Db, c: Campaign<'raffle'>, userId: number, now: number): Promise<boolean> {
  return recent((await checkedDays(db, userId)).get(`${c.id}:${dayKey(now, c.settings.timeZone)}`), now);
}

const checkedDays = (db: Db, userId: number) => db.caches.of(OWED_CHECKED).get(userId, async () => new Map());
const recent = (at: number | undefined, now: number) => at !== undefined && now >= at && now - at < OWED_RECHECK_MS;
