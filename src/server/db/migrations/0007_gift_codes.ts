import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Gift codes: a campaign of kind `giftcode` has prizes like a raffle, and staff generate
 * batches of single-use codes for one of its prizes. Only a code's SHA-256 is stored (a copy of
 * the database redeems nothing); redeeming one is a guarded update of its row, so a code shared
 * by many people at once goes to exactly one of them. Failed entries are counted per user to slow
 * guessing down.
 */
export const migration0007: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('gift_codes')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('prize_id', 'bigint', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
      // The code's last 4 characters, for support ("which code was it?").
      .addColumn('hint', 'varchar(4)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('redeemed_by', 'bigint')
      .addColumn('redeemed_at', 'bigint')
      .addColumn('win_id', 'bigint')
      .execute();
    await db.schema.createIndex('gift_codes_prize').on('gift_codes').columns(['prize_id']).execute();
    await db.schema
      .createTable('gift_attempts')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('gift_attempts_user').on('gift_attempts').columns(['user_id', 'created_at']).execute();
  },
};
