import { domainPlugin } from '../domain-plugin';
import { registerFreeModelRoutes } from './routes';

/** The free-model funnel's download links. */
export const freeModelPlugin = domainPlugin({ name: 'free-model', dependencies: ['accounts', 'content'] }, (app) => {
  registerFreeModelRoutes(app, { secret: app.modules.accounts.secret });
});
