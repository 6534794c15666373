import type { Kysely, Migration } from 'kysely';

/** Foundation: which demo seeds have run, so each runs once per database. */
export const migration0001: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('seed_runs')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('applied_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
