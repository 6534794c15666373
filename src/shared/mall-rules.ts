/**
 * The WeChat mall's rules, shared by the server's checks and the pages' forms. Money is
 * whole fen (1/100 CNY): WeChat Pay charges in fen and integers never round.
 */

/** Units of one product in one cart line or order. */
export const MAX_QUANTITY = 99;
/** Distinct products in a cart (and so in an order). */
export const MAX_CART_LINES = 30;
/** An order not paid within this time is cancelled and its stock returned (WeChat's `time_expire`). */
export const PAY_WITHIN_MS = 30 * 60_000;
/** A shipped order the buyer has not confirmed is done after this long. */
export const AUTO_COMPLETE_MS = 10 * 24 * 3_600_000;
/** One order's total: WeChat Pay's JSAPI limit is far higher; this keeps a typo from charging ¥1M. */
export const MAX_ORDER_FEN = 5_000_000;

export const ORDER_STATES = ['created', 'paid', 'shipped', 'done', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * Where each state may go. Paid and shipped orders are refunded by staff (WeChat Pay refunds);
 * done is final for the shop (after-sales happen outside it).
 */
export const NEXT_STATES: Record<OrderState, readonly OrderState[]> = {
  created: ['paid', 'cancelled'],
  paid: ['shipped', 'refunded'],
  shipped: ['done', 'refunded'],
  done: [],
  cancelled: [],
  refunded: [],
};

export const PRODUCT_MAX = { name: 60, description: 2000, images: 6 } as const;
export const ORDER_MAX = { remark: 200, carrier: 40, trackingNo: 40, refundReason: 80 } as const;

/** Fen as the page shows money: `¥12.30` (the currency sign is the same in every language). */
export function formatFen(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const rest = String(fen % 100).padStart(2, '0');
  return `¥${yuan.toLocaleString('en-US')}.${rest}`;
}
