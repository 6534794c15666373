import type { Cart } from '../../shared/api/mall';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { MAX_CART_LINES } from '../../shared/mall-rules';
import type { Db, Tx } from '../db/database';
import { AppError } from '../http/app-error';
import { type ProductRow, productCard, productRow } from './catalogue';

/**
 * A member's cart: one row per product with its quantity. Nothing is reserved by a cart (stock is
 * taken when an order is placed), so a line may become unavailable; it stays, marked, until the
 * member changes it.
 */

export const lineAvailable = (p: ProductRow, quantity: number) => p.on_sale === 1 && p.stock >= quantity && quantity <= p.max_per_order;

export async function readCart(db: Tx, userId: number, locale: Locale): Promise<Cart> {
  const rows = await db
    .selectFrom('mall_cart_items as c')
    .innerJoin('mall_products as p', 'p.id', 'c.product_id')
    .selectAll('p')
    .select(['c.quantity', 'c.updated_at as added_at'])
    .where('c.user_id', '=', userId)
    .orderBy('c.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  const lines = rows.map(({ quantity, added_at: _, ...p }) => ({
    product: productCard(p, locale),
    quantity,
    available: lineAvailable(p, quantity),
  }));
  return {
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    totalFen: lines.filter((l) => l.available).reduce((n, l) => n + l.quantity * l.product.priceFen, 0),
  };
}

/**
 * Sets one product's quantity (0 removes it). Adding is refused for a product not on sale (3801),
 * above the per-order limit (3811) or when the cart is full (3803); stock is checked at ordering.
 */
export async function setCartLine(db: Db, userId: number, locale: Locale, productId: number, quantity: number, now: number): Promise<Cart> {
  const q = db.kysely;
  if (quantity === 0) {
    await q.deleteFrom('mall_cart_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    return readCart(q, userId, locale);
  }
  const p = await productRow(q, productId);
  if (p.on_sale !== 1) throw new AppError(ResultCode.productUnavailable);
  if (quantity > p.max_per_order)
    throw new AppError(ResultCode.quantityOverLimit, { params: { max: p.max_per_order, name: productCard(p, locale).name } });
  await db.transaction(
    async (trx) => {
      const updated = await trx
        .updateTable('mall_cart_items')
        .set({ quantity, updated_at: now })
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      const { n } = await trx
        .selectFrom('mall_cart_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_CART_LINES) throw new AppError(ResultCode.cartFull, { params: { max: MAX_CART_LINES } });
      // A second tab adding the same product at the same moment: the key keeps one line.
      await trx
        .insertInto('mall_cart_items')
        .values({ user_id: userId, product_id: productId, quantity, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ quantity, updated_at: now }))
        .execute();
    },
    // Keyed by (member, product): run again, the line is set to the same quantity.
    { idempotent: true },
  );
  return readCart(q, userId, locale);
}
