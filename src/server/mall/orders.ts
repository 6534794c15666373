import crypto from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { ShippingAddressFields } from '../../shared/api/addresses';
import type { Order, OrderCard, OrderLine } from '../../shared/api/mall';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { NEXT_STATES, type OrderState } from '../../shared/mall-rules';
import type { AuditHook } from '../console/audit';
import type { Db, Tx } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * Orders: their numbers, how they read, and the one way a state changes ({@link moveOrder}): a
 * guarded update from the state read to an allowed next one plus a history row whose key (order,
 * state) refuses the same state twice. Two instances racing to mark an order paid, or a buyer
 * cancelling while WeChat Pay confirms, end with exactly one of them applied.
 */

export type OrderRow = Selectable<Database['mall_orders']>;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `M` + the day in China + 12 random characters: also WeChat Pay's `out_trade_no` (6–32 of [A-Za-z0-9_-]). */
export function newOrderNo(now: number): string {
  const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const bytes = crypto.randomBytes(12);
  return `M${day}${Array.from(bytes, (b) => ALPHABET[b % 36]).join('')}`;
}

async function linesOf(db: Tx, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db.selectFrom('mall_order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('product_id').execute();
  for (const r of rows) {
    const list = byOrder.get(Number(r.order_id)) ?? [];
    list.push({ productId: Number(r.product_id), name: r.name, imageUrl: r.image_url, priceFen: r.price_fen, quantity: r.quantity });
    byOrder.set(Number(r.order_id), list);
  }
  return byOrder;
}

/**
 * Orders with their lines named in the reader's language: a line keeps the name it was ordered
 * under (in the buyer's language then), which a page in another language must not show; the
 * product's name in the reader's language replaces it while the product exists.
 */
export async function inLanguage<T extends OrderCard>(db: Tx, locale: Locale, orders: T[]): Promise<T[]> {
  const ids = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)))];
  if (!ids.length) return orders;
  const rows = await db.selectFrom('mall_products').select(['id', 'name']).where('id', 'in', ids).execute();
  const names = new Map(rows.map((r) => [Number(r.id), (JSON.parse(r.name) as Partial<Record<Locale, string>>)[locale]]));
  return orders.map((o) => ({ ...o, lines: o.lines.map((l) => ({ ...l, name: names.get(l.productId) || l.name })) }));
}

const card = (r: OrderRow, lines: OrderLine[]): OrderCard => ({
  id: Number(r.id),
  orderNo: r.order_no,
  state: r.state,
  totalFen: r.total_fen,
  itemCount: r.item_count,
  lines,
  createdAt: Number(r.created_at),
});

export async function orderView(db: Tx, r: OrderRow): Promise<Order> {
  const [lines, history] = await Promise.all([
    linesOf(db, [Number(r.id)]),
    db.selectFrom('mall_order_events').select(['state', 'at']).where('order_id', '=', r.id).orderBy('at').execute(),
  ]);
  return {
    ...card(r, lines.get(Number(r.id)) ?? []),
    address: JSON.parse(r.address) as ShippingAddressFields,
    remark: r.remark,
    payBy: Number(r.pay_by),
    history: history.map((h) => ({ state: h.state, at: Number(h.at) })),
    cancelReason: r.cancel_reason,
    shipping: r.carrier && r.tracking_no ? { carrier: r.carrier, trackingNo: r.tracking_no } : null,
  };
}

/** Newest first, one page (`before` = an order's row id, as the cursor travels). */
export async function orderPage(
  db: Tx,
  where: { userId?: number; state?: OrderState },
  page: { before?: number; limit: number },
): Promise<{ rows: OrderRow[]; cards: OrderCard[]; more: boolean }> {
  let q = db.selectFrom('mall_orders').selectAll();
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  if (where.state) q = q.where('state', '=', where.state);
  if (page.before !== undefined) q = q.where('id', '<', page.before);
  const found = await q
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const rows = found.slice(0, page.limit);
  const lines = await linesOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return { rows, cards: rows.map((r) => card(r, lines.get(Number(r.id)) ?? [])), more: found.length > page.limit };
}

/** One of the member's orders; anyone else's is "not found", exactly like an unknown number. */
export async function ownOrder(db: Tx, userId: number, orderNo: string): Promise<OrderRow> {
  const row = await db
    .selectFrom('mall_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError(ResultCode.orderNotFound);
  return row;
}

export async function orderByNo(db: Tx, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('mall_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/**
 * Moves an order from the state it was read in to `to`, with `changes` to its columns, and writes
 * the history row. False when another call moved it first (nothing written). Throws 3805 when
 * `to` is not a next state of the state read.
 */
export async function moveOrder(
  trx: Tx,
  order: OrderRow,
  to: OrderState,
  at: { now: number; actorId: number | null },
  changes: Partial<Pick<OrderRow, 'transaction_id' | 'payer_openid' | 'cancel_reason' | 'carrier' | 'tracking_no' | 'refund_no'>> = {},
): Promise<boolean> {
  if (!NEXT_STATES[order.state].includes(to)) throw new AppError(ResultCode.orderStateChanged);
  const moved = await trx
    .updateTable('mall_orders')
    .set({ ...changes, state: to, updated_at: at.now })
    .where('id', '=', order.id)
    .where('state', '=', order.state)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  await trx.insertInto('mall_order_events').values({ order_id: order.id, state: to, at: at.now, actor_id: at.actorId }).execute();
  // Stock comes back when the goods never left: a cancelled order, or a refund before shipping.
  if (to === 'cancelled' || (to === 'refunded' && order.state === 'paid')) await returnStock(trx, Number(order.id));
  return true;
}

async function returnStock(trx: Tx, orderId: number): Promise<void> {
  const lines = await trx.selectFrom('mall_order_lines').select(['product_id', 'quantity']).where('order_id', '=', orderId).execute();
  for (const l of lines)
    await trx
      .updateTable('mall_products')
      .set({ stock: sql<number>`stock + ${l.quantity}`, sold: sql<number>`sold - ${l.quantity}` })
      .where('id', '=', l.product_id)
      .execute();
}

/** Reads the order again and moves it; the order as it stands afterwards (moved or not). */
export async function moveAndRead(
  db: Db,
  order: OrderRow,
  to: OrderState,
  at: { now: number; actorId: number | null },
  changes = {},
  audit?: AuditHook,
) {
  // Guarded by the state read: run again, the move finds the order moved and writes nothing (no audit row either).
  await db.transaction(
    async (trx) => {
      if (await moveOrder(trx, order, to, at, changes))
        await audit?.(trx, { itemId: order.order_no, before: { state: order.state }, after: { state: to, ...changes } });
    },
    { idempotent: true },
  );
  return (await orderByNo(db.kysely, order.order_no)) as OrderRow;
}
