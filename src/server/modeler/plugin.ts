import { domainPlugin } from '../domain-plugin';
import { registerModelerRoutes } from './routes';

/** The modeler (designers') programme. */
export const modelerPlugin = domainPlugin({ name: 'modeler', dependencies: ['accounts', 'content'] }, (app) => {
  registerModelerRoutes(app);
});
