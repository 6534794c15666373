import type SQLite from 'better-sqlite3';
import type { CompiledQuery, QueryResult } from 'kysely';

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares each query anew:
 * under load that compiling cost more than running the query. Statements are kept by their SQL
 * (Kysely's SQL is parameterised, so the set is small); queries take turns on the connection, so a
 * statement is never in use twice at once. Past the bound (ad-hoc SQL) the oldest goes.
 */
export class StatementCache {
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

export function execute<R>(statements: StatementCache, query: CompiledQuery): QueryResult<R> {
  const stmt = statements.get(query.sql);
  const parameters = query.parameters as unknown[];
  // A reader returns rows: a select, or a write with RETURNING (which runs in full here).
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/** Turns on the one connection, first come, first served; told when nobody holds or awaits it. */
export class Turns {
  private held = false;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly onFree: () => void) {}
  get free(): boolean {
    return !this.held;
  }
  take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  give() {
    const next = this.waiting.shift();
    if (next) return next();
    this.held = false;
    this.onFree();
  }
}

/**
 * Group commit. A commit costs far more than a draw's statements (the WAL write of every page
 * the transaction dirtied, and the file locks): transactions that meet on the connection share
 * one SQL transaction, each as a savepoint of it, and so do plain statements made while it is
 * open. Every one of them, a plain read or write too, is answered only once that SQL transaction
 * has committed: nobody is told of a write, or shown data, before it is committed. The commit
 * runs when the connection falls free at the end of the event loop's turn (the requests that
 * arrived together have had their turns), or after `maxBatch` members. If it fails, every member
 * fails, as its own commit would have.
 */
export class GroupCommit {
  private members: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  private scheduled: NodeJS.Immediate | null = null;

  constructor(
    private readonly database: SQLite.Database,
    private readonly statements: StatementCache,
    private readonly connectionFree: () => boolean,
    private readonly maxBatch = 64,
  ) {}

  /** The shared SQL transaction, begun if none is open (`begin immediate`: the write lock at once). */
  open() {
    if (!this.database.inTransaction) this.statements.run('begin immediate');
  }

  get isOpen(): boolean {
    return this.database.inTransaction;
  }

  /** Resolves once the open SQL transaction, which holds the caller's work, has committed. */
  join(): Promise<void> {
    return new Promise((resolve, reject) => this.members.push({ resolve, reject }));
  }

  /** The connection fell free: commit now when the batch is full, else at the end of this turn. */
  free() {
    if (!this.database.inTransaction) return;
    if (this.members.length >= this.maxBatch) return this.commit();
    this.scheduled ??= setImmediate(() => {
      this.scheduled = null;
      // Someone took the connection meanwhile: they call `free` again when done.
      if (this.connectionFree()) this.commit();
    });
  }

  /** Commits the shared SQL transaction, if one is open, and answers its members. */
  commit() {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (!this.database.inTransaction) return this.settle();
    try {
      this.statements.run('commit');
      this.settle();
    } catch (err) {
      if (this.database.inTransaction) this.statements.run('rollback');
      this.settle(err);
    }
  }

  /** SQLite ended the shared transaction itself (an I/O error, a full disk): its members' work is gone. */
  lost(err: unknown) {
    this.settle(err);
  }

  private settle(err?: unknown) {
    const members = this.members;
    this.members = [];
    for (const m of members) err === undefined ? m.resolve() : m.reject(err);
  }
}
