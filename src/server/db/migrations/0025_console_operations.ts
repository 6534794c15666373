import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * What the operator console records beyond the campaigns themselves:
 * - a claimed prize's shipment (carrier, tracking number) on its claim, and every ship or undo as
 *   an append-only event numbered per win (a second concurrent mark collides on the number);
 * - gift codes voided by staff (a voided code redeems nothing and gives its stock unit back);
 * - visitors' reports of content, once per visitor and item, and the staff's hide and restore
 *   decisions, append-only like the shipments.
 */
export const migration0025: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema.alterTable('lottery_claims').addColumn('shipped_at', 'bigint').execute();
    await db.schema.alterTable('lottery_claims').addColumn('carrier', 'varchar(60)').execute();
    await db.schema.alterTable('lottery_claims').addColumn('tracking_number', 'varchar(60)').execute();
    await db.schema
      .createTable('lottery_shipment_events')
      .addColumn('id', id.type, id.build)
      .addColumn('win_id', 'bigint', (c) => c.notNull().references('lottery_wins.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      // 'shipped' | 'undone'
      .addColumn('action', 'varchar(10)', (c) => c.notNull())
      .addColumn('carrier', 'varchar(60)', (c) => c.notNull().defaultTo(''))
      .addColumn('tracking_number', 'varchar(60)', (c) => c.notNull().defaultTo(''))
      .addColumn('actor_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('lottery_shipment_events_seq', ['win_id', 'seq'])
      .execute();
    // The winners list and the shipping export page through one campaign's wins by id.
    await db.schema.createIndex('lottery_wins_campaign_id').on('lottery_wins').columns(['campaign_id', 'id']).execute();

    await db.schema.alterTable('gift_codes').addColumn('voided_at', 'bigint').execute();
    await db.schema.alterTable('gift_codes').addColumn('voided_by', 'bigint').execute();
    await db.schema
      .alterTable('gift_codes')
      .addColumn('batch_key', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('gift_codes_campaign_id').on('gift_codes').columns(['campaign_id', 'id']).execute();

    await db.schema
      .createTable('content_reports')
      .addColumn('id', id.type, id.build)
      // 'model' | 'post' | 'comment' | 'user'
      .addColumn('item_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('item_id', 'bigint', (c) => c.notNull())
      .addColumn('reporter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'varchar(20)', (c) => c.notNull())
      .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('content_reports_once', ['item_type', 'item_id', 'reporter_id'])
      .execute();
    await db.schema.createIndex('content_reports_item').on('content_reports').columns(['item_type', 'item_id']).execute();
    await db.schema
      .createTable('content_moderation_events')
      .addColumn('id', id.type, id.build)
      .addColumn('item_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('item_id', 'bigint', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      // 'hidden' | 'restored' | 'dismissed'
      .addColumn('action', 'varchar(10)', (c) => c.notNull())
      .addColumn('actor_id', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('content_moderation_events_seq', ['item_type', 'item_id', 'seq'])
      .execute();
    // Hidden by staff is not deleted by the author: restoring must not bring back what they deleted.
    for (const table of ['models', 'posts', 'comments']) await db.schema.alterTable(table).addColumn('hidden_at', 'bigint').execute();
  },
};
