import type { Compilable, CompiledQuery, DatabaseConnection, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './schema';

type Runner = Kysely<Database> | Transaction<Database>;

/** Stands for a value in a query shape; replaced by the caller's value on every run. */
class Slot {
  constructor(readonly name: string) {}
}

interface Shape {
  compiled: ReturnType<Compilable<unknown>['compile']>;
  /** The compiled parameters: a Slot where a run's value goes, the constant itself otherwise. */
  params: readonly unknown[];
}

/**
 * A query built with Kysely once per database and then only run. Building and compiling a
 * query costs more than SQLite takes to run it (a third of a raffle draw's time), and hot paths
 * run the same shape with other values. `build` receives `p`, whose fields stand for the values
 * (use them only as values: `where(col, '=', p.id)`, `values({ col: p.x })`); each run puts the
 * given `values` in their place. The SQL is the engine's own (compiled by that database's
 * Kysely), so SQLite and PostgreSQL keep one code path.
 */
export function prepared<P extends Record<string, unknown>, R>(build: (db: Runner, p: P) => Compilable<R>) {
  // Keyed by the database's adapter: the one object its handle and all its transactions share.
  const shapes = new WeakMap<object, Shape>();
  const shapeFor = (db: Runner): Shape => {
    const key = db.getExecutor().adapter;
    let shape = shapes.get(key);
    if (!shape) {
      const p = new Proxy({}, { get: (_, name) => new Slot(String(name)) }) as P;
      const compiled = build(db, p).compile();
      shape = { compiled, params: compiled.parameters };
      shapes.set(key, shape);
    }
    return shape;
  };
  return (db: Runner, values: P): Promise<QueryResult<R>> => {
    const { compiled, params } = shapeFor(db);
    const parameters = params.map((v) => {
      if (!(v instanceof Slot)) return v;
      if (!(v.name in values)) throw new Error(`prepared query: no value for ${v.name}`);
      return values[v.name];
    });
    const query: CompiledQuery<R> = { ...compiled, parameters } as CompiledQuery<R>;
    // Inside a transaction on the embedded engine, straight to its connection: Kysely's way there
    // (a promise chain per query to keep one query at a time on the connection) cost more than
    // SQLite took to run the query, and a transaction already has the connection to itself.
    if (db.isTransaction) {
      const connection = transactionConnections.get(db.getExecutor().adapter)?.();
      if (connection) return connection.executeQuery<R>(query);
    }
    return db.executeQuery<R>(query);
  };
}

/** Per database (keyed by its adapter): the connection of its transaction running now, if it can tell. */
const transactionConnections = new WeakMap<object, () => DatabaseConnection | null>();

export function registerTransactionConnection(db: Kysely<Database>, current: () => DatabaseConnection | null) {
  transactionConnections.set(db.getExecutor().adapter, current);
}

/** The first row of a prepared query's result, or undefined. */
export const first = <R>(r: QueryResult<R>): R | undefined => r.rows[0];
