import { sql } from 'kysely';
import type { Order } from '../../shared/api/mall';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { formatFen, MAX_ORDER_FEN, PAY_WITHIN_MS } from '../../shared/mall-rules';
import { ownedAddress } from '../addresses/addresses';
import type { Db, Tx } from '../db/database';
import { AppError } from '../http/app-error';
import { productCard } from './catalogue';
import { newOrderNo, type OrderRow, orderView } from './orders';

/**
 * Placing an order, in one transaction: each line's stock taken by a guarded update (`stock >=
 * quantity`, and the CHECK behind it), so however many members and instances buy the last units
 * at once, exactly the stock is sold and the others are told 3802. The address is copied into the
 * order. A retried call (same request id) finds the order it made instead of making another.
 */

interface Wanted {
  productId: number;
  quantity: number;
}

export async function placeOrder(
  db: Db,
  userId: number,
  locale: Locale,
  requestId: string,
  input: { addressId: number; lines?: Wanted[]; remark: string },
  now: number,
): Promise<Order> {
  const q = db.kysely;
  const again = await byRequest(q, userId, requestId);
  if (again) return orderView(q, again);
  const fromCart = input.lines === undefined;
  const wanted = input.lines ?? (await cartLines(q, userId));
  if (!wanted.length) throw new AppError(ResultCode.cartEmpty);
  const address = await ownedAddress(q, userId, input.addressId);
  try {
    const row = await db.transaction(
      async (trx) => {
        // Products in id order: two orders taking the same products lock them in the same order (no deadlock).
        const sorted = [...wanted].sort((a, b) => a.productId - b.productId);
        const taken = [];
        for (const w of sorted) taken.push(await take(trx, locale, w));
        const total = taken.reduce((n, t) => n + t.priceFen * t.quantity, 0);
        if (total > MAX_ORDER_FEN) throw new AppError(ResultCode.orderTooLarge, { params: { max: formatFen(MAX_ORDER_FEN) } });
        const order = await trx
          .insertInto('mall_orders')
          .values({
            order_no: newOrderNo(now),
            user_id: userId,
            request_id: requestId,
            state: 'created',
            total_fen: total,
            item_count: taken.reduce((n, t) => n + t.quantity, 0),
            address: JSON.stringify(address),
            remark: input.remark,
            pay_by: now + PAY_WITHIN_MS,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('mall_order_lines')
          .values(
            taken.map((t) => ({
              order_id: order.id,
              product_id: t.productId,
              name: t.name,
              image_url: t.imageUrl,
              price_fen: t.priceFen,
              quantity: t.quantity,
            })),
          )
          .execute();
        await trx.insertInto('mall_order_events').values({ order_id: order.id, state: 'created', at: now, actor_id: userId }).execute();
        if (fromCart)
          await trx
            .deleteFrom('mall_cart_items')
            .where('user_id', '=', userId)
            .where(
              'product_id',
              'in',
              sorted.map((w) => w.productId),
            )
            .execute();
        return order;
      },
      // Keyed by (member, request id): run again, the order's insert fails and the first order is found below.
      { idempotent: true },
    );
    return orderView(q, row);
  } catch (err) {
    // The same call retried while the first was still running (the request key refused this
    // one): its order, not a second one.
    const first = await byRequest(q, userId, requestId);
    if (first) return orderView(q, first);
    throw err;
  }
}

const byRequest = (db: Tx, userId: number, requestId: string): Promise<OrderRow | undefined> =>
  db.selectFrom('mall_orders').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();

/** The cart's lines that can be ordered now (the others stay in the cart, marked). */
async function cartLines(db: Tx, userId: number): Promise<Wanted[]> {
  const rows = await db
    .selectFrom('mall_cart_items as c')
    .innerJoin('mall_products as p', 'p.id', 'c.product_id')
    .select(['c.product_id', 'c.quantity'])
    .where('c.user_id', '=', userId)
    .where('p.on_sale', '=', 1)
    .whereRef('p.stock', '>=', 'c.quantity')
    .whereRef('p.max_per_order', '>=', 'c.quantity')
    .execute();
  return rows.map((r) => ({ productId: Number(r.product_id), quantity: r.quantity }));
}

/** Takes one line's units off the shelf, or refuses the whole order. */
async function take(trx: Tx, locale: Locale, w: Wanted) {
  const p = await trx
    .updateTable('mall_products')
    .set({ stock: sql<number>`stock - ${w.quantity}`, sold: sql<number>`sold + ${w.quantity}` })
    .where('id', '=', w.productId)
    .where('on_sale', '=', 1)
    .where('max_per_order', '>=', w.quantity)
    .where('stock', '>=', w.quantity)
    .returningAll()
    .executeTakeFirst();
  if (p) return { ...productCard(p, locale), productId: w.productId, quantity: w.quantity };
  const why = await trx.selectFrom('mall_products').selectAll().where('id', '=', w.productId).executeTakeFirst();
  if (why?.on_sale !== 1) throw new AppError(ResultCode.productUnavailable);
  const name = productCard(why, locale).name;
  if (w.quantity > why.max_per_order) throw new AppError(ResultCode.quantityOverLimit, { params: { max: why.max_per_order, name } });
  throw new AppError(ResultCode.outOfStock, { params: { name } });
}
