import type { Tx } from '../db/database';
import type { ChanceReason } from '../db/schema-lottery';

/**
 * Grants chances once per business key (a retried or concurrent grant with the same key adds
 * nothing) and raises the balance in the same transaction. Returns whether it was granted now.
 */
export async function grantChances(
  trx: Tx,
  g: { campaignId: number; userId: number; amount: number; reason: ChanceReason; key: string },
  now: number,
): Promise<boolean> {
  if (g.amount <= 0) return false;
  const row = await trx
    .insertInto('lottery_chance_grants')
    .values({ campaign_id: g.campaignId, user_id: g.userId, amount: g.amount, reason: g.reason, business_key: g.key, created_at: now })
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id', 'business_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .insertInto('lottery_chance_balances')
    .values({ campaign_id: g.campaignId, user_id: g.userId, remaining: g.amount })
    .onConflict((oc) =>
      oc.columns(['campaign_id', 'user_id']).doUpdateSet((eb) => ({ remaining: eb('lottery_chance_balances.remaining', '+', g.amount) })),
    )
    .execute();
  return true;
}

export async function remainingChances(trx: Tx, campaignId: number, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('lottery_chance_balances')
    .select('remaining')
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.remaining ?? 0;
}

/**
 * Moves coins (beans): a ledger row per business key, and the balance in the same transaction,
 * never below zero. Returns false when a debit finds too few coins (nothing is written then) or
 * when the key was already used (the earlier movement stands).
 */
export async function moveCoins(
  trx: Tx,
  m: { userId: number; delta: number; reason: string; key: string; note?: string },
  now: number,
): Promise<boolean> {
  if (m.delta === 0) return false;
  if (m.delta < 0) {
    const r = await trx
      .updateTable('coin_balances')
      .set((eb) => ({ balance: eb('balance', '+', m.delta) }))
      .where('user_id', '=', m.userId)
      .where('balance', '>=', -m.delta)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
  }
  const row = await trx
    .insertInto('coin_ledger')
    .values({ user_id: m.userId, delta: m.delta, reason: m.reason, business_key: m.key, created_at: now, note: m.note ?? null })
    .onConflict((oc) => oc.column('business_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    // Already moved under this key: undo this call's debit (the caller's transaction stays consistent).
    if (m.delta < 0)
      await trx
        .updateTable('coin_balances')
        .set((eb) => ({ balance: eb('balance', '-', m.delta) }))
        .where('user_id', '=', m.userId)
        .execute();
    return false;
  }
  if (m.delta > 0) {
    await trx
      .insertInto('coin_balances')
      .values({ user_id: m.userId, balance: m.delta })
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ balance: eb('coin_balances.balance', '+', m.delta) })))
      .execute();
  }
  return true;
}

export async function coinBalance(trx: Tx, userId: number): Promise<number> {
  const row = await trx.selectFrom('coin_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}
