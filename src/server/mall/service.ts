import type { Cart, Order, OrderCard, PayStart, Product, ProductCard } from '../../shared/api/mall';
import type { Locale } from '../../shared/i18n';
import type { OrderState } from '../../shared/mall-rules';

/**
 * The WeChat mall as pages and API handlers reach it (issue 8). Every member call is scoped to
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
}
