import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrderCard } from '../../shared/api/mall';
import * as contract from '../../shared/api/mall';
import { adminOrder } from '../../shared/api/mall-console';
import { MALL_PAY_NOTIFY_PATH, MALL_REFUND_NOTIFY_PATH } from '../../shared/api/routes-mall';
import { requireUser } from '../accounts/auth';
import { requireMay } from '../console/access';
import { auditOf } from '../console/audit';
import { endpoint } from '../http/envelope';
import type { JsapiPayParams } from '../wechat/pay/provider';
import type { Payers } from './payers';
import { DEV_PAY_PATH, type PaymentDeps, receiveNotice } from './payment';
import type { Mall } from './service';

export interface MallRouteDeps {
  mall: Mall;
  payers: Payers;
  payment: PaymentDeps;
  payKind: 'http' | 'dev' | 'none';
}

/**
 * The mall's API: the catalogue for everyone, cart and orders for the signed-in member, staff's
 * catalogue and order handling under `/api/cxy/admin/v2/mall/` (global `admin` role), and WeChat
 * Pay's notifications in WeChat's own format.
 */
export function registerMallRoutes(app: FastifyInstance, deps: MallRouteDeps) {
  const { accounts, pageCache } = app.services;
  const { mall, payers } = deps;
  const member = async (request: FastifyRequest) => (await requireUser(accounts, request)).userId;
  const locale = (request: FastifyRequest) => request.ctx.locale;
  // Order actions are few per member; a tight limit stops a script from hammering WeChat Pay through us.
  const orderLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  endpoint(app, contract.products, (input, request) => mall.products(locale(request), input));
  endpoint(app, contract.product, (input, request) => mall.product(locale(request), input.id));
  endpoint(app, contract.cart, async (_input, request) => mall.cart(await member(request), locale(request)));
  endpoint(app, contract.setCart, async (input, request) =>
    mall.setCart(await member(request), locale(request), input.productId, input.quantity),
  );
  endpoint(
    app,
    contract.createOrder,
    async (input, request) => mall.createOrder(await member(request), locale(request), request.ctx.requestId, input),
    orderLimit,
  );
  // Orders name their products in the reader's language, whatever language they were bought in.
  const named = async <T extends OrderCard>(request: FastifyRequest, order: Promise<T>) =>
    (await mall.inLanguage(locale(request), [await order]))[0] as T;
  endpoint(app, contract.orders, async (input, request) => {
    const page = await mall.orders(await member(request), input);
    return { ...page, items: await mall.inLanguage(locale(request), page.items) };
  });
  endpoint(app, contract.order, async (input, request) => named(request, mall.order(await member(request), input.orderNo)));
  endpoint(app, contract.pay, async (input, request) => mall.pay(await member(request), input.orderNo), orderLimit);
  endpoint(app, contract.sync, async (input, request) => named(request, mall.sync(await member(request), input.orderNo)), orderLimit);
  endpoint(app, contract.cancel, async (input, request) => named(request, mall.cancel(await member(request), input.orderNo)), orderLimit);
  endpoint(app, contract.confirm, async (input, request) => named(request, mall.confirm(await member(request), input.orderNo)));
  endpoint(app, contract.payerAuthorize, async (input, request) => {
    await member(request);
    return { url: payers.authorizeUrl(input.returnTo) };
  });
  endpoint(app, contract.payerBind, async (input, request) => payers.bind(await member(request), input.code, Date.now()), orderLimit);

  app.register(async (admin) => {
    admin.addHook('onRequest', async (request: FastifyRequest) => {
      await requireMay(accounts, request, request.method === 'GET' ? 'view' : 'change', { type: 'area', area: 'mall' });
    });
    const staff = async (request: FastifyRequest) => (await requireUser(accounts, request)).userId;
    // Product edits show on cached anonymous pages: empty the cache.
    const written = async <T>(r: Promise<T>) => {
      const out = await r;
      pageCache.clear();
      return out;
    };
    endpoint(admin, contract.adminSaveProduct, (input, request) =>
      written(mall.admin.saveProduct(input, auditOf(request, input.id === undefined ? 'product.create' : 'product.update', 'product'))),
    );
    endpoint(admin, contract.adminRestock, (input, request) =>
      written(mall.admin.restock(input.id, input.add, auditOf(request, 'product.restock', 'product'))),
    );
    endpoint(admin, contract.adminProducts, () => mall.admin.products());
    endpoint(admin, contract.adminOrders, (input) => mall.admin.orders(input));
    endpoint(admin, adminOrder, (input) => mall.admin.order(input.orderNo));
    endpoint(admin, contract.adminShip, async (input, request) =>
      mall.admin.ship(
        input.orderNo,
        { carrier: input.carrier, trackingNo: input.trackingNo },
        await staff(request),
        auditOf(request, 'order.ship', 'order'),
      ),
    );
    endpoint(admin, contract.adminRefund, async (input, request) =>
      mall.admin.refund(input.orderNo, input.reason, await staff(request), auditOf(request, 'order.refund', 'order')),
    );
  });

  if (deps.payKind === 'dev')
    app.post(DEV_PAY_PATH, { config: { csrf: false } }, async (request) => {
      const dev = (await deps.payment.pay())?.devPay;
      return dev ? dev(request.body as JsapiPayParams) : { err_msg: 'get_brand_wcpay_request:fail' };
    });

  app.register(async (wechat) => {
    // The signature covers the body exactly as sent: keep it as text, whatever its content type.
    wechat.removeAllContentTypeParsers();
    wechat.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    for (const url of [MALL_PAY_NOTIFY_PATH, MALL_REFUND_NOTIFY_PATH])
      wechat.route({
        method: 'POST',
        url,
        // WeChat Pay's servers post here: no cookie, no CSRF token; their signature is the check.
        config: { csrf: false, rateLimit: { max: 600, timeWindow: '1 minute' } },
        handler: async (request, reply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          if (await receiveNotice(deps.payment, request.headers, raw, Date.now())) return reply.code(204).send();
          return reply.code(401).send({ code: 'FAIL', message: 'signature verification failed' });
        },
      });
  });
}
