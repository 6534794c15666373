import { z } from 'zod';
import { CONTROL_BUT_BREAKS } from '../address-rules';
import { MAX_CART_LINES, MAX_QUANTITY, ORDER_MAX, ORDER_STATES, PRODUCT_MAX } from '../mall-rules';
import { ZShippingAddress } from './addresses';
import { API } from './all-routes';
import { int, ZStrictId } from './ids';
import { CONTROL, imageUrl, localized, ZLocalizedText } from './lottery-admin';

/**
 * The WeChat mall (`/wechat-pay/mall`): an admin-managed catalogue, a cart per member,
 * orders to an address of the member's address book, paid with WeChat Pay (JSAPI) inside WeChat.
 * Money is whole fen. Orders are named by their order number (`orderNo`, also WeChat Pay's
 * `out_trade_no`), never by a row id. Rules and states: `shared/mall-rules.ts`.
 */

const ZProductCard = z.object({
  id: z.number(),
  /** In the caller's language. */
  name: z.string(),
  imageUrl: z.string(),
  priceFen: z.number(),
  /** Units left to sell. */
  stock: z.number(),
});
export type ProductCard = z.infer<typeof ZProductCard>;

const ZProduct = ZProductCard.extend({
  description: z.string(),
  imageUrls: z.array(z.string()),
  /** Units one order may hold. */
  maxPerOrder: z.number(),
  onSale: z.boolean(),
});
export type Product = z.infer<typeof ZProduct>;

const ZCartLine = z.object({
  product: ZProductCard,
  quantity: z.number(),
  /** On sale with enough stock for this quantity (else the line is kept but cannot be ordered). */
  available: z.boolean(),
});
export type CartLine = z.infer<typeof ZCartLine>;

const ZCart = z.object({
  lines: z.array(ZCartLine),
  /** Units in the cart. */
  count: z.number(),
  /** Of the available lines. */
  totalFen: z.number(),
});
export type Cart = z.infer<typeof ZCart>;

const ZOrderLine = z.object({
  productId: z.number(),
  /** As it was when ordered. */
  name: z.string(),
  imageUrl: z.string(),
  priceFen: z.number(),
  quantity: z.number(),
});
export type OrderLine = z.infer<typeof ZOrderLine>;

const ZOrderCard = z.object({
  /** The list's cursor (`before`); pages and calls name an order by its number. */
  id: z.number(),
  orderNo: z.string(),
  state: z.enum(ORDER_STATES),
  totalFen: z.number(),
  itemCount: z.number(),
  lines: z.array(ZOrderLine),
  createdAt: z.number(),
});
export type OrderCard = z.infer<typeof ZOrderCard>;

const ZOrder = ZOrderCard.extend({
  /** The address as it was when ordered: later edits of the book do not move a parcel. */
  address: ZShippingAddress,
  remark: z.string(),
  /** Unpaid after this, the order is cancelled. */
  payBy: z.number(),
  /** When each state was reached, in order. */
  history: z.array(z.object({ state: z.enum(ORDER_STATES), at: z.number() })),
  cancelReason: z.enum(['buyer', 'expired']).nullable(),
  shipping: z.object({ carrier: z.string(), trackingNo: z.string() }).nullable(),
});
export type Order = z.infer<typeof ZOrder>;

/** An order as staff see it: with the buyer. */
const ZAdminOrder = ZOrder.extend({
  buyer: z.object({ userId: z.number(), nickname: z.string() }),
  transactionId: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof ZAdminOrder>;

/** What `WeixinJSBridge.invoke('getBrandWCPayRequest', params)` takes. */
export const ZJsapiPayParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiPayParams = z.infer<typeof ZJsapiPayParams>;

const quantity = int(1, MAX_QUANTITY);
const orderNo = z.string().regex(/^M\d{8}[0-9A-Z]{12}$/, 'an order number');
const ZState = z.enum(ORDER_STATES);
const page = { before: ZStrictId.optional(), limit: int(1, 50).default(20) };
const plain = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !CONTROL.test(s), 'must not contain control characters');

export const products = {
  ...API.mall.products,
  input: z.object(page),
  result: z.object({ items: z.array(ZProductCard), more: z.boolean() }),
};

export const product = { ...API.mall.product, input: z.object({ id: ZStrictId }), result: ZProduct };

export const cart = { ...API.mall.cart, result: ZCart };

/** Quantity 0 removes the line; code 3803 when the cart already holds MAX_CART_LINES products. */
export const setCart = {
  ...API.mall.setCart,
  input: z.object({ productId: ZStrictId, quantity: int(0, MAX_QUANTITY) }),
  result: ZCart,
};

/**
 * `lines` absent: the cart's available lines (then emptied of them); present: those products
 * ("buy now"), the cart untouched. A retried call (same request id header) returns the same order.
 */
export const createOrder = {
  ...API.mall.createOrder,
  input: z.object({
    addressId: ZStrictId,
    lines: z
      .array(z.object({ productId: ZStrictId, quantity }))
      .min(1)
      .max(MAX_CART_LINES)
      .refine((l) => new Set(l.map((x) => x.productId)).size === l.length, 'each product once')
      .optional(),
    remark: plain(ORDER_MAX.remark).default(''),
  }),
  result: ZOrder,
};

export const orders = {
  ...API.mall.orders,
  input: z.object({ ...page, state: ZState.optional() }),
  result: z.object({ items: z.array(ZOrderCard), more: z.boolean() }),
};

const byNo = z.object({ orderNo });
export const order = { ...API.mall.order, input: byNo, result: ZOrder };

/** Code 3806 when WeChat Pay is not set up; 3807 when the payer's openid is needed first (payerAuthorize). */
const ZPayStart = z.object({
  params: ZJsapiPayParams,
  order: ZOrder,
  /**
   * Development only (the local WeChat Pay stand-in, never in production): where a page outside
   * WeChat may post `params` to play the payer's confirmation (`/stand-in/pay`).
   */
  devPayUrl: z.string().optional(),
});
export type PayStart = z.infer<typeof ZPayStart>;
export const pay = { ...API.mall.pay, input: byNo, result: ZPayStart };
export const sync = { ...API.mall.sync, input: byNo, result: ZOrder };
export const cancel = { ...API.mall.cancel, input: byNo, result: ZOrder };
export const confirm = { ...API.mall.confirm, input: byNo, result: ZOrder };

/** `returnTo`: a path of this site (the mall page) WeChat sends the visitor back to with `code`. */
export const payerAuthorize = {
  ...API.mall.payerAuthorize,
  input: z.object({
    returnTo: z
      .string()
      .max(500)
      .regex(/^\/(?!\/)[^\s\\]*$/, 'a path of this site'),
  }),
  result: z.object({ url: z.string() }),
};

export const payerBind = {
  ...API.mall.payerBind,
  input: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'an authorisation code') }),
  result: z.object({ bound: z.literal(true) }),
};

// Staff (global `admin` role).

export const ZProductInput = z.strictObject({
  /** Absent: a new product. */
  id: ZStrictId.optional(),
  name: localized(PRODUCT_MAX.name),
  description: localized(PRODUCT_MAX.description, CONTROL_BUT_BREAKS),
  imageUrls: z
    .array(imageUrl.refine((s) => s !== '', 'required'))
    .min(1)
    .max(PRODUCT_MAX.images),
  priceFen: z.number().int().min(1).max(1_000_000),
  /** Only when creating; afterwards stock moves by restock (so a sale in between is not undone). */
  stock: z.number().int().min(0).max(1_000_000).optional(),
  maxPerOrder: z.number().int().min(1).max(MAX_QUANTITY).default(10),
  onSale: z.boolean().default(true),
  /** Smaller first in the list. */
  position: z.number().int().min(0).max(1_000_000).default(0),
});
export type ProductInput = z.infer<typeof ZProductInput>;

/** A product with every language, as staff edit it. */
const ZAdminProduct = ZProduct.extend({
  name: ZLocalizedText,
  description: ZLocalizedText,
  position: z.number(),
  sold: z.number(),
});
export type AdminProduct = z.infer<typeof ZAdminProduct>;

export const adminSaveProduct = { ...API.mall.adminSaveProduct, input: ZProductInput, result: ZAdminProduct };

/** Adds (or, negative, withdraws) units; never below zero (code 3802). */
export const adminRestock = {
  ...API.mall.adminRestock,
  input: z.object({
    id: ZStrictId,
    add: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((n) => n !== 0, 'not zero'),
  }),
  result: ZAdminProduct,
};

export const adminProducts = { ...API.mall.adminProducts, result: z.object({ items: z.array(ZAdminProduct) }) };

export const adminOrders = {
  ...API.mall.adminOrders,
  input: z.object({ ...page, state: ZState.optional() }),
  result: z.object({ items: z.array(ZAdminOrder), more: z.boolean() }),
};

export const adminShip = {
  ...API.mall.adminShip,
  input: z.object({
    orderNo,
    carrier: plain(ORDER_MAX.carrier).pipe(z.string().min(1)),
    trackingNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, 'letters, digits and hyphens, 4-40'),
  }),
  result: ZAdminOrder,
};

/** Refunds the whole order through WeChat Pay; stock comes back when it had not shipped. */
export const adminRefund = {
  ...API.mall.adminRefund,
  input: z.object({ orderNo, reason: plain(ORDER_MAX.refundReason).pipe(z.string().min(1)) }),
  result: ZAdminOrder,
};
