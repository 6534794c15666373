import { domainPlugin } from '../domain-plugin';
import { registerCheckinRoutes } from './routes';

/** Daily check-in campaigns. */
export const checkinPlugin = domainPlugin({ name: 'checkin', dependencies: ['accounts', 'campaigns'] }, (app) => {
  registerCheckinRoutes(app);
});
