import type { Db, Tx } from './database';
import { prepared } from './prepared';

export interface CallKey {
  /** Who calls: a request id is only ever matched with the same caller's. */
  userId: number;
  /** What is called ('draw', 'exchange', …): one request id per operation. */
  operation: string;
  requestId: string;
}

const claim = prepared<{ userId: number; operation: string; requestId: string; now: number }>()((q, param) =>
  q
    .insertInto('request_outcomes')
    .values({ user_id: param('userId'), operation: param('operation'), request_id: param('requestId'), created_at: param('now') })
    .onConflict((oc) => oc.columns(['user_id', 'operation', 'request_id']).doNothing())
    .returning('created_at'),
);
const record = prepared<{ userId: number; operation: string; requestId: string; outcome: string }>()((q, param) =>
  q
    .updateTable('request_outcomes')
    .set({ outcome: param('outcome') })
    .where('user_id', '=', param('userId'))
    .where('operation', '=', param('operation'))
    .where('request_id', '=', param('requestId')),
);
const earlier = prepared<{ userId: number; operation: string; requestId: string }>()((q, param) =>
  q
    .selectFrom('request_outcomes')
    .select('outcome')
    .where('user_id', '=', param('userId'))
    .where('operation', '=', param('operation'))
    .where('request_id', '=', param('requestId')),
);

/**
 * Runs a keyed call once per request id: its first outcome is kept with the call's writes, in
 * the same transaction, and every retry of that request id (the latest or any earlier one, one
 * after another or at the same time) is answered with it and changes nothing. The key is claimed
 * first: a concurrent duplicate waits on it (PostgreSQL's unique index; SQLite's write lock)
 * until the first commits, then reads the outcome. A refused call keeps nothing (its
 * transaction rolled back): a retry of it is tried again. The transaction is retried after a
 * transient fault, since a lost commit acknowledgement is found by the key.
 */
export async function keyedCall<T>(db: Db, key: CallKey, now: number, work: (trx: Tx) => Promise<T>): Promise<T> {
  const values = { userId: key.userId, operation: key.operation, requestId: key.requestId };
  const outcome = await db.transaction(
    async (trx): Promise<{ first: true; value: T } | { first: false; json: string | null }> => {
      const [claimed] = (await db.run(claim, trx, { ...values, now })).rows;
      if (!claimed) return { first: false, json: (await db.run(earlier, trx, values)).rows[0]?.outcome ?? null };
      const value = await work(trx);
      await db.run(record, trx, { ...values, outcome: JSON.stringify(value ?? null) });
      return { first: true, value };
    },
    { idempotent: true },
  );
  if (outcome.first) return outcome.value;
  if (outcome.json === null) throw new Error(`request ${key.operation}:${key.requestId} has no recorded outcome`);
  return JSON.parse(outcome.json) as T;
}
