import { type Kysely, type Migration, sql } from 'kysely';
import { autoId } from './dialect';

/**
 * The lucky-draw raffle: campaigns and their prizes, chances (a grant ledger with a
 * guarded balance per user and campaign), draws (one row per spent chance, idempotent by request
 * id), wins with their redeem codes, claims with the shipping address as it was submitted, the
 * shipping address book, and the coin ("bean") ledger with its guarded balance. Ledgers are
 * append-only; balances and stock change only in the transaction that writes the ledger row.
 */
/** A CHECK constraint's expression (balances and stock never below zero, even if code were wrong). */
const sqlCheck = (expr: string) => sql.raw(expr);

export const migration0004: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoId(db);

    await db.schema
      .createTable('lottery_campaigns')
      .addColumn('id', id.type, id.build)
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('raffle'))
      // The lottery channel of the header context.
      .addColumn('channel', 'integer', (c) => c.notNull().defaultTo(1))
      // Per language: { en, 'zh-CN', 'zh-TW', fr } as JSON.
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('rules', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      // Paused while prizes are restocked (spec state "restocking").
      .addColumn('restocking', 'integer', (c) => c.notNull().defaultTo(0))
      // Weight of the no-win segment of the wheel.
      .addColumn('no_win_weight', 'integer', (c) => c.notNull().defaultTo(0))
      // Chance grants and the coin price of a chance, as JSON (CampaignSettings).
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('lottery_prizes')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      // 1 entity, 2 virtual, 3 bean, 4 vip, 5 space
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('image_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('stock', 'integer', (c) => c.notNull().check(sqlCheck('stock >= 0')))
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addColumn('per_user_cap', 'integer')
      // Beans, VIP days or cloud space GB.
      .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lottery_prizes_campaign').on('lottery_prizes').columns(['campaign_id', 'position']).execute();

    await db.schema
      .createTable('lottery_chance_grants')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      // base | premium | invite | share | exchange | admin
      .addColumn('reason', 'varchar(20)', (c) => c.notNull())
      // What makes the grant happen once: e.g. `base:2026-11-22`, `share:2026-11-22`, `exchange:<request id>`.
      .addColumn('business_key', 'varchar(120)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('lottery_chance_grants_once', ['campaign_id', 'user_id', 'business_key'])
      .execute();

    await db.schema
      .createTable('lottery_chance_balances')
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('remaining', 'integer', (c) => c.notNull().check(sqlCheck('remaining >= 0')))
      .addPrimaryKeyConstraint('lottery_chance_balances_pk', ['campaign_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('lottery_draws')
      .addColumn('id', id.type, id.build)
      .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('lottery_campaigns.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // A retried draw (same request id header) answers this row instead of drawing again.
      .addColumn('request_id', 'varchar(36)', (c) => c.notNull().unique())
      // Win state: 1 win, 2 nowin (3 winend and 4 nonum are refusals, not draws).
      .addColumn('result', 'integer', (c) => c.notNull())
      .addColumn('prize_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lottery_draws_user').on('lottery_draws').columns(['campaign_id', 'user_id']).execute();

    await db.schema
      .createTable('lottery_wins')
      .addColumn('id', id.type, id.build)
      .addColumn('draw_id', 'bigint', (c) => c.notNull().unique().references('lottery_draws.id').onDelete('cascade'))
      .addColumn('campaign_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('prize_id', 'bigint', (c) => c.notNull())
      // won (entity prize waiting for its claim) | received (claimed or credited) | written_off
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('redeem_code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint')
      .addColumn('written_off_at', 'bigint')
      .addColumn('written_off_by', 'bigint')
      .execute();
    await db.schema.createIndex('lottery_wins_user').on('lottery_wins').columns(['user_id', 'campaign_id']).execute();
    await db.schema.createIndex('lottery_wins_campaign').on('lottery_wins').columns(['campaign_id', 'created_at']).execute();

    await db.schema
      .createTable('lottery_claims')
      .addColumn('win_id', 'bigint', (c) => c.primaryKey().references('lottery_wins.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      // The shipping address as submitted (ShippingAddress JSON): later edits of the address book do not change it.
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('shipping_addresses')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('full_name', 'varchar(60)', (c) => c.notNull())
      .addColumn('phone', 'varchar(30)', (c) => c.notNull())
      .addColumn('country', 'varchar(60)', (c) => c.notNull())
      .addColumn('province', 'varchar(60)', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'varchar(60)', (c) => c.notNull())
      .addColumn('street', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('detail', 'varchar(200)', (c) => c.notNull())
      .addColumn('post_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('tax_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shipping_addresses_user').on('shipping_addresses').column('user_id').execute();

    await db.schema
      .createTable('coin_ledger')
      .addColumn('id', id.type, id.build)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('delta', 'integer', (c) => c.notNull())
      // prize | exchange | mission | admin
      .addColumn('reason', 'varchar(30)', (c) => c.notNull())
      .addColumn('business_key', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('coin_ledger_user').on('coin_ledger').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('coin_balances')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('balance', 'integer', (c) => c.notNull().check(sqlCheck('balance >= 0')))
      .execute();

    // Cloud space won as a prize (spec prize kind 5), on top of the plan's own.
    await db.schema
      .alterTable('users')
      .addColumn('storage_bonus_gb', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
