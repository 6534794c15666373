import type { LotteryInfo } from '../../shared/api/lottery';
import type { Locale } from '../../shared/i18n';
import { type Campaign, campaignHead } from '../campaigns/campaign';
import { prizeView } from '../campaigns/wins';
import { cacheSpec } from '../db/cache';
import type { Db, Tx } from '../db/database';

/** The wheel: prizes by position, then the no-win segment (always there, so a wheel can stop on it). */
export async function wheel(trx: Tx, c: Campaign<'raffle'>) {
  const prizes = await trx
    .selectFrom('lottery_prizes')
    .select(['id', 'kind', 'name', 'image_url', 'value', 'weight'])
    .where('campaign_id', '=', c.id)
    .orderBy('position')
    .execute();
  return { prizes, total: prizes.reduce((s, p) => s + p.weight, 0) + c.noWinWeight };
}

/**
 * Every draw answers with its segment and prize, and a wheel's segments change only when staff
 * edit the campaign (`forgetCampaign` drops it; other instances within `ttlMs`). A draw's prize
 * always comes from a wheel that has it: a kept wheel without it is read again.
 */
const WHEELS = cacheSpec<number, Awaited<ReturnType<typeof wheel>>>({ name: 'wheels', max: 1_000, ttlMs: 5_000, about: 'campaign' });

export async function wheelWith(db: Db, c: Campaign<'raffle'>, prizeId: number | null) {
  const cache = db.caches.of(WHEELS);
  const kept = await cache.get(c.id, () => wheel(db.kysely, c));
  if (prizeId === null || kept.prizes.some((p) => p.id === prizeId)) return kept;
  cache.invalidate(c.id);
  return cache.get(c.id, () => wheel(db.kysely, c));
}

/** Segment index of a draw's outcome on the wheel (the last one is no-win). */
export const segmentOf = (prizes: { id: number }[], prizeId: number | null) =>
  prizeId === null
    ? prizes.length
    : Math.max(
        0,
        prizes.findIndex((p) => p.id === prizeId),
      );

export async function lotteryInfo(trx: Tx, c: Campaign<'raffle'>, locale: Locale, now: number): Promise<LotteryInfo> {
  const { prizes, total } = await wheel(trx, c);
  // Published odds: each segment's share of the configured weights (spec: odds on the rules page).
  const odds = (w: number) => (total > 0 ? Math.round((w / total) * 10_000) / 100 : 0);
  return {
    ...campaignHead(c, locale, now),
    segments: [
      ...prizes.map((p) => ({ prize: prizeView(p, locale), oddsPercent: odds(p.weight) })),
      { prize: null, oddsPercent: odds(c.noWinWeight) },
    ],
    exchangeCost: c.settings.exchangeCost,
  };
}
