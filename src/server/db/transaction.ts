import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** Per database (keyed by its adapter, which its transactions share): its engine's own way to run a transaction. */
const runners = new WeakMap<object, <T>(fn: Work<T>) => Promise<T>>();

export function registerTransactionRunner(db: Kysely<Database>, run: <T>(fn: Work<T>) => Promise<T>) {
  runners.set(db.getExecutor().adapter, run);
}

/**
 * `db.transaction().execute(fn)`, by the engine's cheaper way where it has one (the embedded
 * engine reuses one transaction handle: db/sqlite-batch.ts). For the paths every request of a
 * load takes (a raffle draw); the rest keep Kysely's own.
 */
export function transaction<T>(db: Kysely<Database>, fn: Work<T>): Promise<T> {
  const run = runners.get(db.getExecutor().adapter);
  return run ? run(fn) : db.transaction().execute(fn);
}
