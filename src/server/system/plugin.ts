import { domainPlugin } from '../domain-plugin';
import { registerSystemRoutes } from './routes';

/** Health, the header-context echo and the language cookie. */
export const systemPlugin = domainPlugin({ name: 'system' }, (app) => {
  registerSystemRoutes(app, { db: app.db, drain: app.drain });
});
