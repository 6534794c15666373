import { domainPlugin } from '../domain-plugin';
import { registerAddressRoutes } from './address-routes';
import { registerLotteryAdminRoutes } from './admin-routes';
import { registerClaimsRoutes } from './claims-routes';
import { referralJob } from './referral-job';
import { registerLotteryRoutes } from './routes';

/** Campaigns: draws, invites, claims and their addresses, staff's campaign handling. */
export const lotteryPlugin = domainPlugin({ name: 'lottery', dependencies: ['accounts', 'jobs'] }, (app) => {
  registerAddressRoutes(app);
  registerLotteryRoutes(app);
  registerLotteryAdminRoutes(app);
  registerClaimsRoutes(app);
  app.jobs.add(referralJob(app.db));
});
