import type { Kysely, Transaction } from 'kysely';
import { first, prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import type { ChanceReason } from '../db/schema-lottery';

export type Tx = Transaction<Database> | Kysely<Database>;

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

/**
 * Spends one chance for a draw if there is one (a guarded update: the balance never goes below
 * zero) and the request is not the participant's latest draw again (a retry: the balance keeps
 * that request id, and the time of the draw it made, by which a retry finds it). Counts the draw.
 * Returns the chances left after it, or null when nothing was spent (no chance left, or a retry).
 */
export async function spendChance(
  trx: Tx,
  c: { campaignId: number; userId: number; requestId: string; now: number },
): Promise<number | null> {
  const r = first(await spendOne(trx, c));
  return r ? r.remaining : null;
}
// Every draw spends a chance: built once (db/prepared.ts).
const spendOne = prepared((db, p: { campaignId: number; userId: number; requestId: string; now: number }) =>
  db
    .updateTable('lottery_chance_balances')
    .set((eb) => ({ remaining: eb('remaining', '-', 1), draws: eb('draws', '+', 1), last_request_id: p.requestId, last_draw_at: p.now }))
    .where('campaign_id', '=', p.campaignId)
    .where('user_id', '=', p.userId)
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('last_request_id', 'is', null), eb('last_request_id', '<>', p.requestId)]))
    .returning('remaining'),
);

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
export async function moveCoins(trx: Tx, m: { userId: number; delta: number; reason: string; key: string }, now: number): Promise<boolean> {
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
    .values({ user_id: m.userId, delta: m.delta, reason: m.reason, business_key: m.key, created_at: now })
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
