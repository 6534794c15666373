import type { OrderState } from '../../../shared/mall-rules';

/**
 * The WeChat mall's bases (`/wechat-pay/mall, /mall-dev, /mall2-dev`, read both ways
 * like the other lines that list paths after a prefixed one). Every base is the same mall; `2` is
 * its second look (a two-column grid), like the site's other numbered routes. Links inside a base
 * stay under that base.
 */
export const MALL_BASES = [
  { id: 'mall', path: '/wechat-pay/mall', version: 1 },
  { id: 'mall-dev', path: '/mall-dev', version: 1 },
  { id: 'mall-dev-prefixed', path: '/wechat-pay/mall-dev', version: 1 },
  { id: 'mall2-dev', path: '/mall2-dev', version: 2 },
  { id: 'mall2-dev-prefixed', path: '/wechat-pay/mall2-dev', version: 2 },
] as const;

export type MallVersion = 1 | 2;

/** The pages under each base: route path (relative to the base), module and id suffix. */
export const MALL_PAGES = [
  { path: '', file: 'features/mall/list.tsx', id: 'list' },
  { path: 'product/:id', file: 'features/mall/product.tsx', id: 'product' },
  { path: 'cart', file: 'features/mall/cart.tsx', id: 'cart' },
  { path: 'checkout', file: 'features/mall/checkout.tsx', id: 'checkout' },
  { path: 'orders', file: 'features/mall/orders.tsx', id: 'orders' },
  { path: 'order/:orderNo', file: 'features/mall/order.tsx', id: 'order' },
] as const;

/** The base a mall path is under (the longest that matches), or the main one. */
export function mallBaseOf(pathname: string): { path: string; version: MallVersion } {
  const found = [...MALL_BASES]
    .sort((a, b) => b.path.length - a.path.length)
    .find((b) => pathname === b.path || pathname.startsWith(`${b.path}/`));
  const b = found ?? MALL_BASES[0];
  return { path: b.path, version: b.version };
}

const query = (q: Record<string, string | number | null | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** The links of one base. */
export function mallPaths(base: string) {
  return {
    list: base,
    product: (id: number) => `${base}/product/${id}`,
    cart: `${base}/cart`,
    /** From the cart, or "buy now" with one product. */
    checkout: (buyNow?: { productId: number; quantity: number }, addressId?: string | null) =>
      `${base}/checkout${query({ ...(buyNow ?? {}), addressId })}`,
    orders: (state?: OrderState | null) => `${base}/orders${query({ state })}`,
    order: (orderNo: string) => `${base}/order/${encodeURIComponent(orderNo)}`,
  };
}
export type MallPaths = ReturnType<typeof mallPaths>;

/** Spec paths of every mall page under every base (route table and its test). */
export const MALL_SPEC_PATHS = MALL_BASES.flatMap((b) => MALL_PAGES.filter((p) => p.path !== '').map((p) => `${b.path}/${p.path}`));

/** An order number as the contract writes it; anything else is "no such order". */
export const ORDER_NO = /^M\d{8}[0-9A-Z]{12}$/;
