import { type Kysely, type Selectable, sql } from 'kysely';
import type { TLocalized } from '../../shared/api/lottery-admin';
import type { AdminProduct, Product, ProductCard, ProductInput } from '../../shared/api/mall';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import type { AuditHook } from '../console/audit';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * The mall's catalogue: products managed by staff (admin API and `npm run mall:admin`), shown to
 * everyone in their language. Stock only moves by guarded relative updates (a sale, a
 * cancellation, a restock), never by writing a number read earlier, so concurrent sales and
 * restocks all count.
 */

type Db = Kysely<Database>;
export type ProductRow = Selectable<Database['mall_products']>;

const texts = (json: string) => JSON.parse(json) as TLocalized;
const images = (json: string) => JSON.parse(json) as string[];

export const productCard = (r: ProductRow, locale: Locale): ProductCard => ({
  id: Number(r.id),
  name: texts(r.name)[locale],
  imageUrl: images(r.image_urls)[0] ?? '',
  priceFen: r.price_fen,
  stock: r.stock,
});

const productView = (r: ProductRow, locale: Locale): Product => ({
  ...productCard(r, locale),
  description: texts(r.description)[locale],
  imageUrls: images(r.image_urls),
  maxPerOrder: r.max_per_order,
  onSale: r.on_sale === 1,
});

const adminView = (r: ProductRow): AdminProduct => ({
  id: Number(r.id),
  name: texts(r.name),
  description: texts(r.description),
  imageUrl: images(r.image_urls)[0] ?? '',
  imageUrls: images(r.image_urls),
  priceFen: r.price_fen,
  stock: r.stock,
  sold: r.sold,
  maxPerOrder: r.max_per_order,
  onSale: r.on_sale === 1,
  position: r.position,
});

/** On sale, by position then newest; `before` pages by id within that order's last position. */
export async function listProducts(db: Db, locale: Locale, page: { before?: number; limit: number }) {
  let q = db.selectFrom('mall_products').selectAll().where('on_sale', '=', 1);
  if (page.before !== undefined) {
    const after = await db.selectFrom('mall_products').select(['position', 'id']).where('id', '=', page.before).executeTakeFirst();
    if (after)
      q = q.where((eb) =>
        eb.or([eb('position', '>', after.position), eb.and([eb('position', '=', after.position), eb('id', '<', after.id)])]),
      );
  }
  const rows = await q
    .orderBy('position')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { items: rows.slice(0, page.limit).map((r) => productCard(r, locale)), more: rows.length > page.limit };
}

export async function productRow(db: Db, id: number): Promise<ProductRow> {
  const row = await db.selectFrom('mall_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound);
  return row;
}

export const getProduct = async (db: Db, locale: Locale, id: number) => productView(await productRow(db, id), locale);

export async function allProducts(db: Db): Promise<{ items: AdminProduct[] }> {
  const rows = await db.selectFrom('mall_products').selectAll().orderBy('position').orderBy('id', 'desc').execute();
  return { items: rows.map(adminView) };
}

/** Creates (no id) or edits a product. Editing never writes the stock: that is `restock`'s. */
export async function saveProduct(db: Db, input: ProductInput, now: number, audit?: AuditHook): Promise<AdminProduct> {
  const fields = {
    name: JSON.stringify(input.name),
    description: JSON.stringify(input.description),
    image_urls: JSON.stringify(input.imageUrls),
    price_fen: input.priceFen,
    max_per_order: input.maxPerOrder,
    on_sale: input.onSale ? 1 : 0,
    position: input.position,
    updated_at: now,
  };
  if (input.id === undefined) {
    const row = await db
      .insertInto('mall_products')
      .values({ ...fields, stock: input.stock ?? 0, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit?.(db, { itemId: row.id, after: adminView(row) });
    return adminView(row);
  }
  if (input.stock !== undefined) throw new AppError(ResultCode.parameter, { messageKey: 'parameterNamed', params: { field: 'stock' } });
  const before = await db.selectFrom('mall_products').selectAll().where('id', '=', input.id).executeTakeFirst();
  const row = await db.updateTable('mall_products').set(fields).where('id', '=', input.id).returningAll().executeTakeFirst();
  if (!row || !before) throw new AppError(ResultCode.notFound);
  await audit?.(db, { itemId: row.id, before: adminView(before), after: adminView(row) });
  return adminView(row);
}

/** Adds units (or withdraws them, never below zero: 3802). */
export async function restock(db: Db, id: number, add: number, now: number, audit?: AuditHook): Promise<AdminProduct> {
  const row = await db
    .updateTable('mall_products')
    .set({ stock: sql<number>`stock + ${add}`, updated_at: now })
    .where('id', '=', id)
    .where(sql<boolean>`stock + ${add} >= 0`)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    await audit?.(db, { itemId: id, before: { stock: row.stock - add }, after: { stock: row.stock, add } });
    return adminView(row);
  }
  const exists = await productRow(db, id);
  throw new AppError(ResultCode.outOfStock, { params: { name: texts(exists.name).en } });
}
