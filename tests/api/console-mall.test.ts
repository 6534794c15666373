import { beforeAll, describe, expect, it } from 'vitest';
import { ZAdminOrder } from '../../src/shared/api/mall-console';
import { ResultCode } from '../../src/shared/errors';
import { ENGINES } from '../helpers/app';
import { MALL_ADMIN, mallHelpers } from '../helpers/mall';
import { appSuite, envelopeCall } from '../helpers/suite';

/**
 * The console's Mall section: one order by its number for staff with the `mall` scope, and the
 * mall's admin calls refused to staff without it (the section is not theirs).
 */
describe.each(ENGINES)('console mall on %s', (engine) => {
  const suite = appSuite(engine);
  const call = envelopeCall(suite);
  const mall = mallHelpers(call);
  const staff = async (name: string, scope: string) => {
    const id = await suite.rows.user(name);
    await suite.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: 'staff', scope }] });
    return (await suite.rows.signIn(id)).cookie;
  };
  let shop = '';
  let content = '';
  beforeAll(async () => {
    shop = await staff('Shop staff', 'mall');
    content = await staff('Content staff', 'content');
  });

  it('shows one order whole to mall staff: buyer, lines, address, history', async () => {
    const p = await mall.product(shop, 'Detail spool', { stock: 4 });
    const buyerId = await suite.rows.user('Order <b>buyer</b>');
    const buyer = (await suite.rows.signIn(buyerId)).cookie;
    const placed = await mall.order(buyer, await mall.address(buyer, 'Wang Fang'), [{ productId: p.id, quantity: 2 }]);
    const r = await call('GET', `${MALL_ADMIN}/order?orderNo=${placed.orderNo}`, shop);
    expect(r.code, JSON.stringify(r)).toBe(0);
    // The answer is exactly what the documented schema describes.
    expect(ZAdminOrder.strict().safeParse(r.result).success).toBe(true);
    expect(r.result).toMatchObject({
      orderNo: placed.orderNo,
      state: 'created',
      totalFen: 2 * 1990,
      buyer: { userId: buyerId, nickname: 'Order <b>buyer</b>' },
      address: { fullName: 'Wang Fang', city: 'Shenzhen' },
      lines: [{ productId: p.id, quantity: 2, name: 'Detail spool' }],
      shipping: null,
      transactionId: null,
    });
    expect(r.result.history.map((h: { state: string }) => h.state)).toEqual(['created']);
  });

  it('refuses a missing, malformed, hostile or oversized order number, and answers 3804 for an unknown one', async () => {
    for (const q of ['', '?orderNo=', '?orderNo=M123', "?orderNo=M20260101'%20OR%201=1--", `?orderNo=M${'9'.repeat(5000)}`, '?orderNo[]=x'])
      expect((await call('GET', `${MALL_ADMIN}/order${q}`, shop)).code, q).toBe(ResultCode.parameter);
    expect((await call('GET', `${MALL_ADMIN}/order?orderNo=M20260101ABCDEF123456`, shop)).code).toBe(ResultCode.orderNotFound);
  });

  it('refuses the mall to signed-out callers, members and staff of another scope', async () => {
    const member = (await suite.rows.signIn(await suite.rows.user('Plain member'))).cookie;
    const order = `${MALL_ADMIN}/order?orderNo=M20260101ABCDEF123456`;
    expect((await call('GET', order)).code).toBe(ResultCode.token);
    for (const cookie of [member, content]) {
      const res = await suite.t.app.inject({ method: 'GET', url: order, headers: { cookie, __cxy_app_id_: 'creality_model' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ResultCode.forbiddenRole);
      expect((await call('GET', `${MALL_ADMIN}/products`, cookie)).code).toBe(ResultCode.forbiddenRole);
      expect((await call('POST', `${MALL_ADMIN}/product/save`, cookie, { name: {} })).code).toBe(ResultCode.forbiddenRole);
    }
  });
});
