import type { Kysely } from 'kysely';
import { PrizeKind, WinState } from '../../shared/enums';
import { ResultCode } from '../../shared/errors';
import { grantCollectionCards } from '../collection/cards';
import { StampedCache } from '../db/change-stamp';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { transaction } from '../db/transaction';
import { AppError } from '../http/app-error';
import { type Campaign, loadCampaign, stateOf } from './campaign';
import { creditPrize } from './credit';
import { spendChance, type Tx } from './ledger';
import { grantOwedChances } from './owed';
import { pickWeighted, redeemCode } from './pick';

export interface DrawOutcome {
  drawId: number;
  /** Spec §3 win state: 1 win, 2 nowin. */
  result: typeof WinState.win | typeof WinState.nowin;
  /** The prize won (its wheel segment), or null for the no-win segment. */
  prizeId: number | null;
  winId: number | null;
  /** Chances left after this draw. */
  remaining: number;
}

/** Refuses a draw outside the campaign's open period, with the page's message for each state. */
export function assertOpen(c: Campaign, now: number): void {
  const state = stateOf(c, now);
  if (state === 'ended') throw new AppError(ResultCode.drawEnded, { result: { winState: WinState.winend } });
  if (state === 'notStarted') throw new AppError(ResultCode.drawNotStarted);
  if (state === 'restocking') throw new AppError(ResultCode.drawRestocking);
}

/**
 * One draw, in one transaction: spend a chance (guarded), pick a prize by weight among those in
 * stock and under the user's cap, take one unit of stock (guarded: a prize emptied meanwhile
 * falls back to no-win), record the draw and the win, and credit what can be credited now. The
 * request id makes a retried draw answer the same outcome: the participant's balance keeps the
 * request id of their latest draw, so a retry spends nothing (the spend's guard), and the first
 * draw is answered (no look-up before each draw: retries are rare, draws are not).
 */
export async function draw(
  db: Kysely<Database>,
  userId: number,
  campaign: Campaign | number,
  requestId: string,
  now = Date.now(),
): Promise<DrawOutcome> {
  const c = typeof campaign === 'number' ? await loadCampaign(db, campaign) : campaign;
  if (!c) throw new AppError(ResultCode.notFound);
  try {
    assertOpen(c, now);
    let remember = () => {};
    const outcome = await transaction(db, async (trx) => {
      remember = await grantOwedChances(db, trx, c, userId, now);
      // Taking the chance also locks this user's balance row: one user's draws run one at a time.
      const remaining = await spendChance(trx, { campaignId: c.id, userId, requestId, now });
      if (remaining === null) throw new AppError(ResultCode.noDraws, { result: { winState: WinState.nonum } });

      const prize = await pickPrize(trx, c, userId);
      let won = prize;
      if (won) {
        const took = await takeStock(trx, { prizeId: won.id });
        if (Number(took.numAffectedRows ?? 0) === 0) won = null;
      }
      const [d] = (
        await insertDraw(trx, {
          campaignId: c.id,
          userId,
          requestId,
          result: won ? WinState.win : WinState.nowin,
          prizeId: won?.id ?? null,
          now,
        })
      ).rows;
      if (!d) throw new Error('draw not recorded');
      await grantCollectionCards(trx, userId, `draw:${d.id}`, now);
      let winId: number | null = null;
      if (won) {
        const [w] = (
          await insertWin(trx, {
            drawId: d.id,
            campaignId: c.id,
            userId,
            prizeId: won.id,
            state: won.kind === PrizeKind.entity ? 'won' : 'received',
            code: redeemCode(),
            now,
          })
        ).rows;
        if (!w) throw new Error('win not recorded');
        winId = w.id;
        await creditPrize(trx, { id: w.id, userId, kind: won.kind, value: won.value }, now);
      }
      return { drawId: d.id, result: won ? WinState.win : WinState.nowin, prizeId: won?.id ?? null, winId, remaining };
    });
    remember();
    return outcome;
  } catch (err) {
    // The request id of this participant's latest draw: that draw is the answer (also when this
    // retry found no chance left, or the campaign closed since).
    const again = await previousDraw(db, c.id, userId, requestId);
    if (again) return again;
    throw err;
  }
}

/** Prizes the user can still win (in stock, under their cap) and the no-win segment, by weight. */
async function pickPrize(trx: Tx, c: Campaign, userId: number) {
  const prizes = await openPrizes.get(trx, c.id, async () => (await prizesInStock(trx, { campaignId: c.id })).rows);
  const capped = prizes.filter((p) => p.per_user_cap !== null);
  const mine = capped.length
    ? await trx
        .selectFrom('lottery_wins')
        .select(['prize_id', (eb) => eb.fn.countAll().as('n')])
        .where('user_id', '=', userId)
        .where(
          'prize_id',
          'in',
          capped.map((p) => p.id),
        )
        .groupBy('prize_id')
        .execute()
    : [];
  const wins = new Map(mine.map((m) => [Number(m.prize_id), Number(m.n)]));
  const open = prizes.filter((p) => p.per_user_cap === null || (wins.get(p.id) ?? 0) < p.per_user_cap);
  const choice = pickWeighted([...open, { id: 0, kind: 0, weight: c.noWinWeight, value: 0, per_user_cap: null }]);
  return choice && choice.id !== 0 ? choice : null;
}

/**
 * The prizes still in stock, kept on the embedded engine until the prizes table changes (a win
 * takes stock, an admin edit): once the stock is gone, every draw reads the same list. Only a
 * hint of what may be won: the stock is taken by a guarded update either way.
 */
const openPrizes = new StampedCache<
  number,
  Array<{ id: number; kind: number; weight: number; value: number; per_user_cap: number | null }>
>('lottery_prizes');

// The draw's statements, built once (db/prepared.ts): every draw runs them.
const prizesInStock = prepared((db, p: { campaignId: number }) =>
  db
    .selectFrom('lottery_prizes')
    .select(['id', 'kind', 'weight', 'value', 'per_user_cap'])
    .where('campaign_id', '=', p.campaignId)
    .where('stock', '>', 0)
    .where('weight', '>', 0)
    .orderBy('position'),
);
const takeStock = prepared((db, p: { prizeId: number }) =>
  db
    .updateTable('lottery_prizes')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', p.prizeId)
    .where('stock', '>', 0),
);
const insertDraw = prepared(
  (db, p: { campaignId: number; userId: number; requestId: string; result: number; prizeId: number | null; now: number }) =>
    db
      .insertInto('lottery_draws')
      .values({
        campaign_id: p.campaignId,
        user_id: p.userId,
        request_id: p.requestId,
        result: p.result,
        prize_id: p.prizeId,
        created_at: p.now,
      })
      .returning('id'),
);
const insertWin = prepared(
  (db, p: { drawId: number; campaignId: number; userId: number; prizeId: number; state: 'won' | 'received'; code: string; now: number }) =>
    db
      .insertInto('lottery_wins')
      .values({
        draw_id: p.drawId,
        campaign_id: p.campaignId,
        user_id: p.userId,
        prize_id: p.prizeId,
        state: p.state,
        redeem_code: p.code,
        created_at: p.now,
      })
      .returning('id'),
);

/** The participant's latest draw, when it was made by this request id. */
async function previousDraw(db: Kysely<Database>, campaignId: number, userId: number, requestId: string): Promise<DrawOutcome | null> {
  // The draws' campaign + time index leads to the few draws of that millisecond.
  const d = await db
    .selectFrom('lottery_chance_balances as b')
    .innerJoin('lottery_draws', (j) =>
      j
        .onRef('lottery_draws.campaign_id', '=', 'b.campaign_id')
        .onRef('lottery_draws.created_at', '=', 'b.last_draw_at')
        .onRef('lottery_draws.user_id', '=', 'b.user_id')
        .onRef('lottery_draws.request_id', '=', 'b.last_request_id'),
    )
    .leftJoin('lottery_wins', 'lottery_wins.draw_id', 'lottery_draws.id')
    .select(['lottery_draws.id', 'lottery_draws.result', 'lottery_draws.prize_id', 'lottery_wins.id as win_id', 'b.remaining'])
    .where('b.campaign_id', '=', campaignId)
    .where('b.user_id', '=', userId)
    .where('b.last_request_id', '=', requestId)
    .orderBy('lottery_draws.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!d) return null;
  return { drawId: d.id, result: d.result as DrawOutcome['result'], prizeId: d.prize_id, winId: d.win_id, remaining: d.remaining };
}
