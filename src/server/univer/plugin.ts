import { domainPlugin } from '../domain-plugin';
import { registerUniverRoutes } from './routes';

/** The university programme's registration. */
export const univerPlugin = domainPlugin({ name: 'univer', dependencies: ['accounts'] }, (app) => {
  registerUniverRoutes(app);
});
