import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Collection campaigns: cards earned by check-ins, draws and invited friends, and the
 * one exchange of a complete set for the campaign's prize. Each rule that retries or concurrent
 * requests could break is a unique key: one card per user and event (`source_key`, e.g.
 * `draw:<id>`), one exchange per user and campaign. A card spent in the exchange points at it.
 * The exchange row is written first (its key is what makes a second exchange wait and then give
 * up) and gets its win in the same transaction, so a committed exchange always has one.
 */
export const migration0011: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('collection_exchanges')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('win_id', 'bigint', (c) => c.references('lottery_wins.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('collection_exchanges_once', ['campaign_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('collection_cards')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('card_key', 'varchar(32)', (c) => c.notNull())
      .addColumn('source_key', 'varchar(80)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('exchange_id', 'bigint', (c) => c.references('collection_exchanges.id'))
      // Also the index of a member's cards in a campaign (its leading columns).
      .addUniqueConstraint('collection_cards_once', ['campaign_id', 'user_id', 'source_key'])
      .execute();
  },
};
