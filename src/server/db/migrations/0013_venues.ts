import type { Kysely, Migration } from 'kysely';
import { autoId } from './dialect';

/**
 * Venues: trade-show and partner venues (`/cd16`, `/tct`, `/sz12`, `/hx08`), one row
 * per slug configuring the pages served under it. Texts per language, the printers shown and the
 * content models shown as printed samples are JSON (the page reads them whole, nobody queries
 * inside them). A venue runs its raffle on the lottery engine (`campaign_id`); staff of the venue
 * (role `staff`, scope `venue:<slug>`) write off that campaign's prizes, which the lottery finds
 * through the campaign index.
 */
export const migration0013: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);
    await db.schema
      .createTable('venues')
      .addColumn('id', id.type, id.build)
      .addColumn('slug', 'varchar(16)', (c) => c.notNull().unique())
      // The `<x>` of `/wechat-<x>/dev|pro` (hx08's is `resin`).
      .addColumn('wechat_path', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .addColumn('time_zone', 'varchar(60)', (c) => c.notNull())
      .addColumn('printers', 'text', (c) => c.notNull())
      .addColumn('samples', 'text', (c) => c.notNull())
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id'))
      // WeChat client ids (of WECHAT_CLIENTS) per environment: `{ dev?, pro? }`.
      .addColumn('wechat', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('venues_campaign').on('venues').column('campaign_id').execute();
  },
};
