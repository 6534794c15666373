import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { watchChanges } from './change-stamp';
import { registerTransactionConnection } from './prepared';
import type { Database } from './schema';
import { BatchingSqliteDialect } from './sqlite-batch';
import { registerTransactionRunner } from './transaction';

export type Dialect = 'sqlite' | 'postgres';
export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// int8 (count(*), bigint ids and epoch-ms columns) as JS numbers: all our values stay below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openDatabase(target: DatabaseTarget, opts: { poolSize?: number } = {}): Db {
  if (target.dialect === 'sqlite') return openSqlite(target.file);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', ping: () => ping(kysely), close: () => kysely.destroy() };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers run while one writer commits; the busy timeout makes a second process wait
  // for the lock instead of failing; NORMAL sync is durable at every checkpoint in WAL mode.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // A checkpoint (WAL copied back into the database, two fsyncs) runs inside the commit that
  // crosses this many WAL pages and blocks the process meanwhile. SQLite's default, 1000 pages,
  // means one every ~200 raffle draws, a third of a draw's time under load; 10000 (a WAL of
  // up to ~40 MB) checkpoints ten times less often, each pause a little longer (the bench's p99).
  // Commits since the last checkpoint are what a power loss could undo (a process crash cannot).
  database.pragma('wal_autocheckpoint = 10000');
  database.pragma('foreign_keys = ON');
  const dialect = new BatchingSqliteDialect(withStatementCache(database));
  const kysely = new Kysely<Database>({ dialect });
  watchChanges(kysely, (table) => dialect.changeStamp(table));
  registerTransactionConnection(kysely, () => dialect.transactionConnection());
  registerTransactionRunner(kysely, (fn) => dialect.transaction(kysely, fn));
  return { kysely, dialect: 'sqlite', ping: () => ping(kysely), close: () => kysely.destroy() };
}

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares each query anew:
 * under load that compiling is a fifth of the server's time. Statements are kept by their SQL
 * (Kysely's SQL is parameterised, so the set is small) and reused; Kysely runs one query at a
 * time on the connection, so a statement is never in use twice.
 */
function withStatementCache(database: SQLite.Database, max = 1_000) {
  const statements = new Map<string, SQLite.Statement>();
  const dataVersion = database.prepare('pragma data_version').pluck();
  return {
    close: () => database.close(),
    dataVersion: () => dataVersion.get() as number,
    get inTransaction() {
      return database.inTransaction;
    },
    prepare(text: string) {
      let st = statements.get(text);
      if (!st) {
        st = database.prepare(text);
        // Past the bound (ad-hoc SQL), the oldest statement goes.
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
        statements.set(text, st);
      }
      return st;
    },
  };
}

async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
