import type { LotteryInfo, MyPrizeView, PrizeView } from '../../shared/api/lottery';
import type { Locale } from '../../shared/i18n';
import { cacheSpec } from '../db/cache';
import type { Db, Tx } from '../db/database';
import { type Campaign, campaignHead, inLanguage } from './campaign';

type PrizeRow = { id: number; kind: number; name: string; image_url: string; value: number };

export const prizeView = (p: PrizeRow, locale: Locale): PrizeView => ({
  id: String(p.id),
  kind: p.kind,
  name: inLanguage(JSON.parse(p.name) as Record<string, string>, locale),
  imageUrl: p.image_url,
  value: p.value,
});

/** The wheel: prizes by position, then the no-win segment (always there, so a wheel can stop on it). */
export async function wheel(trx: Tx, c: Campaign) {
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

export async function wheelWith(db: Db, c: Campaign, prizeId: number | null) {
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

export async function lotteryInfo(trx: Tx, c: Campaign, locale: Locale, now: number): Promise<LotteryInfo> {
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

/** A user's wins (all campaigns, or one), newest first, with their claims. */
export async function myWins(
  db: Db,
  userId: number,
  locale: Locale,
  filter: { campaignId?: number; winId?: number },
): Promise<MyPrizeView[]> {
  let q = db.kysely
    .selectFrom('lottery_wins')
    .innerJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
    .leftJoin('lottery_claims', 'lottery_claims.win_id', 'lottery_wins.id')
    .select([
      'lottery_wins.id as win_id',
      'lottery_wins.state',
      'lottery_wins.redeem_code',
      'lottery_wins.created_at',
      'lottery_prizes.id',
      'lottery_prizes.kind',
      'lottery_prizes.name',
      'lottery_prizes.image_url',
      'lottery_prizes.value',
      'lottery_claims.address',
      'lottery_claims.created_at as claimed_at',
      'lottery_claims.shipped_at',
      'lottery_claims.carrier',
      'lottery_claims.tracking_number',
    ])
    .where('lottery_wins.user_id', '=', userId);
  if (filter.campaignId !== undefined) q = q.where('lottery_wins.campaign_id', '=', filter.campaignId);
  if (filter.winId !== undefined) q = q.where('lottery_wins.id', '=', filter.winId);
  const rows = await q.orderBy('lottery_wins.created_at', 'desc').orderBy('lottery_wins.id', 'desc').limit(200).execute();
  return rows.map((r) => ({
    winId: String(r.win_id),
    prize: prizeView(r, locale),
    state: r.state,
    redeemCode: r.redeem_code,
    createdAt: r.created_at,
    claim: r.address && r.claimed_at !== null ? { address: JSON.parse(r.address), createdAt: r.claimed_at } : null,
    shipment:
      r.shipped_at !== null && r.shipped_at !== undefined
        ? { carrier: r.carrier ?? '', trackingNumber: r.tracking_number ?? '', shippedAt: Number(r.shipped_at) }
        : null,
  }));
}
