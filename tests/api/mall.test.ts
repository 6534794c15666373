import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ResultCode } from '../../src/shared/errors';
import { CLIENT_HEADERS, ENGINES } from '../helpers/app';
import { MALL, MALL_ADMIN, mallHelpers, productInput } from '../helpers/mall';
import { appSuite, envelopeCall, randomIp } from '../helpers/suite';

/**
 * The WeChat mall: catalogue, cart, orders and their states, paid through the
 * development WeChat Pay (the local stand-in, real HTTP both ways: the app listens, so the
 * stand-in's notifications reach it). The production provider and payer binding: mall-pay.test.ts.
 */
describe.each(ENGINES)('WeChat mall on %s', (engine) => {
  const suite = appSuite(engine);
  const call = envelopeCall(suite);
  const mall = mallHelpers(call);
  const member = async (name = 'Member') => (await suite.rows.signIn(await suite.rows.user(name))).cookie;
  let admin = '';
  beforeAll(async () => {
    await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
    const id = await suite.rows.user('Shopkeeper');
    await suite.t.app.services.accounts.adminUpdate({ userId: id, addRoles: [{ role: 'admin', scope: '*' }] });
    admin = (await suite.rows.signIn(id)).cookie;
  });

  /** Pays an order as the payer would inside WeChat: the page's params go to the stand-in. */
  const payAtStandIn = async (cookie: string, orderNo: string) => {
    const start = await call('POST', `${MALL}/order/pay`, cookie, { orderNo });
    expect(start.code, JSON.stringify(start)).toBe(0);
    expect(start.result.params.package).toMatch(/^prepay_id=/);
    // Development: the page posts them to our own server, which plays WeChat's client at the stand-in.
    expect(start.result.devPayUrl).toBe('/__dev/wechat-pay/pay');
    expect(await call('POST', start.result.devPayUrl, cookie, start.result.params)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    // The page's return from the pay sheet: ask WeChat Pay (the notification may be slower).
    const synced = await call('POST', `${MALL}/order/sync`, cookie, { orderNo });
    expect(synced.result.state).toBe('paid');
    return synced.result;
  };

  it('shows the catalogue in the visitor language, on-sale products only, paged, and a product page', async () => {
    const a = await mall.product(admin, 'Silk PLA', { position: 1 });
    const b = await mall.product(admin, 'Nozzle kit', { position: 1, priceFen: 5900, stock: 3 });
    const hidden = await mall.product(admin, 'Old resin', { onSale: false });
    const first = (await call('GET', `${MALL}/products?limit=1`)).result;
    expect(first.items.map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect(first.more).toBe(true);
    const next = (await call('GET', `${MALL}/products?limit=50&before=${b.id}`)).result;
    expect(next.items.map((p: { id: number }) => p.id)).toContain(a.id);
    expect(next.items.map((p: { id: number }) => p.id)).not.toContain(hidden.id);
    const zh = await suite.t.app.inject({ method: 'GET', url: `${MALL}/product?id=${a.id}`, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().result).toMatchObject({
      name: 'Silk PLA（简体）',
      priceFen: 1990,
      stock: 10,
      maxPerOrder: 10,
      onSale: true,
      description: 'About Silk PLA.\nLine two.',
    });
    expect((await call('GET', `${MALL}/product?id=${hidden.id}`)).result.onSale).toBe(false);
    expect((await call('GET', `${MALL}/product?id=999999`)).code).toBe(ResultCode.notFound);
    for (const bad of ['x', '-1', '0', '1 OR 1=1', '1e3'])
      expect((await call('GET', `${MALL}/product?id=${encodeURIComponent(bad)}`)).code, bad).toBe(ResultCode.parameter);
  });

  it('keeps a cart per member with its limits; signed-out visitors are asked to sign in', async () => {
    const p = await mall.product(admin, 'Cart spool', { maxPerOrder: 3 });
    const off = await mall.product(admin, 'Cart off', { onSale: false });
    const cookie = await member('Cart owner');
    expect((await call('GET', `${MALL}/cart`)).code).toBe(ResultCode.token);
    expect((await call('POST', `${MALL}/cart/set`, undefined, { productId: p.id, quantity: 1 })).code).toBe(ResultCode.token);
    let cart = (await call('POST', `${MALL}/cart/set`, cookie, { productId: p.id, quantity: 2 })).result;
    expect(cart).toMatchObject({ count: 2, totalFen: 3980 });
    expect(cart.lines[0]).toMatchObject({ quantity: 2, available: true, product: { id: p.id } });
    cart = (await call('POST', `${MALL}/cart/set`, cookie, { productId: p.id, quantity: 3 })).result;
    expect(cart.count).toBe(3);
    expect((await call('POST', `${MALL}/cart/set`, cookie, { productId: p.id, quantity: 4 })).code).toBe(ResultCode.quantityOverLimit);
    expect((await call('POST', `${MALL}/cart/set`, cookie, { productId: off.id, quantity: 1 })).code).toBe(ResultCode.productUnavailable);
    expect((await call('POST', `${MALL}/cart/set`, cookie, { productId: 999999, quantity: 1 })).code).toBe(ResultCode.notFound);
    // Another member's cart is their own.
    expect((await call('GET', `${MALL}/cart`, await member('Someone else'))).result.lines).toEqual([]);
    for (const body of [
      { productId: p.id },
      { productId: p.id, quantity: -1 },
      { productId: p.id, quantity: 100 },
      { productId: p.id, quantity: 'x' },
      { productId: '1 OR 1=1', quantity: 1 },
      '{"productId":',
      [],
    ])
      expect((await call('POST', `${MALL}/cart/set`, cookie, body)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
    expect((await call('GET', `${MALL}/cart`, cookie)).result.count).toBe(3);
    cart = (await call('POST', `${MALL}/cart/set`, cookie, { productId: p.id, quantity: 0 })).result;
    expect(cart).toMatchObject({ lines: [], count: 0, totalFen: 0 });
  });

  it('holds at most 30 products in a cart', async () => {
    const cookie = await member('Hoarder');
    const ids = [];
    for (let i = 0; i < 31; i++) ids.push((await mall.product(admin, `Bulk ${i}`)).id);
    for (const id of ids.slice(0, 30))
      expect((await call('POST', `${MALL}/cart/set`, cookie, { productId: id, quantity: 1 })).code).toBe(0);
    expect((await call('POST', `${MALL}/cart/set`, cookie, { productId: ids[30], quantity: 1 })).code).toBe(ResultCode.cartFull);
    // Changing a line already there is not adding one.
    expect((await call('POST', `${MALL}/cart/set`, cookie, { productId: ids[0], quantity: 2 })).code).toBe(0);
  });

  it('places an order from the cart: stock taken, the address copied, the cart emptied; a retried call is the same order', async () => {
    const p = await mall.product(admin, 'Order spool', { stock: 5 });
    const q = await mall.product(admin, 'Order nozzle', { stock: 5, priceFen: 500 });
    const cookie = await member('Buyer');
    const addressId = await mall.address(cookie);
    expect((await call('POST', `${MALL}/order/create`, cookie, { addressId })).code).toBe(ResultCode.cartEmpty);
    await call('POST', `${MALL}/cart/set`, cookie, { productId: p.id, quantity: 2 });
    await call('POST', `${MALL}/cart/set`, cookie, { productId: q.id, quantity: 1 });
    const headers = { __cxy_app_id_: 'creality_model', 'content-type': 'application/json', cookie, __cxy_requestid_: crypto.randomUUID() };
    const place = () =>
      suite.t.app.inject({
        method: 'POST',
        url: `${MALL}/order/create`,
        headers,
        payload: JSON.stringify({ addressId, remark: 'Ring twice' }),
      });
    const order = (await place()).json().result;
    expect(order).toMatchObject({
      state: 'created',
      totalFen: 2 * 1990 + 500,
      itemCount: 3,
      remark: 'Ring twice',
      cancelReason: null,
      shipping: null,
    });
    expect(order.orderNo).toMatch(/^M\d{8}[0-9A-Z]{12}$/);
    expect(order.address).toMatchObject({ fullName: 'Li Lei', city: 'Shenzhen' });
    expect(order.history.map((h: { state: string }) => h.state)).toEqual(['created']);
    expect(order.payBy - order.createdAt).toBe(30 * 60_000);
    expect((await place()).json().result.orderNo).toBe(order.orderNo);
    expect((await mall.stock(admin, p.id))?.stock).toBe(3);
    expect((await call('GET', `${MALL}/cart`, cookie)).result.lines).toEqual([]);
    // Editing the address book later does not move the parcel.
    await call('POST', '/api/rest/lottery/address/update', cookie, {
      id: addressId,
      fullName: 'Han Meimei',
      phone: '12345',
      country: 'China',
      city: 'Beijing',
      detail: 'Elsewhere',
    });
    expect((await call('GET', `${MALL}/order?orderNo=${order.orderNo}`, cookie)).result.address.fullName).toBe('Li Lei');
    const list = (await call('GET', `${MALL}/orders?state=created`, cookie)).result;
    expect(list.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);
    expect(list.items[0].lines).toHaveLength(2);
  });

  it('refuses an order it cannot fill and changes nothing', async () => {
    const p = await mall.product(admin, 'Scarce', { stock: 2, maxPerOrder: 5 });
    const q = await mall.product(admin, 'Plenty', { stock: 50 });
    const cookie = await member('Unlucky');
    const addressId = await mall.address(cookie);
    const refused = await call('POST', `${MALL}/order/create`, cookie, {
      addressId,
      lines: [
        { productId: q.id, quantity: 1 },
        { productId: p.id, quantity: 3 },
      ],
    });
    expect(refused.code).toBe(ResultCode.outOfStock);
    expect(refused.msg).toContain('Scarce');
    expect((await mall.stock(admin, q.id))?.stock).toBe(50);
    const over = await call('POST', `${MALL}/order/create`, cookie, { addressId, lines: [{ productId: q.id, quantity: 11 }] });
    expect(over.code).toBe(ResultCode.quantityOverLimit);
    const costly = await mall.product(admin, 'Printer farm', { priceFen: 1_000_000, maxPerOrder: 99, stock: 99 });
    expect((await call('POST', `${MALL}/order/create`, cookie, { addressId, lines: [{ productId: costly.id, quantity: 6 }] })).code).toBe(
      ResultCode.orderTooLarge,
    );
    expect((await mall.stock(admin, costly.id))?.stock).toBe(99);
    const stranger = await mall.address(await member('Stranger with address'));
    expect(
      (await call('POST', `${MALL}/order/create`, cookie, { addressId: stranger, lines: [{ productId: q.id, quantity: 1 }] })).code,
    ).toBe(ResultCode.notFound);
    for (const body of [
      {},
      { lines: [{ productId: q.id, quantity: 1 }] },
      { addressId, lines: [] },
      { addressId, lines: [{ productId: q.id, quantity: 0 }] },
      {
        addressId,
        lines: [
          { productId: q.id, quantity: 1 },
          { productId: q.id, quantity: 1 },
        ],
      },
      { addressId, lines: [{ productId: q.id, quantity: 1 }], remark: 'x'.repeat(201) },
      { addressId, lines: [{ productId: q.id, quantity: 1 }], remark: 'bell\u0000' },
      { addressId: 'x', lines: [{ productId: q.id, quantity: 1 }] },
    ])
      expect((await call('POST', `${MALL}/order/create`, cookie, body)).code, JSON.stringify(body)).toBe(ResultCode.parameter);
    expect((await call('GET', `${MALL}/orders`, cookie)).result.items).toEqual([]);
    expect((await mall.stock(admin, q.id))?.stock).toBe(50);
  });

  it("names an order's products in the reader's language, whatever language it was bought in", async () => {
    const p = await mall.product(admin, 'Matte PETG');
    const cookie = await member('Bilingual buyer');
    const order = await mall.order(cookie, await mall.address(cookie), [{ productId: p.id, quantity: 1 }]);
    const inLang = async (lang: string, url: string) =>
      (
        await suite.t.app.inject({
          method: 'GET',
          url,
          headers: { ...CLIENT_HEADERS, cookie, 'accept-language': lang },
          remoteAddress: randomIp(),
        })
      ).json().result;
    expect((await inLang('en', `${MALL}/orders`)).items[0].lines[0].name).toBe('Matte PETG');
    expect((await inLang('zh-CN', `${MALL}/orders`)).items[0].lines[0].name).toBe('Matte PETG（简体）');
    expect((await inLang('fr', `${MALL}/order?orderNo=${order.orderNo}`)).lines[0].name).toBe('Matte PETG (fr)');
    const cancelled = await suite.t.app.inject({
      method: 'POST',
      url: `${MALL}/order/cancel`,
      headers: { ...CLIENT_HEADERS, cookie, 'accept-language': 'zh-CN' },
      payload: JSON.stringify({ orderNo: order.orderNo }),
      remoteAddress: randomIp(),
    });
    expect(cancelled.json().result.lines[0].name).toBe('Matte PETG（简体）');
  });

  it('goes created → paid → shipped → done through WeChat Pay, staff and the buyer; nobody else sees or moves it', async () => {
    const p = await mall.product(admin, 'Journey spool', { stock: 4 });
    const cookie = await member('Happy buyer');
    const order = await mall.order(cookie, await mall.address(cookie), [{ productId: p.id, quantity: 2 }]);
    const other = await member('Nosy');
    for (const path of ['order/pay', 'order/sync', 'order/cancel', 'order/confirm'])
      expect((await call('POST', `${MALL}/${path}`, other, { orderNo: order.orderNo })).code, path).toBe(ResultCode.orderNotFound);
    expect((await call('GET', `${MALL}/order?orderNo=${order.orderNo}`, other)).code).toBe(ResultCode.orderNotFound);
    expect((await call('POST', `${MALL}/order/confirm`, cookie, { orderNo: order.orderNo })).code).toBe(ResultCode.orderStateChanged);
    const ship = { orderNo: order.orderNo, carrier: 'SF Express', trackingNo: 'SF1234567890' };
    expect((await call('POST', `${MALL_ADMIN}/order/ship`, admin, ship)).code).toBe(ResultCode.orderStateChanged);
    expect((await call('POST', `${MALL_ADMIN}/order/ship`, cookie, ship)).code).toBe(ResultCode.forbiddenRole);

    const paid = await payAtStandIn(cookie, order.orderNo);
    expect(paid.history.map((h: { state: string }) => h.state)).toEqual(['created', 'paid']);
    // Paying again, or cancelling, a paid order is refused.
    expect((await call('POST', `${MALL}/order/pay`, cookie, { orderNo: order.orderNo })).code).toBe(ResultCode.orderStateChanged);
    expect((await call('POST', `${MALL}/order/cancel`, cookie, { orderNo: order.orderNo })).code).toBe(ResultCode.orderStateChanged);
    const staffView = (await call('GET', `${MALL_ADMIN}/orders?state=paid`, admin)).result.items.find(
      (o: { orderNo: string }) => o.orderNo === order.orderNo,
    );
    expect(staffView).toMatchObject({ buyer: { nickname: 'Happy buyer' } });
    expect(staffView.transactionId).toMatch(/^\d+$/);
    for (const bad of [
      { ...ship, trackingNo: 'a b' },
      { ...ship, carrier: '' },
      { ...ship, orderNo: 'nope' },
    ])
      expect((await call('POST', `${MALL_ADMIN}/order/ship`, admin, bad)).code, JSON.stringify(bad)).toBe(ResultCode.parameter);
    const shipped = (await call('POST', `${MALL_ADMIN}/order/ship`, admin, ship)).result;
    expect(shipped).toMatchObject({ state: 'shipped', shipping: { carrier: 'SF Express', trackingNo: 'SF1234567890' } });
    const done = (await call('POST', `${MALL}/order/confirm`, cookie, { orderNo: order.orderNo })).result;
    expect(done.history.map((h: { state: string }) => h.state)).toEqual(['created', 'paid', 'shipped', 'done']);
    expect((await call('POST', `${MALL_ADMIN}/order/refund`, admin, { orderNo: order.orderNo, reason: 'late' })).code).toBe(
      ResultCode.orderStateChanged,
    );
    expect(await mall.stock(admin, p.id)).toMatchObject({ stock: 2, sold: 2 });
  });

  it('cancels: the buyer before paying (closed at WeChat Pay, stock back), staff refunds a paid order (stock back)', async () => {
    const p = await mall.product(admin, 'Returnable', { stock: 3 });
    const cookie = await member('Undecided');
    const addressId = await mall.address(cookie);
    const first = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 2 }]);
    await call('POST', `${MALL}/order/pay`, cookie, { orderNo: first.orderNo }); // a payment started at WeChat Pay
    const cancelled = (await call('POST', `${MALL}/order/cancel`, cookie, { orderNo: first.orderNo })).result;
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: 'buyer' });
    expect((await mall.stock(admin, p.id))?.stock).toBe(3);
    expect((await call('POST', `${MALL}/order/cancel`, cookie, { orderNo: first.orderNo })).code).toBe(ResultCode.orderStateChanged);
    expect((await call('POST', `${MALL}/order/pay`, cookie, { orderNo: first.orderNo })).code).toBe(ResultCode.orderStateChanged);

    const second = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 1 }]);
    await payAtStandIn(cookie, second.orderNo);
    expect((await call('POST', `${MALL_ADMIN}/order/refund`, admin, { orderNo: second.orderNo, reason: '' })).code).toBe(
      ResultCode.parameter,
    );
    const refunded = (await call('POST', `${MALL_ADMIN}/order/refund`, admin, { orderNo: second.orderNo, reason: 'Out of colour' })).result;
    expect(refunded.state).toBe('refunded');
    expect(await mall.stock(admin, p.id)).toMatchObject({ stock: 3, sold: 0 });
  });

  it('cancels unpaid orders past their time and completes long-shipped ones (the job); paying late is refused', async () => {
    const p = await mall.product(admin, 'Expiring', { stock: 2 });
    const cookie = await member('Forgetful');
    const addressId = await mall.address(cookie);
    const late = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 1 }]);
    const later = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 1 }]);
    const k = suite.t.db.kysely;
    await k
      .updateTable('mall_orders')
      .set({ pay_by: Date.now() - 1 })
      .where('order_no', 'in', [late.orderNo, later.orderNo])
      .execute();
    expect((await call('POST', `${MALL}/order/pay`, cookie, { orderNo: later.orderNo })).code).toBe(ResultCode.orderExpired);
    const moved = await suite.t.app.services.mall.admin.expireOrders();
    expect(moved.cancelled).toBeGreaterThanOrEqual(1);
    for (const no of [late.orderNo, later.orderNo])
      expect((await call('GET', `${MALL}/order?orderNo=${no}`, cookie)).result).toMatchObject({
        state: 'cancelled',
        cancelReason: 'expired',
      });
    expect((await mall.stock(admin, p.id))?.stock).toBe(2);
    // A second runner finds nothing left to do.
    expect((await suite.t.app.services.mall.admin.expireOrders()).cancelled).toBe(0);
    // Shipped ten days ago and never confirmed: done.
    await call('POST', `${MALL_ADMIN}/product/restock`, admin, { id: p.id, add: 1 });
    const shipped = await mall.order(cookie, addressId, [{ productId: p.id, quantity: 1 }]);
    await payAtStandIn(cookie, shipped.orderNo);
    await call('POST', `${MALL_ADMIN}/order/ship`, admin, { orderNo: shipped.orderNo, carrier: 'EMS', trackingNo: 'EMS-0001' });
    await k
      .updateTable('mall_orders')
      .set({ updated_at: Date.now() - 10 * 86_400_000 - 1 })
      .where('order_no', '=', shipped.orderNo)
      .execute();
    expect((await suite.t.app.services.mall.admin.expireOrders()).done).toBe(1);
    expect((await call('GET', `${MALL}/order?orderNo=${shipped.orderNo}`, cookie)).result.state).toBe('done');
  });

  it('sells exactly the stock when many members buy the last units at once, through two server instances', async () => {
    // On PostgreSQL a second app with its own pool stands for a second server; SQLite is one process.
    const second =
      engine === 'postgres'
        ? await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: suite.t.url, DATABASE_POOL_SIZE: '10' }))
        : suite.t.app;
    try {
      const p = await mall.product(admin, 'Limited edition', { stock: 7, maxPerOrder: 2 });
      const buyers = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const cookie = await member(`Rush ${i}`);
          return { cookie, addressId: await mall.address(cookie), quantity: 1 + (i % 2) };
        }),
      );
      const answers = await Promise.all(
        buyers.map(async (b, i) => {
          const r = await (i % 2 ? second : suite.t.app).inject({
            method: 'POST',
            url: `${MALL}/order/create`,
            headers: { ...CLIENT_HEADERS, cookie: b.cookie },
            remoteAddress: randomIp(),
            payload: JSON.stringify({ addressId: b.addressId, lines: [{ productId: p.id, quantity: b.quantity }] }),
          });
          return { status: r.statusCode, code: r.json().code as number, quantity: b.quantity };
        }),
      );
      expect(
        answers.filter((a) => a.status >= 500),
        JSON.stringify(answers.slice(0, 3)),
      ).toEqual([]);
      expect(
        answers.filter((a) => a.code !== 0 && a.code !== ResultCode.outOfStock),
        JSON.stringify(answers.slice(0, 3)),
      ).toEqual([]);
      const sold = answers.filter((a) => a.code === 0).reduce((n, a) => n + a.quantity, 0);
      const after = await mall.stock(admin, p.id);
      expect(after?.sold).toBe(sold);
      expect((after?.stock ?? -1) + sold).toBe(7);
      // Only a unit of 2 can be left unsold (nobody asking for 1 was still waiting).
      expect(after?.stock).toBeLessThanOrEqual(1);
      const lines = await suite.t.db.kysely
        .selectFrom('mall_order_lines')
        .select((eb) => eb.fn.sum<number>('quantity').as('n'))
        .where('product_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(Number(lines.n)).toBe(sold);
    } finally {
      if (second !== suite.t.app) await second.close();
    }
  });

  it('lets only staff manage the catalogue, with every field checked', async () => {
    const cookie = await member('Not staff');
    expect((await call('POST', `${MALL_ADMIN}/product/save`, cookie, productInput('Sneaky'))).code).toBe(ResultCode.forbiddenRole);
    expect((await call('POST', `${MALL_ADMIN}/product/save`, undefined, productInput('Sneaky'))).code).toBe(ResultCode.token);
    const bad = [
      productInput('No price', { priceFen: 0 }),
      productInput('Negative stock', { stock: -1 }),
      productInput('Script', { imageUrls: ['javascript:alert(1)'] }),
      productInput('No images', { imageUrls: [] }),
      productInput('x'.repeat(61)),
      { ...productInput('Missing French'), name: { en: 'a', 'zh-CN': 'b', 'zh-TW': 'c' } },
      { ...productInput('Extra key'), hacked: true },
    ];
    for (const body of bad)
      expect((await call('POST', `${MALL_ADMIN}/product/save`, admin, body)).code, JSON.stringify(body).slice(0, 80)).toBe(
        ResultCode.parameter,
      );
    const p = await mall.product(admin, 'Editable', { stock: 4 });
    // Editing never writes stock: a sale in between would be undone.
    expect((await call('POST', `${MALL_ADMIN}/product/save`, admin, { ...productInput('Edited'), id: p.id, stock: 100 })).code).toBe(
      ResultCode.parameter,
    );
    const { stock: _s, ...edit } = productInput('Edited', { priceFen: 2500 });
    expect((await call('POST', `${MALL_ADMIN}/product/save`, admin, { ...edit, id: p.id })).result).toMatchObject({
      priceFen: 2500,
      stock: 4,
      name: { en: 'Edited' },
    });
    expect((await call('POST', `${MALL_ADMIN}/product/restock`, admin, { id: p.id, add: 6 })).result.stock).toBe(10);
    expect((await call('POST', `${MALL_ADMIN}/product/restock`, admin, { id: p.id, add: -11 })).code).toBe(ResultCode.outOfStock);
    expect((await call('POST', `${MALL_ADMIN}/product/restock`, admin, { id: p.id, add: 0 })).code).toBe(ResultCode.parameter);
    expect((await mall.stock(admin, p.id))?.stock).toBe(10);
  });

  it('answers bad input on every member call with the field named, and refuses calls from other sites', async () => {
    const cookie = await member('Fuzzer');
    const bad = ['', 'M1', `M20261125${'A'.repeat(11)}`, `M20261125${'a'.repeat(12)}`, "M20261125' OR 1=1--", 'M'.repeat(1000)];
    for (const path of ['order/pay', 'order/sync', 'order/cancel', 'order/confirm']) {
      expect((await call('POST', `${MALL}/${path}`, cookie, {})).code, path).toBe(ResultCode.parameter);
      for (const orderNo of bad)
        expect((await call('POST', `${MALL}/${path}`, cookie, { orderNo })).code, `${path} ${orderNo}`).toBe(ResultCode.parameter);
      expect((await call('POST', `${MALL}/${path}`, cookie, '{"orderNo":')).code, path).toBe(ResultCode.parameter);
    }
    for (const q of ['', 'orderNo=', `orderNo=${encodeURIComponent('<script>')}`])
      expect((await call('GET', `${MALL}/order?${q}`, cookie)).code, q).toBe(ResultCode.parameter);
    for (const q of ['state=lost', 'limit=0', 'limit=51', 'before=x', 'before=-1'])
      expect((await call('GET', `${MALL}/orders?${q}`, cookie)).code, q).toBe(ResultCode.parameter);
    for (const q of ['limit=0', 'before=1.5']) expect((await call('GET', `${MALL}/products?${q}`)).code, q).toBe(ResultCode.parameter);
    for (const code of ['', 'a b', 'x'.repeat(129), '../../etc'])
      expect((await call('POST', `${MALL}/payer/bind`, cookie, { code })).code, code).toBe(ResultCode.parameter);
    // Too large a body: refused before it is read.
    const huge = await suite.t.app.inject({
      method: 'POST',
      url: `${MALL}/order/create`,
      headers: { ...CLIENT_HEADERS, cookie },
      remoteAddress: randomIp(),
      payload: JSON.stringify({ addressId: 1, remark: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    // Another site's form posting with the member's cookie (no app header): refused, nothing placed.
    const p = await mall.product(admin, 'Forgery target');
    const addressId = await mall.address(cookie);
    const forged = await suite.t.app.inject({
      method: 'POST',
      url: `${MALL}/order/create`,
      headers: { cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      remoteAddress: randomIp(),
      payload: JSON.stringify({ addressId, lines: [{ productId: p.id, quantity: 1 }] }),
    });
    expect(forged.statusCode).toBe(403);
    expect((await call('GET', `${MALL}/orders`, cookie)).result.items).toEqual([]);
    expect((await mall.stock(admin, p.id))?.stock).toBe(10);
  });
});
