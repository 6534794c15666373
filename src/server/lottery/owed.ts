import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Campaign } from './campaign';
import { grantChances, type Tx } from './ledger';
import { dayKey } from './settings';

/**
 * How long a process trusts that a participant's owed chances of the day are granted. Grants are
 * idempotent rows (business keys), so checking on every draw is correct but costs two or three
 * statements each time; within this window they are skipped. The one grant that can newly become
 * owed during a day, a premium member's extra (after buying or winning premium), waits at most
 * this long. Other instances keep their own memory; the keys keep them exact.
 */
export const OWED_RECHECK_MS = 60_000;
const MAX_REMEMBERED = 100_000;
/** Per database (a process may open several, as the tests do), what was checked and when. */
const memories = new WeakMap<object, Map<string, number>>();
const memoryOf = (db: object) => {
  let m = memories.get(db);
  if (!m) {
    m = new Map();
    memories.set(db, m);
  }
  return m;
};

/**
 * The chances a participant is owed so far: the campaign's once-only chances, today's daily
 * chances, and premium members' daily extra. Each is a grant with a business key, so calling
 * this on every page view or draw grants each once, even from several instances at once.
 * `db` is the database `trx` belongs to (what is remembered is per database). Returns a `remember` to call once the
 * caller's transaction has committed (a rolled-back grant must be checked again).
 */
export async function grantOwedChances(db: Kysely<Database>, trx: Tx, c: Campaign, userId: number, now: number): Promise<() => void> {
  const day = dayKey(now, c.settings.timeZone);
  const key = `${c.id}:${userId}:${day}`;
  const checked = memoryOf(db);
  const at = checked.get(key);
  if (at !== undefined && now >= at && now - at < OWED_RECHECK_MS) return () => {};
  const user = await trx.selectFrom('users').select('premium_until').where('id', '=', userId).executeTakeFirstOrThrow();
  const premium = user.premium_until !== null && user.premium_until > now;
  const grants = [
    { amount: c.settings.campaignChances, reason: 'base' as const, key: 'base:campaign' },
    { amount: c.settings.dailyChances, reason: 'base' as const, key: `base:${day}` },
    ...(premium ? [{ amount: c.settings.premiumDailyChances, reason: 'premium' as const, key: `premium:${day}` }] : []),
  ];
  for (const g of grants) await grantChances(trx, { campaignId: c.id, userId, ...g }, now);
  return () => {
    if (checked.size >= MAX_REMEMBERED) checked.clear();
    checked.set(key, now);
  };
}
