import type { Kysely, Migration } from 'kysely';

/**
 * A staff member's coin adjustment (console/people.ts) carries the reason they gave, on the ledger
 * row itself: the member's history and the console read it where the movement is. Other
 * movements (prizes, exchanges, missions) have none.
 */
export const migration0028: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('coin_ledger').addColumn('note', 'varchar(200)').execute();
  },
};
