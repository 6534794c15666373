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
import { execute, GroupCommit, StatementCache, Turns } from './sqlite-parts';

/**
 * The embedded engine: one better-sqlite3 connection per process, reached through Kysely's
 * public dialect interfaces. Queries and transactions take turns on the connection (first come,
 * first served); those that meet while an SQL transaction is open share its commit and are
 * answered after it (GroupCommit).
 */
export class SqliteEngine {
  readonly database: SQLite.Database;
  /** Plain queries: each takes its turn on the connection. */
  readonly kysely: Kysely<Database>;
  /** The handle of the transaction running now: its queries run on the connection it holds. */
  readonly inTransaction: Kysely<Database>;
  private readonly turns: Turns;
  private readonly statements: StatementCache;
  private readonly group: GroupCommit;
  private readonly held: HeldConnection;
  private transactionOpen = false;

  constructor(file: string) {
    if (file !== ':memory:') createPrivately(file);
    this.database = new SQLite(file);
    // WAL lets readers of other processes run while one writer commits; the busy timeout makes a
    // second process (an operator command) wait for the write lock instead of failing; NORMAL
    // sync keeps every commit through a process crash (a power loss may undo the latest ones).
    this.database.pragma('journal_mode = WAL');
    this.database.pragma('busy_timeout = 5000');
    this.database.pragma('synchronous = NORMAL');
    // A checkpoint (the WAL copied into the database, two fsyncs) runs inside the commit that
    // crosses this many pages and blocks the process meanwhile: SQLite's 1,000 meant one every
    // few hundred draws; 10,000 (a WAL of up to ~40 MB) makes them ten times rarer.
    this.database.pragma('wal_autocheckpoint = 10000');
    this.database.pragma('foreign_keys = ON');
    this.statements = new StatementCache(this.database);
    this.turns = new Turns(() => this.group.free());
    this.group = new GroupCommit(this.database, this.statements, () => this.turns.free);
    this.held = new HeldConnection(this.statements, () => this.transactionOpen);
    this.kysely = new Kysely<Database>({
      dialect: sqliteDialect(new TurnDriver(this.statements, this.turns, this.group, () => this.destroy())),
    });
    this.inTransaction = new Kysely<Database>({ dialect: sqliteDialect(new HeldDriver(this.held)) });
  }

  /**
   * Runs `fn` in one transaction: a savepoint of the shared SQL transaction, answered once that
   * has committed. Its own failure undoes only its own work.
   */
  async transaction<T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    await this.turns.take();
    let committed: Promise<void>;
    let result: T;
    try {
      this.group.open();
      this.statements.run('savepoint t');
      this.transactionOpen = true;
      try {
        result = await fn(this.inTransaction);
        this.statements.run('release t');
        committed = this.group.join();
      } catch (err) {
        if (this.database.inTransaction) {
          this.statements.run('rollback to t');
          this.statements.run('release t');
        } else this.group.lost(err);
        throw err;
      } finally {
        this.transactionOpen = false;
      }
    } finally {
      this.turns.give();
    }
    await committed;
    return result;
  }

  /** A compiled query on the transaction's connection, without Kysely's per-query promise chain. */
  runHeld<R>(query: CompiledQuery<R>): QueryResult<R> {
    return this.held.run(query);
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }

  private destroy() {
    this.group.commit();
    this.database.close();
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

/** The driver of plain queries (and of Kysely's own transactions — the migrator's, the seeds' — which commit on their own). */
class TurnDriver implements Driver {
  constructor(
    private readonly statements: StatementCache,
    private readonly turns: Turns,
    private readonly group: GroupCommit,
    private readonly destroyEngine: () => void,
  ) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.take();
    return new PlainConnection(this.statements, this.group, this.turns);
  }
  async beginTransaction(connection: DatabaseConnection) {
    // The connection is held and no savepoint runs: what is shared commits first.
    this.group.commit();
    this.statements.run('begin immediate');
    (connection as PlainConnection).ownTransaction = true;
  }
  async commitTransaction(connection: DatabaseConnection) {
    (connection as PlainConnection).ownTransaction = false;
    this.statements.run('commit');
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    (connection as PlainConnection).ownTransaction = false;
    this.statements.run('rollback');
  }
  async releaseConnection(connection: DatabaseConnection) {
    (connection as PlainConnection).release();
  }
  async destroy() {
    this.destroyEngine();
  }
}

/**
 * One turn of a plain query on the connection. Inside an open shared transaction the query joins
 * it: its turn ends at once (the commit needs the connection free) and it is answered after the
 * commit.
 */
class PlainConnection implements DatabaseConnection {
  /** Inside a transaction of Kysely's own (begun by TurnDriver): its queries run as they come. */
  ownTransaction = false;
  private released = false;
  constructor(
    private readonly statements: StatementCache,
    private readonly group: GroupCommit,
    private readonly turns: Turns,
  ) {}
  release() {
    if (this.released) return;
    this.released = true;
    this.turns.give();
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const joins = !this.ownTransaction && this.group.isOpen;
    let result: QueryResult<R>;
    try {
      result = execute<R>(this.statements, query);
    } catch (err) {
      // An error that ended the whole shared transaction took its members' work with it.
      if (joins && !this.group.isOpen) this.group.lost(err);
      return Promise.reject(err);
    }
    if (!joins) return Promise.resolve(result);
    const committed = this.group.join();
    this.release();
    return committed.then(() => result);
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.statements.get(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** The transaction handle's connection: the one its transaction holds, refused once it has ended. */
class HeldConnection implements DatabaseConnection {
  constructor(
    private readonly statements: StatementCache,
    private readonly open: () => boolean,
  ) {}
  run<R>(query: CompiledQuery): QueryResult<R> {
    this.assertOpen();
    return execute<R>(this.statements, query);
  }
  private assertOpen() {
    if (!this.open()) throw new Error('a transaction handle was used after its transaction ended');
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.run<R>(query));
    } catch (err) {
      return Promise.reject(err);
    }
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    this.assertOpen();
    for (const row of this.statements.get(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** The driver of the transaction handle. */
class HeldDriver implements Driver {
  constructor(private readonly connection: HeldConnection) {}
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('transactions do not nest: use the handle you were given');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

/**
 * The database holds password hashes, phone numbers and the generated secrets: a new file (and a
 * folder made for it) is its owner's only. SQLite gives the WAL and shared-memory files the
 * database file's permissions. An existing file keeps the ones its operator chose.
 */
function createPrivately(file: string): void {
  const dir = path.dirname(path.resolve(file));
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
}
