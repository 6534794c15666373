import { domainPlugin } from '../domain-plugin';
import { registerCatalogueConsole } from './catalogue-routes';
import { registerConsoleRoutes } from './routes';

/** The operator console's own reads, its People section, and its Mall and Content sections' calls. */
export const consolePlugin = domainPlugin({ name: 'console', dependencies: ['accounts', 'campaigns', 'mall', 'content'] }, (app) => {
  registerConsoleRoutes(app);
  registerCatalogueConsole(app);
});
