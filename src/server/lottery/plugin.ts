import { domainPlugin } from '../domain-plugin';
import { registerLotteryRoutes } from './routes';

/** The raffle: the wheel's page calls, draws, shares and coin exchanges. */
export const lotteryPlugin = domainPlugin({ name: 'lottery', dependencies: ['accounts', 'campaigns', 'addresses'] }, (app) => {
  registerLotteryRoutes(app);
});
