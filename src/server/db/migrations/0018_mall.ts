import { type Kysely, type Migration, sql } from 'kysely';
import { autoId } from './dialect';

/**
 * The WeChat mall (`/wechat-pay/mall`): products, carts, orders with their lines and an
 * append-only history (one row per state reached: the primary key refuses a second "paid"), the
 * payers' openids for the pay app, and the WeChat Pay notifications already applied (their id is
 * the key, so a notification WeChat sends twice is applied once). Stock has a CHECK behind the
 * guarded updates: it can never go below zero, whatever the engine or the number of instances.
 */
export const migration0018: Migration = {
  async up(db: Kysely<unknown>) {
    let id = autoId(db);
    await db.schema
      .createTable('mall_products')
      .addColumn('id', id.type, id.build)
      // Per language, JSON `{ en, 'zh-CN', 'zh-TW', fr }`; image URLs a JSON array.
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('image_urls', 'text', (c) => c.notNull())
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('stock', 'integer', (c) => c.notNull())
      .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_per_order', 'integer', (c) => c.notNull())
      .addColumn('on_sale', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('mall_products_stock', sql`stock >= 0`)
      .execute();
    await db.schema
      .createTable('mall_cart_items')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('mall_products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mall_cart_items_pk', ['user_id', 'product_id'])
      .execute();
    id = autoId(db);
    await db.schema
      .createTable('mall_orders')
      .addColumn('id', id.type, id.build)
      .addColumn('order_no', 'varchar(24)', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
      // The creating call's request id: a retried call finds its order instead of making another.
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('total_fen', 'integer', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('remark', 'varchar(400)', (c) => c.notNull())
      .addColumn('pay_by', 'bigint', (c) => c.notNull())
      .addColumn('prepay_id', 'varchar(64)')
      .addColumn('payer_openid', 'varchar(128)')
      .addColumn('transaction_id', 'varchar(64)', (c) => c.unique())
      .addColumn('cancel_reason', 'varchar(12)')
      .addColumn('carrier', 'varchar(80)')
      .addColumn('tracking_no', 'varchar(40)')
      .addColumn('refund_no', 'varchar(32)', (c) => c.unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mall_orders_request').on('mall_orders').columns(['user_id', 'request_id']).unique().execute();
    await db.schema.createIndex('mall_orders_user').on('mall_orders').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('mall_orders_state').on('mall_orders').columns(['state', 'pay_by']).execute();
    await db.schema
      .createTable('mall_order_lines')
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('mall_orders.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('mall_products.id'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('price_fen', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('mall_order_lines_pk', ['order_id', 'product_id'])
      .execute();
    await db.schema
      .createTable('mall_order_events')
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('mall_orders.id').onDelete('cascade'))
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      // Who moved it: a member, staff, or null for WeChat Pay and the expiry job.
      .addColumn('actor_id', 'bigint')
      .addPrimaryKeyConstraint('mall_order_events_pk', ['order_id', 'state'])
      .execute();
    await db.schema
      .createTable('mall_payers')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('openid', 'varchar(128)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mall_payers_pk', ['user_id', 'app_id'])
      .execute();
    await db.schema
      .createTable('mall_pay_notices')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
