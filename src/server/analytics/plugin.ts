import { domainPlugin } from '../domain-plugin';
import { registerAnalyticsRoutes } from './routes';

/** The analytics collector and the staff dashboard's figures. */
export const analyticsPlugin = domainPlugin({ name: 'analytics', dependencies: ['accounts'] }, (app) => {
  registerAnalyticsRoutes(app, app.config);
});
