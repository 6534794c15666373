import { PrizeKind, WinState } from '../../shared/enums';
import { ResultCode } from '../../shared/errors';
import { assertOpen, type Campaign, isKind, loadCampaign } from '../campaigns/campaign';
import { creditPrize } from '../campaigns/credit';
import { earned, earnsNow } from '../campaigns/kinds';
import { pickWeighted, redeemCode } from '../campaigns/pick';
import { cacheSpec } from '../db/cache';
import type { Db, Tx } from '../db/database';
import { keyedCall, keyedStatement } from '../db/keyed';
import { prepared } from '../db/prepared';
import { AppError } from '../http/app-error';
import { creditedInStatement, drawStatement } from './draw-statement';
import { forgetOwedChecks, grantOwedChances, owedChancesChecked } from './owed';

export interface DrawOutcome {
  drawId: number;
  /** Win state: 1 win, 2 nowin. */
  result: typeof WinState.win | typeof WinState.nowin;
  /** The prize won (its wheel segment), or null for the no-win segment. */
  prizeId: number | null;
  winId: number | null;
  /** Chances left after this draw. */
  remaining: number;
}

/**
 * One draw, in one transaction: spend a chance (guarded), pick a prize by weight among those in
 * stock and under the user's cap, take one unit of stock (guarded: a prize emptied meanwhile
 * falls back to no-win), record the draw and the win, and credit what can be credited now. A
 * request id is drawn once: its retries, whichever and however many at once, are answered with
 * the first outcome (db/keyed.ts).
 */
export async function draw(
  db: Db,
  userId: number,
  campaign: Campaign<'raffle'> | number,
  requestId: string,
  now = Date.now(),
): Promise<DrawOutcome> {
  const c = typeof campaign === 'number' ? await loadCampaign(db, campaign) : campaign;
  if (!isKind(c, 'raffle')) throw new AppError(ResultCode.notFound);
  const key = { userId, operation: `draw:${c.id}`, requestId };
  // One round trip where the engine allows it and the draw needs nothing read under the
  // participant's lock: the chances of the day already granted, no collection dealing cards, no
  // per-user cap among the prizes (the pick is then the same before the spend as after it).
  if (db.writableCtes && (await owedChancesChecked(db, c, userId, now)) && !(await earnsNow(db, now))) {
    const prizes = await prizesOpen(db, db.kysely, c);
    if (prizes.every((p) => p.per_user_cap === null)) {
      const prize = pickAmong(prizes, c);
      if (!prize || creditedInStatement(prize.kind)) {
        let emptied = false;
        const outcome = await keyedStatement(db, key, async (on) => {
          assertOpen(c, now);
          const [row] = (
            await db.run(drawStatement, on, {
              ...key,
              campaignId: c.id,
              prizeId: prize?.id ?? null,
              state: prize?.kind === PrizeKind.entity ? 'won' : 'received',
              code: redeemCode(),
              coins: prize?.kind === PrizeKind.bean ? prize.value : 0,
              space: prize?.kind === PrizeKind.space ? prize.value : null,
              now,
            })
          ).rows;
          if (!row) throw new AppError(ResultCode.noDraws, { result: { winState: WinState.nonum } });
          emptied = prize !== null && (row.stock === null || row.stock === 0);
          const drawn: DrawOutcome = {
            drawId: row.draw_id,
            result: row.result === WinState.win ? WinState.win : WinState.nowin,
            prizeId: row.prize_id,
            winId: row.win_id,
            remaining: row.remaining,
          };
          return drawn;
        });
        if (emptied) db.caches.of(PRIZES_IN_STOCK).invalidate(c.id);
        return outcome;
      }
    }
  }
  let remember = () => {};
  let emptied = false;
  let premium = false;
  const outcome = await keyedCall(db, key, now, async (trx) => {
    assertOpen(c, now);
    remember = await grantOwedChances(db, trx, c, userId, now);
    // Taking the chance also locks this user's balance row: one user's draws run one at a time.
    const [spent] = (await db.run(spendOne, trx, { campaignId: c.id, userId })).rows;
    if (!spent) throw new AppError(ResultCode.noDraws, { result: { winState: WinState.nonum } });

    const prize = await pickPrize(db, trx, c, userId);
    let won = prize;
    if (won) {
      const [took] = (await db.run(takeStock, trx, { prizeId: won.id })).rows;
      if (!took) won = null;
      emptied = took?.stock === 0 || !took;
    }
    const result = won ? WinState.win : WinState.nowin;
    const [d] = (await db.run(insertDraw, trx, { campaignId: c.id, userId, requestId, result, prizeId: won?.id ?? null, now })).rows;
    if (!d) throw new Error('draw not recorded');
    await earned(db, trx, userId, `draw:${d.id}`, now);
    let winId: number | null = null;
    if (won) {
      const state = won.kind === PrizeKind.entity ? 'won' : 'received';
      const [w] = (
        await db.run(insertWin, trx, { drawId: d.id, campaignId: c.id, userId, prizeId: won.id, state, code: redeemCode(), now })
      ).rows;
      if (!w) throw new Error('win not recorded');
      winId = w.id;
      await creditPrize(trx, { id: w.id, userId, kind: won.kind, value: won.value }, now);
      premium = won.kind === PrizeKind.vip;
    }
    const drawn: DrawOutcome = { drawId: d.id, result, prizeId: won?.id ?? null, winId, remaining: spent.remaining };
    return drawn;
  });
  remember();
  // The list of prizes in stock no longer holds once one ran out (here or, unseen, elsewhere).
  if (emptied) db.caches.of(PRIZES_IN_STOCK).invalidate(c.id);
  // Premium won: the member is owed its daily extra from now on.
  if (premium) forgetOwedChecks(db, userId);
  return outcome;
}

/** Prizes the user can still win (in stock, under their cap) and the no-win segment, by weight. */
async function pickPrize(db: Db, trx: Tx, c: Campaign<'raffle'>, userId: number) {
  const prizes = await prizesOpen(db, trx, c);
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
  return pickAmong(
    prizes.filter((p) => p.per_user_cap === null || (wins.get(p.id) ?? 0) < p.per_user_cap),
    c,
  );
}

/** The prizes in stock, kept per campaign (a hint: stock is taken by a guarded update). */
const prizesOpen = (db: Db, on: Tx, c: Campaign<'raffle'>) =>
  db.caches.of(PRIZES_IN_STOCK).get(c.id, async () => (await db.run(prizesInStock, on, { campaignId: c.id })).rows);

/** One of `open` or the no-win segment (null), by weight. */
function pickAmong(open: Awaited<ReturnType<typeof prizesOpen>>, c: Campaign<'raffle'>) {
  const choice = pickWeighted([...open, { id: 0, kind: 0, weight: c.noWinWeight, value: 0, per_user_cap: null }]);
  return choice && choice.id !== 0 ? choice : null;
}

// The draw's statements, built once (db/prepared.ts): every draw runs them.
const spendOne = prepared<{ campaignId: number; userId: number }>()((q, param) =>
  q
    .updateTable('lottery_chance_balances')
    .set((eb) => ({ remaining: eb('remaining', '-', 1), draws: eb('draws', '+', 1) }))
    .where('campaign_id', '=', param('campaignId'))
    .where('user_id', '=', param('userId'))
    .where('remaining', '>', 0)
    .returning('remaining'),
);
const prizesInStock = prepared<{ campaignId: number }>()((q, param) =>
  q
    .selectFrom('lottery_prizes')
    .select(['id', 'kind', 'weight', 'value', 'per_user_cap'])
    .where('campaign_id', '=', param('campaignId'))
    .where('stock', '>', 0)
    .where('weight', '>', 0)
    .orderBy('position'),
);
const takeStock = prepared<{ prizeId: number }>()((q, param) =>
  q
    .updateTable('lottery_prizes')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', param('prizeId'))
    .where('stock', '>', 0)
    .returning('stock'),
);

/**
 * The prizes a draw picks among, kept per campaign: once the stock is gone, every draw reads the
 * same list. Only a hint: stock is taken by the guarded update above, so a prize that ran out
 * (dropped here when it does; on another instance within `ttlMs`) is a no-win, never an oversell.
 * A campaign edit drops it (`forgetCampaign`).
 */
const PRIZES_IN_STOCK = cacheSpec<number, Array<{ id: number; kind: number; weight: number; value: number; per_user_cap: number | null }>>({
  name: 'prizes-in-stock',
  max: 1_000,
  ttlMs: 2_000,
  about: 'campaign',
});
const insertDraw = prepared<{
  campaignId: number;
  userId: number;
  requestId: string;
  result: number;
  prizeId: number | null;
  now: number;
}>()((q, param) =>
  q
    .insertInto('lottery_draws')
    .values({
      campaign_id: param('campaignId'),
      user_id: param('userId'),
      request_id: param('requestId'),
      result: param('result'),
      prize_id: param('prizeId'),
      created_at: param('now'),
    })
    .returning('id'),
);
const insertWin = prepared<{
  drawId: number;
  campaignId: number;
  userId: number;
  prizeId: number;
  state: 'won' | 'received';
  code: string;
  now: number;
}>()((q, param) =>
  q
    .insertInto('lottery_wins')
    .values({
      draw_id: param('drawId'),
      campaign_id: param('campaignId'),
      user_id: param('userId'),
      prize_id: param('prizeId'),
      state: param('state'),
      redeem_code: param('code'),
      created_at: param('now'),
    })
    .returning('id'),
);
