import { type Compilable, type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from './dialect';
import type { Database } from './schema';

/** Stands for a value in a prepared query; replaced by the caller's value on every run. */
class Slot {
  constructor(readonly name: string) {}
}

/** A placeholder for the run's value of `name`: an SQL expression, not the value itself. */
export type Param<P> = <K extends keyof P & string>(name: K) => RawBuilder<P[K]>;

/**
 * A query built with Kysely's query builder once per engine and then only run with new values.
 * Building and compiling a query costs more than SQLite takes to run it, and the hot keyed writes
 * (a draw's statements) run the same shape every time. The builder gets `param(name)`, an SQL
 * expression for a value, so the shape cannot depend on a value (there is none at build time).
 * Run it with `db.run(query, on, values)` (db/database.ts).
 */
export interface Prepared<P, R> {
  compiled(dialect: Dialect, kysely: Kysely<Database>): CompiledQuery<R>;
  /** The query with this run's values in place of its placeholders. */
  bind(compiled: CompiledQuery<R>, values: P): CompiledQuery<R>;
}

export function prepared<P extends Record<string, unknown>>() {
  return <R>(build: (q: Kysely<Database>, param: Param<P>) => Compilable<R>): Prepared<P, R> => {
    const shapes = new Map<Dialect, CompiledQuery<R>>();
    return {
      compiled(dialect, kysely) {
        let shape = shapes.get(dialect);
        if (!shape) {
          const param = ((name: string) => sql.val(new Slot(name))) as Param<P>;
          shape = build(kysely, param).compile();
          shapes.set(dialect, shape);
        }
        return shape;
      },
      bind(compiled, values) {
        const parameters = compiled.parameters.map((v) => {
          if (!(v instanceof Slot)) return v;
          if (!(v.name in values)) throw new Error(`prepared query: no value for ${v.name}`);
          return values[v.name];
        });
        return { ...compiled, parameters };
      },
    };
  };
}
