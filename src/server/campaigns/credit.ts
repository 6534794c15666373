import { PrizeKind } from '../../shared/enums';
import type { Tx } from '../db/database';
import { moveCoins } from './ledger';

const DAY_MS = 86_400_000;

/**
 * Credits a won prize in the draw's transaction: beans to the coin ledger, premium days added
 * after the current expiry (or now), cloud space to the user's bonus. Entity prizes wait for a
 * claim; virtual prizes are the redeem code itself. Returns whether the prize is received now.
 */
export async function creditPrize(
  trx: Tx,
  win: { id: number; userId: number; kind: number; value: number },
  now: number,
): Promise<boolean> {
  switch (win.kind) {
    case PrizeKind.bean:
      await moveCoins(trx, { userId: win.userId, delta: win.value, reason: 'prize', key: `prize:${win.id}` }, now);
      return true;
    case PrizeKind.vip: {
      const u = await trx.selectFrom('users').select('premium_until').where('id', '=', win.userId).executeTakeFirstOrThrow();
      const from = Math.max(now, u.premium_until ?? 0);
      await trx
        .updateTable('users')
        .set({ premium_until: from + win.value * DAY_MS, updated_at: now })
        .where('id', '=', win.userId)
        .execute();
      return true;
    }
    case PrizeKind.space:
      await trx
        .updateTable('users')
        .set((eb) => ({ storage_bonus_gb: eb('storage_bonus_gb', '+', win.value), updated_at: now }))
        .where('id', '=', win.userId)
        .execute();
      return true;
    case PrizeKind.virtual:
      return true;
    default:
      return false;
  }
}
