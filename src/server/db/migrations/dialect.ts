import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter } from 'kysely';

/** The one place migrations differ by engine: auto-numbered primary keys. */
export function isSqlite(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export function autoId(db: Kysely<unknown>) {
  return {
    type: isSqlite(db) ? ('integer' as const) : ('bigserial' as const),
    build: (c: ColumnDefinitionBuilder) => (isSqlite(db) ? c.primaryKey().autoIncrement() : c.primaryKey()),
  };
}
