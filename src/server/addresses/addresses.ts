import type { Selectable } from 'kysely';
import {
  MAX_SHIPPING_ADDRESSES,
  type ShippingAddress,
  type ShippingAddressFields,
  type ShippingAddressInput,
} from '../../shared/api/addresses';
import { ResultCode } from '../../shared/errors';
import type { Db, Tx } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * The shipping address book. Rules that must hold under any concurrency: at most
 * MAX_SHIPPING_ADDRESSES per user, and exactly one default whenever the book is not empty. Every
 * change runs in {@link withBook}, which serialises one user's changes, so counting and then
 * writing inside it is safe.
 */

type Row = Selectable<Database['shipping_addresses']>;

const columns = (f: ShippingAddressFields) => ({
  full_name: f.fullName,
  phone: f.phone,
  country: f.country,
  province: f.province,
  city: f.city,
  street: f.street,
  detail: f.detail,
  post_code: f.postCode,
  email: f.email,
  tax_id: f.taxId,
  remark: f.remark,
});

const view = (r: Row): ShippingAddress => ({
  id: String(r.id),
  fullName: r.full_name,
  phone: r.phone,
  country: r.country,
  province: r.province,
  city: r.city,
  street: r.street,
  detail: r.detail,
  postCode: r.post_code,
  email: r.email,
  taxId: r.tax_id,
  remark: r.remark,
  isDefault: r.is_default === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const book = (db: Tx, userId: number) => db.selectFrom('shipping_addresses').where('user_id', '=', userId);

/**
 * Runs `fn` in a transaction that holds the user's address book: a lock on the user's row (NO KEY
 * UPDATE, so foreign-key checks of other tables on that user are not blocked), taken before
 * anything is read, so concurrent adds count one after another even across instances.
 */
function withBook<T>(db: Db, userId: number, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await db.forNoKeyUpdate(trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
    return fn(trx);
  });
}

/** One of the user's addresses; anyone else's id is "not found", exactly like an unknown one. */
async function owned(trx: Tx, userId: number, id: number): Promise<Row> {
  const row = await book(trx, userId).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound);
  return row;
}

/** Makes `id` the only default; without `id`, the newest address (if any is left). */
async function makeDefault(trx: Tx, userId: number, id?: number): Promise<void> {
  const target =
    id ?? (await book(trx, userId).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst())?.id;
  if (target === undefined) return;
  await trx
    .updateTable('shipping_addresses')
    .set((eb) => ({ is_default: eb.case().when('id', '=', target).then(1).else(0).end() }))
    .where('user_id', '=', userId)
    .execute();
}

/** One of the user's addresses as the fields a parcel needs (the mall's order copies them); 1001 for anyone else's. */
export async function ownedAddress(db: Tx, userId: number, id: number): Promise<ShippingAddressFields> {
  const { id: _id, isDefault: _d, createdAt: _c, updatedAt: _u, ...fields } = view(await owned(db, userId, id));
  return fields;
}

/** The default first, then newest first. */
export async function listAddresses(db: Tx, userId: number): Promise<{ list: ShippingAddress[]; limit: number }> {
  const rows = await book(db, userId)
    .selectAll()
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { list: rows.map(view), limit: MAX_SHIPPING_ADDRESSES };
}

/** Adds an address; the first one (or one asked to be) becomes the default. */
export function addAddress(db: Db, userId: number, input: ShippingAddressInput): Promise<ShippingAddress> {
  return withBook(db, userId, async (trx) => {
    const rows = await book(trx, userId).selectAll().execute();
    // The same address again (a double tap on Save, a second tab) is the one already in the book.
    const wanted = columns(input);
    const same = rows.find((r) => (Object.keys(wanted) as Array<keyof typeof wanted>).every((k) => (r[k] ?? '') === (wanted[k] ?? '')));
    if (same) {
      if (input.isDefault && same.is_default !== 1) await makeDefault(trx, userId, same.id);
      return view({ ...same, is_default: input.isDefault ? 1 : same.is_default });
    }
    const n = rows.length;
    if (n >= MAX_SHIPPING_ADDRESSES) throw new AppError(ResultCode.addressLimit);
    const isDefault = n === 0 || input.isDefault === true;
    const now = Date.now();
    const row = await trx
      .insertInto('shipping_addresses')
      .values({ user_id: userId, ...columns(input), is_default: isDefault ? 1 : 0, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (isDefault) await makeDefault(trx, userId, row.id);
    return view(row);
  });
}

/** Replaces the fields of one of the user's addresses; `isDefault: true` also makes it the default. */
export function updateAddress(db: Db, userId: number, id: number, input: ShippingAddressInput): Promise<ShippingAddress> {
  return withBook(db, userId, async (trx) => {
    await owned(trx, userId, id);
    if (input.isDefault) await makeDefault(trx, userId, id);
    const row = await trx
      .updateTable('shipping_addresses')
      .set({ ...columns(input), updated_at: Date.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return view(row);
  });
}

/** Deletes one of the user's addresses; when it was the default, the newest remaining one takes over. */
export function deleteAddress(db: Db, userId: number, id: number): Promise<{ deleted: true }> {
  return withBook(db, userId, async (trx) => {
    const row = await owned(trx, userId, id);
    await trx.deleteFrom('shipping_addresses').where('id', '=', id).execute();
    if (row.is_default === 1) await makeDefault(trx, userId);
    return { deleted: true as const };
  });
}

export function setDefaultAddress(db: Db, userId: number, id: number): Promise<ShippingAddress> {
  return withBook(db, userId, async (trx) => {
    const row = await owned(trx, userId, id);
    await makeDefault(trx, userId, id);
    return view({ ...row, is_default: 1 });
  });
}
