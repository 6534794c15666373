import { domainPlugin } from '../domain-plugin';
import { registerLotteryAdminRoutes } from './admin-routes';
import { registerClaimsRoutes } from './claims-routes';

/** The campaigns core every kind stands on: staff's campaign handling, and the claims of prizes won. */
export const campaignsPlugin = domainPlugin({ name: 'campaigns', dependencies: ['accounts', 'addresses'] }, (app) => {
  registerLotteryAdminRoutes(app);
  registerClaimsRoutes(app);
});
