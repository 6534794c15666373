import { domainPlugin } from '../domain-plugin';
import { registerAddressRoutes } from './routes';

/** Members' shipping addresses, which prize claims and orders point at. */
export const addressesPlugin = domainPlugin({ name: 'addresses', dependencies: ['accounts'] }, (app) => {
  registerAddressRoutes(app);
});
