import type { LotteryDataInfo, MyPrizeView } from '../../shared/api/lottery';
import type { Locale } from '../../shared/i18n';
import type { Db } from '../db/database';
import { inLanguage } from './campaign';
import { myWins, prizeView } from './wins';

/** "林***" / "S***": the first character only (not even the length), enough for a marquee. */
export const maskName = (name: string) => `${[...name.trim()][0] ?? ''}***`;

export async function dataInfo(db: Db, campaignId: number, locale: Locale): Promise<LotteryDataInfo> {
  const [counts, latest] = await Promise.all([
    // Each participant's balance counts their draws (migration 0019): no scan of the draws.
    db.kysely
      .selectFrom('lottery_chance_balances')
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('draws'), eb.lit(0)).as('draws'), eb.fn.countAll().as('participants')])
      .where('campaign_id', '=', campaignId)
      .where('draws', '>', 0)
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('lottery_wins')
      .innerJoin('users', 'users.id', 'lottery_wins.user_id')
      .innerJoin('lottery_prizes', 'lottery_prizes.id', 'lottery_wins.prize_id')
      .select(['users.nickname', 'lottery_prizes.name', 'lottery_wins.created_at'])
      .where('lottery_wins.campaign_id', '=', campaignId)
      .orderBy('lottery_wins.created_at', 'desc')
      .orderBy('lottery_wins.id', 'desc')
      .limit(20)
      .execute(),
  ]);
  return {
    participants: Number(counts.participants),
    draws: Number(counts.draws),
    winners: latest.map((w) => ({
      nickname: maskName(w.nickname),
      prize: inLanguage(JSON.parse(w.name) as Record<string, string>, locale),
      at: w.created_at,
    })),
  };
}

const PRIZE_COLUMNS = [
  'lottery_prizes.id',
  'lottery_prizes.kind',
  'lottery_prizes.name',
  'lottery_prizes.image_url',
  'lottery_prizes.value',
  'lottery_prizes.stock',
  'lottery_prizes.position',
] as const;

/** Per prize: stock left and how many were won, claimed and written off. */
export async function prizeStats(db: Db, campaignId: number, locale: Locale) {
  const rows = await db.kysely
    .selectFrom('lottery_prizes')
    .leftJoin('lottery_wins', 'lottery_wins.prize_id', 'lottery_prizes.id')
    .select((eb) => [
      ...PRIZE_COLUMNS,
      eb.fn.count('lottery_wins.id').as('won'),
      eb.fn.count('lottery_wins.claimed_at').as('claimed'),
      eb.fn.count('lottery_wins.written_off_at').as('written_off'),
    ])
    .where('lottery_prizes.campaign_id', '=', campaignId)
    .groupBy([...PRIZE_COLUMNS])
    .orderBy('lottery_prizes.position')
    .execute();
  return rows.map((r) => ({
    prize: prizeView(r, locale),
    stockLeft: r.stock,
    won: Number(r.won),
    claimed: Number(r.claimed),
    writtenOff: Number(r.written_off),
  }));
}

/** The campaign's wins for staff, newest first, optionally one redeem code. */
export async function winLog(
  db: Db,
  q: { lotteryId: number; page: number; pageSize: number; volumeCode?: string | undefined },
  locale: Locale,
): Promise<{ list: (MyPrizeView & { winner: string })[]; total: number; page: number; pageSize: number }> {
  let base = db.kysely
    .selectFrom('lottery_wins')
    .innerJoin('users', 'users.id', 'lottery_wins.user_id')
    .where('lottery_wins.campaign_id', '=', q.lotteryId);
  if (q.volumeCode) base = base.where('lottery_wins.redeem_code', '=', q.volumeCode);
  const [rows, total] = await Promise.all([
    base
      .select(['lottery_wins.id', 'lottery_wins.user_id', 'users.nickname'])
      .orderBy('lottery_wins.created_at', 'desc')
      .orderBy('lottery_wins.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = [];
  for (const r of rows) {
    const [win] = await myWins(db, r.user_id, locale, { winId: r.id });
    if (win) list.push({ ...win, winner: r.nickname });
  }
  return { list, total: Number(total.n), page: q.page, pageSize: q.pageSize };
}

/** Draws, wins and write-offs of a campaign in [from, to): a venue's day at its stand. */
export async function countsBetween(db: Db, campaignId: number, from: number, to: number) {
  const count = <T extends 'lottery_draws' | 'lottery_wins'>(table: T, column: 'created_at' | 'written_off_at') =>
    db.kysely
      .selectFrom(table as 'lottery_wins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('campaign_id', '=', campaignId)
      .where(column, '>=', from)
      .where(column, '<', to)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [draws, wins, writtenOff] = await Promise.all([
    count('lottery_draws', 'created_at'),
    count('lottery_wins', 'created_at'),
    count('lottery_wins', 'written_off_at'),
  ]);
  return { draws, wins, writtenOff };
}
