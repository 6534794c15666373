import { domainPlugin } from '../domain-plugin';
import { registerConsoleRoutes } from './routes';

/** The operator console's own reads and its People section. */
export const consolePlugin = domainPlugin({ name: 'console', dependencies: ['accounts', 'lottery'] }, (app) => {
  registerConsoleRoutes(app);
});
