/**
 * The Kysely database interface: every table of every domain. Times are epoch milliseconds in
 * integer columns on both engines (pg's int8 is parsed to number), so queries and results are the
 * same on SQLite and PostgreSQL.
 */
export interface SeedRunTable {
  name: string;
  applied_at: number;
}

export interface Database {
  seed_runs: SeedRunTable;
}
