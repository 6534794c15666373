import type { EarnSource } from '../campaigns/kinds';
import { pickWeighted } from '../campaigns/pick';
import type { Db, Tx } from '../db/database';
import { runningCollections } from './running';

/**
 * One card, picked by weight with `node:crypto`, in every collection campaign running at `now`,
 * written in the caller's transaction (the event's own): when the event rolls back (a retried
 * draw, a check-in already done) so does its card, and the source key's unique constraint makes
 * a replayed event give nothing. Costs nothing when no collection runs.
 */
export async function grantCollectionCards(db: Db, trx: Tx, userId: number, source: EarnSource, now: number): Promise<void> {
  const running = await runningCollections(db, trx, now);
  if (running.length === 0) return;
  const rows = running.flatMap((c) => {
    const card = pickWeighted(c.cards);
    return card ? [{ campaign_id: c.id, user_id: userId, card_key: card.key, source_key: source, created_at: now }] : [];
  });
  if (rows.length === 0) return;
  await trx
    .insertInto('collection_cards')
    .values(rows)
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id', 'source_key']).doNothing())
    .execute();
}
