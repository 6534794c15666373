import { domainPlugin } from '../domain-plugin';
import { registerMallRoutes } from './routes';

/** The WeChat mall: catalogue, cart, orders, WeChat Pay's notifications and staff's order handling. */
export const mallPlugin = domainPlugin({ name: 'mall', dependencies: ['accounts', 'jobs'] }, (app) => {
  const mall = app.modules.mall;
  registerMallRoutes(app, mall);
  app.addHook('onClose', () => mall.close());
  if (!app.config.PUBLIC_URL)
    app.addHook('onListen', async () => {
      const at = app.server.address();
      // WeChat Pay (the development stand-in) notifies the port this instance really listens on.
      if (at && typeof at === 'object') mall.payment.origin = `http://127.0.0.1:${at.port}`;
    });
  app.jobs.add({ name: 'mall orders', everyMs: 60_000, run: () => mall.mall.admin.expireOrders() });
});
