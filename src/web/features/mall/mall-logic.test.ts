import { describe, expect, it } from 'vitest';
import type { OrderCard } from '../../../shared/api/mall';
import { capOf, countdown, orderCursor, orderTimeFormat, positiveInt, stateParam } from './mall-logic';
import { MALL_BASES, mallBaseOf, mallPaths } from './mall-paths';

describe('mall paths', () => {
  it('keeps links under the base the page is on', () => {
    expect(mallBaseOf('/wechat-pay/mall/cart')).toEqual({ path: '/wechat-pay/mall', version: 1 });
    expect(mallBaseOf('/wechat-pay/mall-dev/order/M1')).toEqual({ path: '/wechat-pay/mall-dev', version: 1 });
    expect(mallBaseOf('/mall2-dev')).toEqual({ path: '/mall2-dev', version: 2 });
    expect(mallBaseOf('/wechat-pay/mall2-dev/product/3')).toEqual({ path: '/wechat-pay/mall2-dev', version: 2 });
    expect(mallBaseOf('/mall-dev/checkout')).toEqual({ path: '/mall-dev', version: 1 });
    const p = mallPaths('/mall-dev');
    expect(p.product(3)).toBe('/mall-dev/product/3');
    expect(p.checkout({ productId: 3, quantity: 2 })).toBe('/mall-dev/checkout?productId=3&quantity=2');
    expect(p.checkout(undefined, '9')).toBe('/mall-dev/checkout?addressId=9');
    expect(p.orders('paid')).toBe('/mall-dev/orders?state=paid');
    expect(p.orders()).toBe('/mall-dev/orders');
    expect(new Set(MALL_BASES.map((b) => b.id)).size).toBe(MALL_BASES.length);
  });
});

describe('mall helpers', () => {
  it('caps a quantity by the product limit, the stock and the mall cap', () => {
    expect(capOf({ maxPerOrder: 10, stock: 3 })).toBe(3);
    expect(capOf({ maxPerOrder: 2, stock: 30 })).toBe(2);
    expect(capOf({ maxPerOrder: 500, stock: 500 })).toBe(99);
    expect(capOf({ maxPerOrder: 5, stock: 0 })).toBe(0);
  });

  it('reads the tab and query numbers strictly', () => {
    expect(stateParam('shipped')).toBe('shipped');
    expect(stateParam('nope')).toBeNull();
    expect(stateParam(null)).toBeNull();
    expect(positiveInt('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '1e3', '', null, '012']) expect(positiveInt(bad)).toBeNull();
    expect(positiveInt('100', 99)).toBeNull();
  });

  it('pages orders by the id the server sends, and offers no cursor without one', () => {
    const card = { orderNo: 'M1' } as OrderCard;
    expect(orderCursor(card)).toBeNull();
    expect(orderCursor({ ...card, id: 42 } as OrderCard)).toBe(42);
    expect(orderCursor(undefined)).toBeNull();
  });

  it('counts down to the pay-by time', () => {
    expect(countdown(29 * 60_000 + 5_000)).toBe('29:05');
    expect(countdown(3_600_000 + 61_000)).toBe('1:01:01');
    expect(countdown(-5)).toBe('0:00');
  });

  it('writes order times in the page language, in the business zone', () => {
    const at = Date.UTC(2026, 0, 2, 16, 30); // 00:30 on 3 January in Shanghai
    expect(orderTimeFormat('en', 'Asia/Shanghai')(at)).toContain('Jan 3, 2026');
    expect(orderTimeFormat('zh-CN', 'Asia/Shanghai')(at)).toContain('2026年1月3日');
  });
});
