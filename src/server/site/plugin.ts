import { domainPlugin } from '../domain-plugin';
import { registerSitemapRoutes } from './sitemap-routes';

/** The site's own answers: the sitemap. */
export const sitePlugin = domainPlugin({ name: 'site', dependencies: ['content', 'campaigns'] }, (app) => {
  registerSitemapRoutes(app, app.config.PUBLIC_URL);
});
