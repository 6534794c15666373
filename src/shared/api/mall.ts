import { z } from 'zod';
import { CONTROL_BUT_BREAKS } from '../address-rules';
import { MAX_CART_LINES, MAX_QUANTITY, ORDER_MAX, ORDER_STATES, type OrderState, PRODUCT_MAX } from '../mall-rules';
import type { ShippingAddressFields } from './addresses';
import { API } from './all-routes';
import { int, ZStrictId } from './ids';
import { CONTROL, imageUrl, localized, type TLocalized } from './lottery-admin';

/**
 * The WeChat mall (`/wechat-pay/mall`): an admin-managed catalogue, a cart per member,
 * orders to an address of the member's address book, paid with WeChat Pay (JSAPI) inside WeChat.
 * Money is whole fen. Orders are named by their order number (`orderNo`, also WeChat Pay's
 * `out_trade_no`), never by a row id. Rules and states: `shared/mall-rules.ts`.
 */

export interface ProductCard {
  id: number;
  /** In the caller's language. */
  name: string;
  imageUrl: string;
  priceFen: number;
  /** Units left to sell. */
  stock: number;
}

export interface Product extends ProductCard {
  description: string;
  imageUrls: string[];
  /** Units one order may hold. */
  maxPerOrder: number;
  onSale: boolean;
}

export interface CartLine {
  product: ProductCard;
  quantity: number;
  /** On sale with enough stock for this quantity (else the line is kept but cannot be ordered). */
  available: boolean;
}

export interface Cart {
  lines: CartLine[];
  /** Units in the cart. */
  count: number;
  /** Of the available lines. */
  totalFen: number;
}

export interface OrderLine {
  productId: number;
  /** As it was when ordered. */
  name: string;
  imageUrl: string;
  priceFen: number;
  quantity: number;
}

export interface OrderCard {
  /** The list's cursor (`before`); pages and calls name an order by its number. */
  id: number;
  orderNo: string;
  state: OrderState;
  totalFen: number;
  itemCount: number;
  lines: OrderLine[];
  createdAt: number;
}

export interface Order extends OrderCard {
  /** The address as it was when ordered: later edits of the book do not move a parcel. */
  address: ShippingAddressFields;
  remark: string;
  /** Unpaid after this, the order is cancelled. */
  payBy: number;
  /** When each state was reached, in order. */
  history: Array<{ state: OrderState; at: number }>;
  cancelReason: 'buyer' | 'expired' | null;
  shipping: { carrier: string; trackingNo: string } | null;
}

/** An order as staff see it: with the buyer. */
export interface AdminOrder extends Order {
  buyer: { userId: number; nickname: string };
  transactionId: string | null;
}

/** What `WeixinJSBridge.invoke('getBrandWCPayRequest', params)` takes. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

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
  result: z.custom<{ items: ProductCard[]; more: boolean }>(),
};

export const product = { ...API.mall.product, input: z.object({ id: ZStrictId }), result: z.custom<Product>() };

export const cart = { ...API.mall.cart, result: z.custom<Cart>() };

/** Quantity 0 removes the line; code 3803 when the cart already holds MAX_CART_LINES products. */
export const setCart = {
  ...API.mall.setCart,
  input: z.object({ productId: ZStrictId, quantity: int(0, MAX_QUANTITY) }),
  result: z.custom<Cart>(),
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
  result: z.custom<Order>(),
};

export const orders = {
  ...API.mall.orders,
  input: z.object({ ...page, state: ZState.optional() }),
  result: z.custom<{ items: OrderCard[]; more: boolean }>(),
};

const byNo = z.object({ orderNo });
export const order = { ...API.mall.order, input: byNo, result: z.custom<Order>() };

/** Code 3806 when WeChat Pay is not set up; 3807 when the payer's openid is needed first (payerAuthorize). */
export interface PayStart {
  params: JsapiPayParams;
  order: Order;
  /**
   * Development only (the local WeChat Pay stand-in, never in production): where a page outside
   * WeChat may post `params` to play the payer's confirmation (`/stand-in/pay`).
   */
  devPayUrl?: string;
}
export const pay = { ...API.mall.pay, input: byNo, result: z.custom<PayStart>() };
export const sync = { ...API.mall.sync, input: byNo, result: z.custom<Order>() };
export const cancel = { ...API.mall.cancel, input: byNo, result: z.custom<Order>() };
export const confirm = { ...API.mall.confirm, input: byNo, result: z.custom<Order>() };

/** `returnTo`: a path of this site (the mall page) WeChat sends the visitor back to with `code`. */
export const payerAuthorize = {
  ...API.mall.payerAuthorize,
  input: z.object({
    returnTo: z
      .string()
      .max(500)
      .regex(/^\/(?!\/)[^\s\\]*$/, 'a path of this site'),
  }),
  result: z.custom<{ url: string }>(),
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
export interface AdminProduct extends Omit<Product, 'name' | 'description'> {
  name: TLocalized;
  description: TLocalized;
  position: number;
  sold: number;
}

export const adminSaveProduct = { ...API.mall.adminSaveProduct, input: ZProductInput, result: z.custom<AdminProduct>() };

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
  result: z.custom<AdminProduct>(),
};

export const adminProducts = { ...API.mall.adminProducts, result: z.custom<{ items: AdminProduct[] }>() };

export const adminOrders = {
  ...API.mall.adminOrders,
  input: z.object({ ...page, state: ZState.optional() }),
  result: z.custom<{ items: AdminOrder[]; more: boolean }>(),
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
  result: z.custom<AdminOrder>(),
};

/** Refunds the whole order through WeChat Pay; stock comes back when it had not shipped. */
export const adminRefund = {
  ...API.mall.adminRefund,
  input: z.object({ orderNo, reason: plain(ORDER_MAX.refundReason).pipe(z.string().min(1)) }),
  result: z.custom<AdminOrder>(),
};
