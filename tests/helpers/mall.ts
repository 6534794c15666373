import { expect } from 'vitest';
import type { envelopeCall } from './suite';

/**
 * The WeChat mall's test set-up: products made through the admin API, members with an address,
 * orders placed through the API. `call` is a suite's envelope call.
 */
/** The same text in the four languages. */
const texts = (en: string) => ({ en, 'zh-CN': en, 'zh-TW': en, fr: en });

type Call = ReturnType<typeof envelopeCall>;

export const MALL = '/api/cxy/v2/mall';
export const MALL_ADMIN = '/api/cxy/admin/v2/mall';

export const productInput = (en: string, over: Record<string, unknown> = {}) => ({
  name: { ...texts(en), 'zh-CN': `${en}（简体）`, fr: `${en} (fr)` },
  description: texts(`About ${en}.\nLine two.`),
  imageUrls: ['/images/mall/spool.png'],
  priceFen: 1990,
  stock: 10,
  ...over,
});

export function mallHelpers(call: Call) {
  return {
    async product(admin: string, en: string, over: Record<string, unknown> = {}) {
      const r = await call('POST', `${MALL_ADMIN}/product/save`, admin, productInput(en, over));
      expect(r.code, JSON.stringify(r)).toBe(0);
      return r.result as { id: number; stock: number; sold: number };
    },
    async address(cookie: string, fullName = 'Li Lei') {
      const r = await call('POST', '/api/rest/lottery/address/add', cookie, {
        fullName,
        phone: '+86 138 0000 0000',
        country: 'China',
        province: 'Guangdong',
        city: 'Shenzhen',
        detail: 'Room 1, Building 2',
      });
      expect(r.code, JSON.stringify(r)).toBe(0);
      return Number(r.result.id);
    },
    async order(cookie: string, addressId: number, lines: Array<{ productId: number; quantity: number }>) {
      const r = await call('POST', `${MALL}/order/create`, cookie, { addressId, lines });
      expect(r.code, JSON.stringify(r)).toBe(0);
      return r.result as { orderNo: string; state: string; totalFen: number };
    },
    async stock(admin: string, id: number) {
      const all = (await call('GET', `${MALL_ADMIN}/products`, admin)).result.items as Array<{ id: number; stock: number; sold: number }>;
      return all.find((p) => p.id === id);
    },
  };
}
