import { domainPlugin } from '../domain-plugin';
import { registerCollectionRoutes } from './routes';

/** Collection campaigns (cards gathered into sets). */
export const collectionPlugin = domainPlugin({ name: 'collection', dependencies: ['accounts', 'campaigns'] }, (app) => {
  registerCollectionRoutes(app);
});
