import type { Db, Tx } from './database';
import { prepared } from './prepared';

export interface CallKey {
  /** Who calls: a request id is only ever matched with the same caller's. */
  userId: number;
  /** What is called ('draw:<campaign>', 'exchange:<campaign>', …): one request id per operation. */
  operation: string;
  requestId: string;
}

const record = prepared<{ userId: number; operation: string; requestId: string; outcome: string; now: number }>()((q, param) =>
  q.insertInto('request_outcomes').values({
    user_id: param('userId'),
    operation: param('operation'),
    request_id: param('requestId'),
    outcome: param('outcome'),
    created_at: param('now'),
  }),
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
 * Runs a keyed call once per request id: its outcome is written with the call's own writes, in
 * the same transaction, under the key's unique index. A retry of that request id (the latest or
 * any earlier one) fails somewhere in its work or at that insert, its transaction rolls back, and
 * it is answered with the first outcome. A concurrent duplicate does the same: it waits on the
 * first's rows (the participant's balance) or on the key itself, then finds the first committed.
 * A refused call keeps nothing, so a retry of it is tried again. The transaction is retried
 * after a transient fault: a commit that was made but not acknowledged is found by its key.
 */
export async function keyedCall<T>(db: Db, key: CallKey, now: number, work: (trx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(
      async (trx) => {
        const value = await work(trx);
        await db.run(record, trx, { ...key, outcome: JSON.stringify(value ?? null), now });
        return value;
      },
      { idempotent: true },
    );
  } catch (err) {
    // The common case pays nothing for this: only a refused or repeated call looks.
    const [first] = (await db.run(earlier, db.kysely, key)).rows;
    if (first) return JSON.parse(first.outcome) as T;
    throw err;
  }
}

/**
 * A keyed call made of one statement that writes its own outcome row (`writableCtes`): the
 * statement is its own transaction, so the call is one round trip. Retries and duplicates behave
 * as in `keyedCall`: the outcome row's key refuses a second one, the statement fails and writes
 * nothing, and the first outcome is answered.
 */
export async function keyedStatement<T>(db: Db, key: CallKey, statement: (on: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.autocommit(statement, { idempotent: true });
  } catch (err) {
    const [first] = (await db.run(earlier, db.kysely, key)).rows;
    if (first) return JSON.parse(first.outcome) as T;
    throw err;
  }
}
