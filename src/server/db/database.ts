import { type Kysely, type QueryResult, type SelectQueryBuilder, sql } from 'kysely';
import { Caches } from './cache';
import type { Dialect } from './dialect';
import { DEFAULT_RETRY, type RetryPolicy, withRetries } from './faults';
import { openPostgres } from './postgres';
import type { Prepared } from './prepared';
import type { Database } from './schema';
import { SqliteEngine } from './sqlite';

export type { Dialect } from './dialect';
export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** A query handle: the database outside a transaction, or the transaction a function was given. */
export type Tx = Kysely<Database>;

export interface TransactionOptions {
  /**
   * The work is keyed (a retry finds what an earlier attempt committed by its business key or
   * request id): after a transient fault it is run again, with back-off. Without it, a transient
   * fault reaches the caller, who is answered "network error, try again".
   */
  idempotent?: boolean;
}

/**
 * The database port: built once by the composition root and passed down. Domains query through
 * `kysely` (Kysely's query builder), open transactions with `transaction()`, and reach the few
 * things that differ by engine through the methods here; nothing outside src/server/db asks
 * which engine it runs on.
 */
export interface Db {
  readonly dialect: Dialect;
  readonly kysely: Kysely<Database>;
  /** Named, bounded caches of this database's data (db/cache.ts). */
  readonly caches: Caches;
  transaction<T>(fn: (trx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Whether one statement can write several tables (INSERT/UPDATE inside WITH, PostgreSQL's
   * data-modifying CTEs). Such a statement is its own transaction: a keyed write that fits in one
   * is one round trip to the database instead of one per statement plus BEGIN and COMMIT.
   * SQLite has no such statements, and its round trips cost nothing (it runs in the process).
   */
  readonly writableCtes: boolean;
  /**
   * Runs `fn` on the database outside any transaction (each statement commits on its own), again
   * after a transient fault when it is keyed, as `transaction()` does.
   */
  autocommit<T>(fn: (on: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** A prepared query (db/prepared.ts) run on `on`: this database, or a transaction of it. */
  run<P, R>(query: Prepared<P, R>, on: Tx, values: P): Promise<QueryResult<R>>;
  /**
   * Serialises the transactions that take the same key until they end, across instances.
   * SQLite runs one writing transaction at a time already.
   */
  lock(trx: Tx, key: string): Promise<void>;
  /** `select … for update` where the engine has row locks (SQLite's writer holds the database). */
  forUpdate<QB extends SelectQueryBuilder<Database, keyof Database, object>>(query: QB): QB;
  /** `select … for no key update`: locks a row against change without blocking foreign-key checks on it. */
  forNoKeyUpdate<QB extends SelectQueryBuilder<Database, keyof Database, object>>(query: QB): QB;
  /** True when a trivial query answers now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  poolSize?: number;
  retry?: RetryPolicy;
  /** Told of connection-level faults (logged by the caller); the process carries on. */
  onFault?: (err: Error) => void;
}

export function openDatabase(target: DatabaseTarget, opts: OpenOptions = {}): Db {
  return target.dialect === 'sqlite' ? openSqliteDb(target.file, opts) : openPostgresDb(target.url, opts);
}

/** Runs through the engine, again after a transient fault when the work is keyed. */
function retrying(run: <T>(fn: (trx: Tx) => Promise<T>) => Promise<T>, opts: OpenOptions): Db['transaction'] {
  const retry = opts.retry ?? DEFAULT_RETRY;
  return (fn, options) => (options?.idempotent ? withRetries(() => run(fn), retry) : run(fn));
}

function openSqliteDb(file: string, opts: OpenOptions): Db {
  const engine = new SqliteEngine(file);
  const caches = new Caches();
  return {
    dialect: 'sqlite',
    kysely: engine.kysely,
    caches,
    transaction: retrying((fn) => engine.transaction(fn), opts),
    writableCtes: false,
    autocommit: retrying((fn) => fn(engine.kysely), opts),
    run(query, on, values) {
      const bound = query.bind(query.compiled('sqlite', engine.kysely), values);
      // Inside a transaction the connection is already held: no turn to wait for.
      if (on === engine.inTransaction) return Promise.resolve(engine.runHeld(bound));
      return on.executeQuery(bound);
    },
    lock: async () => {},
    forUpdate: (query) => query,
    forNoKeyUpdate: (query) => query,
    ping: () => ping(engine.kysely),
    close: async () => {
      caches.clear();
      await engine.close();
    },
  };
}

function openPostgresDb(url: string, opts: OpenOptions): Db {
  const { kysely } = openPostgres(url, { poolSize: opts.poolSize, onConnectionError: opts.onFault });
  const caches = new Caches();
  return {
    dialect: 'postgres',
    kysely,
    caches,
    transaction: retrying((fn) => kysely.transaction().execute(fn), opts),
    writableCtes: true,
    autocommit: retrying((fn) => fn(kysely), opts),
    run: (query, on, values) => on.executeQuery(query.bind(query.compiled('postgres', kysely), values)),
    lock: async (trx, key) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    },
    forUpdate: (query) => query.forUpdate() as typeof query,
    forNoKeyUpdate: (query) => query.forNoKeyUpdate() as typeof query,
    ping: () => ping(kysely),
    close: async () => {
      caches.clear();
      await kysely.destroy();
    },
  };
}

async function ping(kysely: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(kysely);
    return true;
  } catch {
    return false;
  }
}
