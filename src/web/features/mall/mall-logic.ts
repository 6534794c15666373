import type { OrderCard, Product } from '../../../shared/api/mall';
import { MAX_QUANTITY, ORDER_STATES, type OrderState } from '../../../shared/mall-rules';

/** Units one order may take of a product now: its own limit, the stock, the mall's cap. */
export const capOf = (p: Pick<Product, 'maxPerOrder' | 'stock'>): number => Math.max(0, Math.min(p.maxPerOrder, p.stock, MAX_QUANTITY));

/** The orders page's tabs: all, then each state. */
export const ORDER_TABS: ReadonlyArray<OrderState | null> = [null, ...ORDER_STATES];

/** `?state=` as one of the states, or null (all). */
export function stateParam(value: string | null): OrderState | null {
  return value && (ORDER_STATES as readonly string[]).includes(value) ? (value as OrderState) : null;
}

/**
 * The cursor for the next page of orders: the contract's cards carry no row id (`before` is
 * one), so it is read when the server sends it and "load more" is offered only then.
 */
export function orderCursor(card: OrderCard | undefined): number | null {
  const id = (card as (OrderCard & { id?: unknown }) | undefined)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Time left to pay as `m:ss` (or `h:mm:ss`), from milliseconds; 0 and below read `0:00`. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A positive whole number from the query (an id, a quantity), or null. */
export function positiveInt(value: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

/** Moments of an order as the page shows them: the reader's language, the business's time zone. */
export function orderTimeFormat(locale: string, timeZone: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (ms) => f.format(ms);
}
