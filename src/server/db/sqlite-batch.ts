import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type QueryResult,
  SelectQueryNode,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  Transaction,
} from 'kysely';

/** What the driver needs of better-sqlite3 (a statement cache in front of it, database.ts). */
export interface BatchDatabase {
  prepare(sql: string): SqliteStatement;
  /** Changes when another connection (another process) commits: SQLite's `PRAGMA data_version`. */
  dataVersion(): number;
  close(): void;
  /** better-sqlite3's: an SQL transaction is open on the connection. */
  readonly inTransaction: boolean;
}

/**
 * SQLite with group commit. Each commit writes the WAL and takes the file locks (a third of a
 * raffle draw's time under load). Transactions that queue for the connection share one SQL
 * transaction: each runs as a savepoint inside it (its own rollback undoes only its work), and
 * all of them are answered once that SQL transaction has committed, as before: a caller never
 * hears "committed" before the data is. A request's queries all run within one turn of the event
 * loop (better-sqlite3 is synchronous), so the shared transaction commits at the end of the turn
 * (`setImmediate`), once the requests that arrived in it have had their transactions; or sooner,
 * after `maxBatch` transactions or `maxOpenMs`. It holds the write lock about as long as they would
 * have one after the other. If that commit fails, every transaction in it fails.
 *
 * Between transactions, plain reads run inside the open shared transaction (they see what the
 * committed-to-be transactions wrote, as they would once it commits); a plain write commits it
 * first and runs on its own. The write lock is taken when the shared transaction begins
 * (`BEGIN IMMEDIATE`: a deferred transaction that reads then writes can deadlock with another
 * process doing the same).
 *
 * A transaction gives the connection up when it commits (so the next can join before the shared
 * commit): Kysely's `db.connection()` scopes that go on querying after a transaction inside them
 * are therefore not supported (the project has none; Kysely's migrator does nothing after its
 * transaction on SQLite).
 */
export class BatchingSqliteDialect extends SqliteDialect {
  private readonly writes = new TableWrites();
  private driver: BatchingDriver | null = null;
  constructor(
    private readonly database: BatchDatabase,
    private readonly limits = { maxBatch: 64, maxOpenMs: 2 },
  ) {
    super({ database: database as unknown as SqliteDatabase });
  }
  override createDriver(): Driver {
    this.driver = new BatchingDriver(this.database, this.limits, this.writes);
    return this.driver;
  }
  /**
   * The connection of the transaction running now, if one is: SQLite has one connection, and a
   * transaction holds it from its begin to its commit, so a transaction handle in use is this one's.
   */
  transactionConnection(): DatabaseConnection | null {
    const holder = this.driver?.current;
    return holder?.inSavepoint ? holder : null;
  }
  /**
   * Runs `fn` as one transaction, as `db.transaction().execute(fn)` does, with one transaction
   * handle for them all. Kysely builds a handle per transaction (a Kysely instance, frozen, with its
   * own executor and connection provider): on a raffle draw that cost about as much as SQLite took
   * for the draw's statements. SQLite has one connection and one transaction at a time, so one
   * handle can always speak for "the transaction running now". The handle refuses queries when no
   * transaction runs; like any Kysely transaction it must not be used once `fn` has returned.
   */
  async transaction<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    const driver = this.driver;
    if (!driver) return db.transaction().execute(fn);
    this.handle ??= this.transactionHandle(db, driver);
    const connection = await driver.acquireConnection();
    try {
      await driver.beginTransaction(connection);
      try {
        const result = await fn(this.handle as unknown as Transaction<DB>);
        await driver.commitTransaction(connection);
        return result;
      } catch (err) {
        await driver.rollbackTransaction(connection);
        throw err;
      }
    } finally {
      await driver.releaseConnection(connection);
    }
  }
  private handle: Transaction<unknown> | null = null;
  private transactionHandle<DB>(db: Kysely<DB>, driver: BatchingDriver): Transaction<unknown> {
    const executor = db.getExecutor().withConnectionProvider({
      provideConnection: (consumer) => {
        const holder = driver.current;
        if (!holder?.inSavepoint) return Promise.reject(new Error('transaction handle used outside a transaction'));
        return consumer(holder);
      },
    });
    return new Transaction<unknown>({ config: { dialect: this }, driver, dialect: this, executor });
  }

  /**
   * A number that changes whenever `table` may have changed: written by this connection (or a
   * write of it rolled back), or anything committed by another process. What is read from the
   * table can be kept as long as the number stays the same (db/change-stamp.ts).
   */
  changeStamp(table: string): number {
    return this.writes.stamp(table, this.database.dataVersion());
  }
}

/**
 * When each table last changed, on one clock that ticks once per event: a statement of this
 * connection that writes the table (seen in its SQL text, classified once per text), and for
 * every table at once, a rollback or a commit by another process (`data_version` moved). A
 * table's stamp is the later of its own change and the latest change of everything: it only
 * grows, and it grows whenever the table may have changed.
 */
class TableWrites {
  private tick = 0;
  private readonly changed = new Map<string, number>();
  private everything = 0;
  /** Per statement text, the tables it writes (none for a select). */
  private readonly written = new Map<string, readonly string[]>();
  private dataVersion = -1;

  stamp(table: string, dataVersion: number): number {
    if (dataVersion !== this.dataVersion) {
      this.dataVersion = dataVersion;
      this.everything = ++this.tick;
    }
    return Math.max(this.changed.get(table) ?? 0, this.everything);
  }
  /** A statement is about to run: the tables it writes count as changed. */
  running(sql: string) {
    let tables = this.written.get(sql);
    if (!tables) {
      tables = /^\s*select\b/i.test(sql) ? [] : [...new Set(Array.from(sql.matchAll(WRITTEN_TABLE), (m) => m[1] as string))];
      if (this.written.size > 5_000) this.written.clear();
      this.written.set(sql, tables);
    }
    if (tables.length === 0) return;
    const now = ++this.tick;
    for (const t of tables) this.changed.set(t, now);
  }
  rolledBack() {
    this.everything = ++this.tick;
  }
}

class BatchingDriver implements Driver {
  /** FIFO of those waiting for the connection (one holder at a time: SQLite has one). */
  private readonly queue: Array<() => void> = [];
  private holder: Connection | null = null;
  get current(): Connection | null {
    return this.holder;
  }
  /** Transactions done inside the open shared transaction, awaiting its commit. */
  private pending: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  /** When the open shared transaction began (performance.now()). */
  private openedAt = 0;
  /** The commit at the end of the event loop's turn, once scheduled. */
  private scheduled: NodeJS.Immediate | null = null;

  constructor(
    private readonly db: BatchDatabase,
    private readonly limits: { maxBatch: number; maxOpenMs: number },
    private readonly writes: TableWrites,
  ) {}

  async init() {}

  acquireConnection(): Promise<DatabaseConnection> {
    return new Promise((resolve) => {
      // A fresh connection object per holder: releaseConnection knows whose turn ends.
      const grant = () => {
        this.holder = new Connection(this.db, () => this.commitShared(), this.writes);
        resolve(this.holder);
      };
      if (this.holder) this.queue.push(grant);
      else grant();
    });
  }

  /**
   * Ends a holder's turn: the next in line gets the connection. With nobody in line, the shared
   * transaction commits at the end of the event loop's turn (now when nothing in it awaits that).
   */
  private handOver() {
    this.holder = null;
    const full = this.pending.length >= this.limits.maxBatch || performance.now() - this.openedAt >= this.limits.maxOpenMs;
    if (full || (!this.queue.length && !this.pending.length)) this.commitShared();
    else if (!this.queue.length) this.scheduled ??= setImmediate(() => this.commitAtTurnEnd());
    this.queue.shift()?.();
  }

  private commitAtTurnEnd() {
    this.scheduled = null;
    // A holder inside a transaction of its own (awaiting something else) commits when it is done.
    if (this.holder) return;
    this.commitShared();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Not the holder: its transaction already handed over in commitTransaction.
    if (this.holder === connection) this.handOver();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.db.inTransaction) {
      this.control('begin immediate');
      this.openedAt = performance.now();
    }
    (connection as Connection).inSavepoint = true;
    this.control('savepoint batched');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.control('release batched');
    (connection as Connection).inSavepoint = false;
    const committed = new Promise<void>((resolve, reject) => this.pending.push({ resolve, reject }));
    if (this.holder === connection) this.handOver();
    return committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as Connection;
    // Its work had joined the shared transaction, whose commit failed (and was rolled back).
    if (!own.inSavepoint) return;
    own.inSavepoint = false;
    // Still the holder here. An error that ended the whole SQL transaction (SQLite does so for
    // I/O errors, a full disk…) took the others' work with it: they fail too.
    this.writes.rolledBack();
    if (!this.db.inTransaction) return this.settle(new Error('SQLite rolled the shared transaction back'));
    this.control('rollback to batched');
    this.control('release batched');
  }

  /**
   * A transaction control statement, run as it is: it reads and writes no table, and every draw
   * runs two (Kysely's compiled-query path with its promise cost more than SQLite takes for them).
   */
  private control(sql: 'begin immediate' | 'savepoint batched' | 'release batched' | 'rollback to batched') {
    this.db.prepare(sql).run([]);
  }

  /** Commits the shared transaction, if one is open, and answers the transactions in it. */
  private commitShared() {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (!this.db.inTransaction) return this.settle();
    try {
      this.db.prepare('commit').run([]);
      this.settle();
    } catch (err) {
      if (this.db.inTransaction) this.db.prepare('rollback').run([]);
      this.writes.rolledBack();
      this.settle(err);
    }
  }

  private settle(err?: unknown) {
    const batch = this.pending;
    this.pending = [];
    for (const p of batch) err === undefined ? p.resolve() : p.reject(err);
  }

  async destroy() {
    this.commitShared();
    this.db.close();
  }
}

/** Kysely's SQLite connection (its own is not exported), which commits the shared transaction before a plain write. */
class Connection implements DatabaseConnection {
  /** Inside a transaction of its own (a savepoint of the shared one). */
  inSavepoint = false;

  constructor(
    private readonly db: BatchDatabase,
    private readonly commitShared: () => void,
    private readonly writes: TableWrites,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const stmt = this.db.prepare(sql);
    this.writes.running(sql);
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    if (!this.inSavepoint && this.db.inTransaction && !TRANSACTION_CONTROL.test(sql)) this.commitShared();
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.db.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
  }
}
/** The table a statement writes: insert into, update, delete from, and DDL (quoted or not). */
const WRITTEN_TABLE = /\b(?:into|update|from|table)\s+"?([A-Za-z0-9_]+)"?/gi;
const TRANSACTION_CONTROL = /^(begin|savepoint|release|rollback|commit)\b/i;
