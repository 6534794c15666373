import { sql } from 'kysely';
import { EVENTS } from '../../shared/analytics-events';
import type { ConsoleDashboard, DashboardDay } from '../../shared/api/console';
import type { Tx } from '../db/database';

/**
 * The console's first page: today and the last 7 days from the ledgers (sign-ups, draws, wins,
 * gift codes redeemed, check-ins), the work waiting (claims and orders to ship) and the most viewed
 * share pages from the analytics events. Days are UTC calendar days, like the analytics dashboard.
 */
const DAY = 86_400_000;
const WEEK = 7;
/** Share-page views read for the top list: a bound on the work whatever the traffic. */
const SHARE_VIEWS_READ = 50_000;
const TOP_SHARES = 10;

type Counted = 'signUps' | 'draws' | 'wins' | 'codesRedeemed' | 'checkIns';

/** Rows per UTC day of `column` in [start, end). */
async function perDay(q: Tx, table: 'users' | 'lottery_draws' | 'lottery_wins' | 'checkins', start: number, end: number) {
  const rows = await q
    .selectFrom(table)
    .select([sql<number>`created_at / ${sql.lit(DAY)}`.as('d'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(sql`created_at / ${sql.lit(DAY)}`)
    .execute();
  return new Map(rows.map((r) => [Number(r.d), Number(r.n)]));
}

async function redeemedPerDay(q: Tx, start: number, end: number) {
  const rows = await q
    .selectFrom('gift_codes')
    .select([sql<number>`redeemed_at / ${sql.lit(DAY)}`.as('d'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('redeemed_at', '>=', start)
    .where('redeemed_at', '<', end)
    .groupBy(sql`redeemed_at / ${sql.lit(DAY)}`)
    .execute();
  return new Map(rows.map((r) => [Number(r.d), Number(r.n)]));
}

async function topShares(q: Tx, start: number) {
  const rows = await q
    .selectFrom('analytics_events')
    .select('properties')
    .where('event', '=', EVENTS.sharePageView)
    .where('time', '>=', start)
    .orderBy('time', 'desc')
    .limit(SHARE_VIEWS_READ)
    .execute();
  const counts = new Map<string, { contentType: string; contentId: string; views: number }>();
  for (const r of rows) {
    let p: { contentType?: unknown; contentId?: unknown };
    try {
      p = JSON.parse(r.properties);
    } catch {
      continue;
    }
    if (typeof p.contentType !== 'string' || typeof p.contentId !== 'string') continue;
    const key = `${p.contentType}\u0000${p.contentId}`;
    const c = counts.get(key) ?? { contentType: p.contentType, contentId: p.contentId, views: 0 };
    c.views++;
    counts.set(key, c);
  }
  return [...counts.values()].sort((a, b) => b.views - a.views || a.contentId.localeCompare(b.contentId)).slice(0, TOP_SHARES);
}

const countOf = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);

export async function dashboard(q: Tx, now: number): Promise<ConsoleDashboard> {
  const today = Math.floor(now / DAY);
  const start = (today - (WEEK - 1)) * DAY;
  const end = (today + 1) * DAY;
  const [signUps, draws, wins, checkIns, codesRedeemed, shares, claimsToShip, ordersToShip] = await Promise.all([
    perDay(q, 'users', start, end),
    perDay(q, 'lottery_draws', start, end),
    perDay(q, 'lottery_wins', start, end),
    perDay(q, 'checkins', start, end),
    redeemedPerDay(q, start, end),
    topShares(q, start),
    // A claimed prize (address given) that has not been handed over yet.
    countOf(
      q
        .selectFrom('lottery_claims as c')
        .innerJoin('lottery_wins as w', 'w.id', 'c.win_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('w.state', '=', 'received')
        .executeTakeFirst(),
    ),
    countOf(
      q
        .selectFrom('mall_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'paid')
        .executeTakeFirst(),
    ),
  ]);
  const series: Record<Counted, Map<number, number>> = { signUps, draws, wins, codesRedeemed, checkIns };
  const days: DashboardDay[] = Array.from({ length: WEEK }, (_, i) => {
    const d = today - (WEEK - 1) + i;
    const figures = Object.fromEntries(Object.entries(series).map(([k, m]) => [k, m.get(d) ?? 0])) as Record<Counted, number>;
    return { day: new Date(d * DAY).toISOString().slice(0, 10), ...figures };
  });
  return { days, waiting: { claimsToShip, ordersToShip }, topShares: shares };
}
