import { randomUUID } from 'node:crypto';
import { PrizeKind, WinState } from '../../shared/enums';
import type { Tx } from '../db/database';
import { creditPrize } from './credit';
import { redeemCode } from './pick';

/**
 * Gives one unit of a prize without a draw of chance (a gift code, the newcomer pack), in the
 * caller's transaction: takes its stock (guarded), records the win as a raffle's (a draw row marks
 * where it came from, so My prizes, claims and write-off work the same), and credits what can be
 * credited now. Null when the prize is out of stock (nothing written).
 */
export async function givePrize(trx: Tx, campaignId: number, prizeId: number, userId: number, now: number): Promise<number | null> {
  const prize = await trx
    .updateTable('lottery_prizes')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', prizeId)
    .where('campaign_id', '=', campaignId)
    .where('stock', '>', 0)
    .returning(['id', 'kind', 'value'])
    .executeTakeFirst();
  if (!prize) return null;
  const draw = await trx
    .insertInto('lottery_draws')
    .values({
      campaign_id: campaignId,
      user_id: userId,
      request_id: randomUUID(),
      result: WinState.win,
      prize_id: prize.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const win = await trx
    .insertInto('lottery_wins')
    .values({
      draw_id: draw.id,
      campaign_id: campaignId,
      user_id: userId,
      prize_id: prize.id,
      state: prize.kind === PrizeKind.entity ? 'won' : 'received',
      redeem_code: redeemCode(),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await creditPrize(trx, { id: win.id, userId, kind: prize.kind, value: prize.value }, now);
  return win.id;
}
