import type { AdminOrder, AdminProduct, Cart, Order, OrderCard, PayStart, Product, ProductCard, ProductInput } from '../../shared/api/mall';
import { ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { AUTO_COMPLETE_MS, type OrderState } from '../../shared/mall-rules';
import type { AuditHook } from '../console/audit';
import { AppError } from '../http/app-error';
import { readCart, setCartLine } from './cart';
import { allProducts, getProduct, listProducts, restock, saveProduct } from './catalogue';
import { inLanguage, moveAndRead, type OrderRow, orderByNo, orderPage, orderView, ownOrder } from './orders';
import { closeAndCancel, expireOrders, type PaymentDeps, refundOrder, startPay, syncOrder } from './payment';
import { placeOrder } from './place';

/**
 * The WeChat mall as pages and API handlers reach it. Every member call is scoped to
 * the member: another member's order is "not found" (3804), never shown or changed.
 */
export interface MallService {
  products(locale: Locale, page: { before?: number; limit: number }): Promise<{ items: ProductCard[]; more: boolean }>;
  /** 1001 for an unknown product; an off-sale one is shown with `onSale: false`. */
  product(locale: Locale, id: number): Promise<Product>;
  cart(userId: number, locale: Locale): Promise<Cart>;
  setCart(userId: number, locale: Locale, productId: number, quantity: number): Promise<Cart>;
  createOrder(
    userId: number,
    locale: Locale,
    requestId: string,
    input: { addressId: number; lines?: Array<{ productId: number; quantity: number }>; remark: string },
  ): Promise<Order>;
  orders(userId: number, page: { before?: number; limit: number; state?: OrderState }): Promise<{ items: OrderCard[]; more: boolean }>;
  order(userId: number, orderNo: string): Promise<Order>;
  cancel(userId: number, orderNo: string): Promise<Order>;
  confirm(userId: number, orderNo: string): Promise<Order>;
  pay(userId: number, orderNo: string): Promise<PayStart>;
  sync(userId: number, orderNo: string): Promise<Order>;
  /** Orders (cards or whole) with their products named in the reader's language. */
  inLanguage<T extends OrderCard>(locale: Locale, orders: T[]): Promise<T[]>;
}

/** The staff's side (admin API and `npm run mall:admin`). */
export interface MallAdmin {
  saveProduct(input: ProductInput, audit?: AuditHook): Promise<AdminProduct>;
  restock(id: number, add: number, audit?: AuditHook): Promise<AdminProduct>;
  products(): Promise<{ items: AdminProduct[] }>;
  orders(page: { before?: number; limit: number; state?: OrderState }): Promise<{ items: AdminOrder[]; more: boolean }>;
  /** One order by its number (3804 when there is none). */
  order(orderNo: string): Promise<AdminOrder>;
  ship(orderNo: string, shipping: { carrier: string; trackingNo: string }, staffId: number | null, audit?: AuditHook): Promise<AdminOrder>;
  refund(orderNo: string, reason: string, staffId: number | null, audit?: AuditHook): Promise<AdminOrder>;
  /** The job: unpaid orders past their time cancelled, shipped ones past AUTO_COMPLETE_MS done. */
  expireOrders(): Promise<{ cancelled: number; done: number }>;
}

export type Mall = MallService & { admin: MallAdmin };

export function createMallService(deps: PaymentDeps, now: () => number = Date.now): Mall {
  const { db } = deps;
  const q = db.kysely;
  const member = (userId: number) => ({ now: now(), actorId: userId });
  const view = async (row: OrderRow) => orderView(q, row);
  const adminView = async (row: OrderRow): Promise<AdminOrder> => {
    const buyer = await q.selectFrom('users').select(['id', 'nickname']).where('id', '=', row.user_id).executeTakeFirst();
    return {
      ...(await orderView(q, row)),
      buyer: { userId: Number(row.user_id), nickname: buyer?.nickname ?? '' },
      transactionId: row.transaction_id,
    };
  };
  const staffOrder = async (orderNo: string) => {
    const row = await orderByNo(q, orderNo);
    if (!row) throw new AppError(ResultCode.orderNotFound);
    return row;
  };
  return {
    products: (locale, page) => listProducts(q, locale, page),
    product: (locale, id) => getProduct(q, locale, id),
    cart: (userId, locale) => readCart(q, userId, locale),
    setCart: (userId, locale, productId, quantity) => setCartLine(db, userId, locale, productId, quantity, now()),
    createOrder: (userId, locale, requestId, input) => placeOrder(db, userId, locale, requestId, input, now()),
    async orders(userId, page) {
      const { cards, more } = await orderPage(q, { userId, ...(page.state ? { state: page.state } : {}) }, page);
      return { items: cards, more };
    },
    order: async (userId, orderNo) => view(await ownOrder(q, userId, orderNo)),
    cancel: async (userId, orderNo) => view(await closeAndCancel(deps, await ownOrder(q, userId, orderNo), 'buyer', member(userId))),
    async confirm(userId, orderNo) {
      const order = await ownOrder(q, userId, orderNo);
      if (order.state !== 'shipped') throw new AppError(ResultCode.orderStateChanged);
      return view(await moveAndRead(db, order, 'done', member(userId)));
    },
    pay: (userId, orderNo) => startPay(deps, userId, orderNo, now()),
    sync: (userId, orderNo) => syncOrder(deps, userId, orderNo, now()),
    inLanguage: (locale, orders) => inLanguage(q, locale, orders),
    admin: {
      saveProduct: (input, audit) => db.transaction((trx) => saveProduct(trx, input, now(), audit)),
      restock: (id, add, audit) => db.transaction((trx) => restock(trx, id, add, now(), audit)),
      products: () => allProducts(q),
      async orders(page) {
        const { rows, more } = await orderPage(q, page.state ? { state: page.state } : {}, page);
        return { items: await Promise.all(rows.map(adminView)), more };
      },
      order: async (orderNo) => adminView(await staffOrder(orderNo)),
      async ship(orderNo, shipping, staffId, audit) {
        const order = await staffOrder(orderNo);
        if (order.state !== 'paid') throw new AppError(ResultCode.orderStateChanged);
        const after = await moveAndRead(
          db,
          order,
          'shipped',
          { now: now(), actorId: staffId },
          { carrier: shipping.carrier, tracking_no: shipping.trackingNo },
          audit,
        );
        if (after.state !== 'shipped') throw new AppError(ResultCode.orderStateChanged);
        return adminView(after);
      },
      refund: async (orderNo, reason, staffId, audit) =>
        adminView(await refundOrder(deps, orderNo, reason, { now: now(), actorId: staffId }, audit)),
      expireOrders: () => expireOrders(deps, now(), AUTO_COMPLETE_MS),
    },
  };
}
