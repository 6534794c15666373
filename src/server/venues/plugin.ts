import { domainPlugin } from '../domain-plugin';
import { registerVenueRoutes } from './routes';

/** Venues, the offline stall and QR scanning. */
export const venuesPlugin = domainPlugin({ name: 'venues', dependencies: ['accounts', 'content', 'lottery'] }, (app) => {
  registerVenueRoutes(app);
});
