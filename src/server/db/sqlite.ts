import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from './schema';

/**
 * The embedded engine: one better-sqlite3 connection per process, reached through Kysely's
 * public dialect interfaces. Queries take turns on the connection (first come, first served); a
 * transaction holds it from `begin immediate` to its commit, so nothing else runs inside it and
 * every caller is answered after the commit that holds its write.
 */
export class SqliteEngine {
  readonly database: SQLite.Database;
  /** Plain queries: each takes its turn on the connection. */
  readonly kysely: Kysely<Database>;
  /** The handle of the transaction running now: its queries run on the connection it holds. */
  readonly inTransaction: Kysely<Database>;
  private readonly turns = new Turns();
  private readonly statements: StatementCache;
  private readonly connection: SqliteConnection;
  private transactionOpen = false;

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.database = new SQLite(file);
    // WAL lets readers of other processes run while one writer commits; the busy timeout makes a
    // second process (an operator command) wait for the write lock instead of failing; NORMAL
    // sync keeps every commit through a process crash (a power loss may undo the latest ones).
    this.database.pragma('journal_mode = WAL');
    this.database.pragma('busy_timeout = 5000');
    this.database.pragma('synchronous = NORMAL');
    this.database.pragma('foreign_keys = ON');
    this.statements = new StatementCache(this.database);
    const connection = new SqliteConnection(this.statements);
    this.kysely = new Kysely<Database>({ dialect: sqliteDialect(new TurnDriver(connection, this.turns, () => this.database.close())) });
    this.connection = connection;
    this.inTransaction = new Kysely<Database>({ dialect: sqliteDialect(new HeldDriver(() => this.held())) });
  }

  /**
   * Runs `fn` in one transaction. `begin immediate` takes the write lock at once: a deferred
   * transaction that reads, then writes, can deadlock with another process doing the same.
   */
  async transaction<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    await this.turns.take();
    try {
      this.statements.run('begin immediate');
      this.transactionOpen = true;
      try {
        const result = await fn(this.inTransaction);
        this.statements.run('commit');
        return result;
      } catch (err) {
        // An I/O error may already have ended the SQL transaction.
        if (this.database.inTransaction) this.statements.run('rollback');
        throw err;
      } finally {
        this.transactionOpen = false;
      }
    } finally {
      this.turns.give();
    }
  }

  /** A compiled query on the transaction's connection, without Kysely's per-query promise chain. */
  runHeld<R>(query: CompiledQuery<R>): QueryResult<R> {
    this.held();
    return execute<R>(this.statements, query);
  }

  /** The connection its transaction holds; a handle kept past its transaction is refused. */
  private held(): SqliteConnection {
    if (!this.transactionOpen) throw new Error('a transaction handle was used after its transaction ended');
    return this.connection;
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }
}

function sqliteDialect(driver: Driver): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** Turns on the one connection: first come, first served. */
class Turns {
  private held = false;
  private readonly waiting: Array<() => void> = [];
  take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  give() {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/** The driver of plain queries (and of Kysely's own transactions, which the migrator uses). */
class TurnDriver implements Driver {
  constructor(
    private readonly connection: SqliteConnection,
    private readonly turns: Turns,
    private readonly closeDatabase: () => void,
  ) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.take();
    return this.connection;
  }
  async beginTransaction(connection: DatabaseConnection) {
    await (connection as SqliteConnection).control('begin immediate');
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as SqliteConnection).control('commit');
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as SqliteConnection).control('rollback');
  }
  async releaseConnection() {
    this.turns.give();
  }
  async destroy() {
    this.closeDatabase();
  }
}

/** The driver of the transaction handle: the connection its transaction already holds. */
class HeldDriver implements Driver {
  constructor(private readonly current: () => DatabaseConnection) {}
  async init() {}
  async acquireConnection() {
    return this.current();
  }
  async beginTransaction(): Promise<void> {
    throw new Error('transactions do not nest: use the handle you were given');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

class SqliteConnection implements DatabaseConnection {
  constructor(private readonly statements: StatementCache) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(execute<R>(this.statements, query));
    } catch (err) {
      return Promise.reject(err);
    }
  }
  control(sql: string): Promise<void> {
    this.statements.run(sql);
    return Promise.resolve();
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.statements.get(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

function execute<R>(statements: StatementCache, query: CompiledQuery): QueryResult<R> {
  const stmt = statements.get(query.sql);
  const parameters = query.parameters as unknown[];
  // A reader returns rows: a select, or a write with RETURNING (which runs in full here).
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares each query anew:
 * under load that compiling cost more than running the query. Statements are kept by their SQL
 * (Kysely's SQL is parameterised, so the set is small); queries take turns on the connection, so a
 * statement is never in use twice at once. Past the bound (ad-hoc SQL) the oldest goes.
 */
class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();
  constructor(
    private readonly database: SQLite.Database,
    private readonly max = 1_000,
  ) {}
  get(sql: string): SQLite.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.database.prepare(sql);
      if (this.statements.size >= this.max) this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, st);
    }
    return st;
  }
  run(sql: string) {
    this.get(sql).run();
  }
}
