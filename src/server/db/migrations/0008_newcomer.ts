import type { Kysely, Migration } from 'kysely';

/**
 * The newcomer gift pack ("only for first-time users"): a campaign of kind
 * `newcomer` whose prizes a new account claims together, once; the primary key is the rule.
 */
export const migration0008: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('newcomer_claims')
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('newcomer_claims_pk', ['campaign_id', 'user_id'])
      .execute();
  },
};
